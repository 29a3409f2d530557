from keras.models import Sequential
from keras.layers import Conv2D
from keras.layers import MaxPooling2D
from keras.layers import Flatten
from keras.layers import Dense
from keras.preprocessing.image import ImageDataGenerator
import matplotlib.pyplot as plt
import numpy as np

xray_model = Sequential()
xray_model.add(Conv2D(32, (3, 3), activation="relu", input_shape=(64, 64, 3)))
xray_model.add(MaxPooling2D(pool_size = (2, 2)))
xray_model.add(Conv2D(32, (3, 3), activation="relu"))
xray_model.add(MaxPooling2D(pool_size = (2, 2)))
xray_model.add(Flatten())
xray_model.add(Dense(activation = 'relu', units = 128))
xray_model.add(Dense(activation = 'sigmoid', units = 1))
xray_model.compile(optimizer = 'adam', loss = 'binary_crossentropy', metrics = ['accuracy'])
train_augment = ImageDataGenerator(rescale = 1./255, shear_range = 0.2, zoom_range = 0.2, horizontal_flip = True)
test_rescale = ImageDataGenerator(rescale = 1./255)
train_images = train_augment.flow_from_directory('../input/chest_xray/chest_xray/train', target_size = (64, 64), batch_size = 32, class_mode = 'binary')
test_images = test_rescale.flow_from_directory('../input/chest_xray/chest_xray/test', target_size = (64, 64), batch_size = 32, class_mode = 'binary')
xray_model.fit_generator(train_images, steps_per_epoch = 163, epochs = 10, validation_data = test_images, validation_steps = 624)
xray_model.save('pneumonia.h5')
