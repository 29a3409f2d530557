import json
import os
import tensorflow as tf
from tensorflow import keras

# folder for the saved model files
os.makedirs("models", exist_ok=True)

SIDE = (224, 224)
BS = 32
LR0 = 1e-3
N_EPOCHS_HEAD = 5
N_EPOCHS_TUNE = 10

fit_root = "datasets/jawadali1045/20k-multi-class-crop-disease-images/versions/1/Train"
hold_root = "datasets/jawadali1045/20k-multi-class-crop-disease-images/versions/1/Validation"

fit_ds = keras.utils.image_dataset_from_directory(
    fit_root, image_size=SIDE, batch_size=BS, shuffle=True
)
hold_ds = keras.utils.image_dataset_from_directory(
    hold_root, image_size=SIDE, batch_size=BS, shuffle=False
)

# read the class names first; ignore_errors() returns a wrapper without them
labels_list = fit_ds.class_names

# drop files that cannot be decoded (WEBP, broken files)
fit_ds = fit_ds.ignore_errors()
hold_ds = hold_ds.ignore_errors()

TUNE = tf.data.AUTOTUNE
fit_ds = fit_ds.cache().prefetch(TUNE)
hold_ds = hold_ds.cache().prefetch(TUNE)

aug = keras.Sequential([
    keras.layers.RandomFlip("horizontal"),
    keras.layers.RandomRotation(0.05),
    keras.layers.RandomZoom(0.1),
])

trunk = keras.applications.MobileNetV2(
    input_shape=SIDE + (3,),
    include_top=False,
    weights="imagenet"
)
trunk.trainable = False
inp = keras.Input(shape=SIDE + (3,))
h = keras.applications.mobilenet_v2.preprocess_input(inp)
h = aug(h)
h = trunk(h, training=False)
h = keras.layers.GlobalAveragePooling2D()(h)
h = keras.layers.Dropout(0.2)(h)
out = keras.layers.Dense(len(labels_list), activation="softmax")(h)
net = keras.Model(inp, out)

net.compile(
    optimizer=keras.optimizers.Adam(learning_rate=LR0),
    loss="sparse_categorical_crossentropy",
    metrics=["accuracy"]
)

cbs = [
    keras.callbacks.EarlyStopping(patience=3, restore_best_weights=True, monitor="val_accuracy"),
    keras.callbacks.ModelCheckpoint("models/mobilenetv2_best.keras", save_best_only=True, monitor="val_accuracy"),
]

net.fit(fit_ds, validation_data=hold_ds, epochs=N_EPOCHS_HEAD, callbacks=cbs)

trunk.trainable = True
for lyr in trunk.layers[:-30]:
    lyr.trainable = False

net.compile(
    optimizer=keras.optimizers.Adam(learning_rate=LR0 * 0.1),
    loss="sparse_categorical_crossentropy",
    metrics=["accuracy"]
)

net.fit(fit_ds, validation_data=hold_ds, epochs=N_EPOCHS_TUNE, callbacks=cbs)

net.save("models/mobilenetv2_final")
with open("models/preprocessing.json", "w") as fh:
    json.dump({
        "img_size": SIDE,
        "mean": [0, 0, 0],
        "std": [1, 1, 1],
        "class_names": labels_list
    }, fh, indent=2)
