# source: https://github.com/GauravKarakoti/Jarvis/blob/7b2c540ec055d9b28af2aff1900b12f871a08c53/tesy_image_analysing_training.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import tensorflow
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.applications import EfficientNetB0
from tensorflow.keras import layers, models

train_folder = r'E:\work\assistant\train_images'
val_folder = r'E:\work\assistant\val_images'

batch = 32
n_classes = 10

train_aug = ImageDataGenerator(
    rescale=1. / 255,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True
)

train_flow = train_aug.flow_from_directory(
    train_folder,
    target_size=(224, 224),
    batch_size=batch,
    class_mode='categorical'
)

val_aug = ImageDataGenerator(rescale=1. / 255)

val_flow = val_aug.flow_from_directory(
    val_folder,
    target_size=(224, 224),
    batch_size=batch,
    class_mode='categorical'
)

backbone = EfficientNetB0(weights='imagenet', include_top=False, input_shape=(224, 224, 3))
backbone.trainable = False

classifier = models.Sequential([
    backbone,
    layers.GlobalAveragePooling2D(),
    layers.Dense(1024, activation='relu'),
    layers.Dropout(0.5),
    layers.Dense(n_classes, activation='softmax')
])

classifier.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])

log = classifier.fit(
    train_flow,
    steps_per_epoch=train_flow.samples // batch,
    epochs=10,
    validation_data=val_flow,
    validation_steps=val_flow.samples // batch
)

classifier.save('efficientnet_classifier.h5')
