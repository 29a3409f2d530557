import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator

IMAGE_SIDE = 224
BATCH_N = 16

train_folder = 'chest_xray/train'
val_folder = 'chest_xray/val'

rescaler = ImageDataGenerator(rescale=1./255)

train_batches = rescaler.flow_from_directory(train_folder,
    target_size=(IMAGE_SIDE, IMAGE_SIDE),
    batch_size=BATCH_N,
    class_mode='binary')

val_batches = rescaler.flow_from_directory(val_folder,
    target_size=(IMAGE_SIDE, IMAGE_SIDE),
    batch_size=BATCH_N,
    class_mode='binary')

backbone = tf.keras.applications.MobileNetV2(input_shape=(IMAGE_SIDE, IMAGE_SIDE, 3),
                                               include_top=False, weights='imagenet')
backbone.trainable = False

model = tf.keras.Sequential([
    backbone,
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(1, activation='sigmoid')
])

model.compile(optimizer='adam',
              loss='binary_crossentropy',
              metrics=['accuracy'])

model.fit(train_batches, validation_data=val_batches, epochs=5)
model.save('model/chest_model.h5')