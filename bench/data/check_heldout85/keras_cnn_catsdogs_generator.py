from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.layers import Activation, Dropout, Flatten, Conv2D, MaxPooling2D

augmenter = ImageDataGenerator(rotation_range=30,
                              width_shift_range=0.1,
                              height_shift_range=0.1,
                              rescale=1/255,
                              shear_range=0.2,
                              zoom_range=0.2,
                              horizontal_flip=True,
                              fill_mode='nearest')

img_shape = (150, 150, 3)

net = Sequential()

net.add(Conv2D(filters=32, kernel_size=(3,3), input_shape=img_shape, activation='relu'))
net.add(MaxPooling2D(pool_size=(2,2)))
net.add(Conv2D(filters=64, kernel_size=(3,3), input_shape=img_shape, activation='relu'))
net.add(MaxPooling2D(pool_size=(2,2)))
net.add(Conv2D(filters=64, kernel_size=(3,3), input_shape=img_shape, activation='relu'))
net.add(MaxPooling2D(pool_size=(2,2)))

net.add(Flatten())

net.add(Dense(128))
net.add(Activation('relu'))

net.add(Dropout(0.5))

net.add(Dense(1))
net.add(Activation('sigmoid'))

net.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])

bs = 16

train_flow = augmenter.flow_from_directory('PETS/train',
                                               target_size=img_shape[:2],
                                               batch_size= bs,
                                               class_mode='binary')

train_flow = augmenter.flow_from_directory('PETS/test',
                                               target_size=img_shape[:2],
                                               batch_size= bs,
                                               class_mode='binary')

hist = net.fit_generator(train_flow, epochs=50, steps_per_epoch=150, validation_data=test_flow, validation_steps=12)
