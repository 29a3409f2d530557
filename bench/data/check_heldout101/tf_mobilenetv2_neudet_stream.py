import tensorflow as tf
import os

ROOT = "dataset/NEU-DET"
FIT_DIR = os.path.join(ROOT, "train", "images")
HOLD_DIR   = os.path.join(ROOT, "validation", "images")
SIDE = (200, 200)
BS = 32
N_EPOCHS = 5
OUT_MODEL = "defect_model.h5"
OUT_METRICS = "metrics.txt"


fit_ds = tf.keras.utils.image_dataset_from_directory(
    FIT_DIR,
    image_size=SIDE,
    batch_size=BS,
    label_mode="categorical"
)

hold_ds = tf.keras.utils.image_dataset_from_directory(
    HOLD_DIR,
    image_size=SIDE,
    batch_size=BS,
    label_mode="categorical"
)

labels_list = fit_ds.class_names
print("Labels:", labels_list)

scale = tf.keras.layers.Rescaling(1./255)
fit_ds = fit_ds.map(lambda a, b: (scale(a), b))
hold_ds   = hold_ds.map(lambda a, b: (scale(a), b))


trunk = tf.keras.applications.MobileNetV2(
    input_shape=SIDE + (3,),
    include_top=False,
    weights="imagenet"
)
trunk.trainable = False

net = tf.keras.Sequential([
    trunk,
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(len(labels_list), activation="softmax")
])

net.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.001),
            loss="categorical_crossentropy",
            metrics=["accuracy"])


hist = net.fit(
    fit_ds,
    validation_data=hold_ds,
    epochs=N_EPOCHS
)


# write the model file
net.save(OUT_MODEL)
print(f"model written to {OUT_MODEL}")

# score on the held-out split
v_loss, v_acc = net.evaluate(hold_ds)
print(f"Held-out accuracy: {v_acc*100:.2f}%")

# keep the accuracy for the service
with open("metrics.txt", "w") as fh:
    fh.write(str(v_acc))
