import tensorflow as tf
from tensorflow.keras import layers, models
from tensorflow.keras.applications import VGG16
import os

# settings
IMG_HW = (224, 224)
BATCH_N = 8
HEAD_EPOCHS = 10
TUNE_EPOCHS = 5
TRAIN_IMAGE_DIR = "dataset/train"
VAL_IMAGE_DIR = "dataset/val"
MODEL_OUT_PATH = "crop_model_vgg16.h5"

# image folders, one sub-folder per crop
train_dataset = tf.keras.utils.image_dataset_from_directory(
    TRAIN_IMAGE_DIR,
    image_size=IMG_HW,
    batch_size=BATCH_N,
    label_mode='categorical'
)

val_dataset = tf.keras.utils.image_dataset_from_directory(
    VAL_IMAGE_DIR,
    image_size=IMG_HW,
    batch_size=BATCH_N,
    label_mode='categorical'
)

# the class count comes from the one-hot labels
N_CROP_CLASSES = train_dataset.element_spec[1].shape[1]
print(f"{N_CROP_CLASSES} crop classes found:", train_dataset.class_names)

# the web app reads the class order from a text file
with open("class_names.txt", "w") as fh:
    for class_name in train_dataset.class_names:
        fh.write(class_name + "\n")
print("class order written to class_names.txt")

# pixel values to [0, 1]
def scale_img(img, label_onehot):
    img = tf.cast(img, tf.float32) / 255.0
    return img, label_onehot

train_dataset = train_dataset.map(scale_img)
val_dataset = val_dataset.map(scale_img)

# random flips, turns and zooms for training
augment_layers = tf.keras.Sequential([
    layers.RandomFlip("horizontal"),
    layers.RandomRotation(0.2),
    layers.RandomZoom(0.2),
])

train_dataset = train_dataset.map(lambda x, y: (augment_layers(x, training=True), y))
train_dataset = train_dataset.prefetch(buffer_size=tf.data.AUTOTUNE)
val_dataset = val_dataset.prefetch(buffer_size=tf.data.AUTOTUNE)

# ImageNet VGG16 body
vgg_model = VGG16(weights='imagenet', include_top=False, input_shape=(224,224,3))
vgg_model.trainable = False  # body frozen at first

# small softmax head on pooled features
img_in = layers.Input(shape=(224,224,3))
feat = vgg_model(img_in, training=False)
feat = layers.GlobalAveragePooling2D()(feat)
feat = layers.Dense(128, activation='relu')(feat)
feat = layers.Dropout(0.3)(feat)
probs = layers.Dense(N_CROP_CLASSES, activation='softmax')(feat)

crop_model = models.Model(img_in, probs)

crop_model.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])

# step one: only the head learns
print("fitting the new head")
crop_model.fit(train_dataset, validation_data=val_dataset, epochs=HEAD_EPOCHS)

# step two: also the last four VGG layers
vgg_model.trainable = True
for vgg_layer in vgg_model.layers[:-4]:
    vgg_layer.trainable = False

crop_model.compile(
    optimizer=tf.keras.optimizers.Adam(1e-5),
    loss='categorical_crossentropy',
    metrics=['accuracy']
)

print("fine-tuning the top of VGG16")
crop_model.fit(train_dataset, validation_data=val_dataset, epochs=TUNE_EPOCHS)

# write the network to disk
crop_model.save(MODEL_OUT_PATH)
print(f"network written to {MODEL_OUT_PATH}")
