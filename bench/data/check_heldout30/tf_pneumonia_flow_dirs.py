import numpy as np
from PIL import Image
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense
from keras.preprocessing import image
from keras.preprocessing.image import ImageDataGenerator

xray_net = Sequential()

xray_net.add(Conv2D(32, (6, 6), input_shape=(256, 256, 3), activation='relu'))

xray_net.add(MaxPooling2D(pool_size=(3, 3)))

xray_net.add(Flatten())

xray_net.add(Dense(units=128, activation='relu'))

xray_net.add(Dense(units=1, activation='sigmoid'))

xray_net.compile(
    optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])

train_augment = ImageDataGenerator(rescale=1. / 255,
                                   shear_range=0.2,
                                   zoom_range=0.2,
                                   horizontal_flip=True)
test_rescale = ImageDataGenerator(rescale=1. / 255)
train_batches = train_augment.flow_from_directory('./chest_xray/train',
                                                 target_size=(256, 256),
                                                 batch_size=32,
                                                 class_mode='binary')
test_batches = test_rescale.flow_from_directory('./chest_xray/test',
                                            target_size=(256, 256),
                                            batch_size=32,
                                            class_mode='binary')

xray_net.fit_generator(train_batches,
                         steps_per_epoch=8000,
                         epochs=5,
                         validation_data=test_batches,
                         validation_steps=1000)
