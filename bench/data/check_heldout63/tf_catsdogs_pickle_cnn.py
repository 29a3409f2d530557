import pickle
import tensorflow as tf
from keras.datasets import cifar10
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Conv2D, MaxPooling2D


### arrays written earlier by the loader script
fh = open("X.pickle","rb")
pics = pickle.load(fh)

fh = open("y.pickle","rb")
kinds = pickle.load(fh)

# bring grey levels into [0, 1]
pics = pics/255.0


### network
net = Sequential()  # empty stack

# conv 3x3, relu, 2x2 pooling
net.add(Conv2D(256, (3, 3), input_shape=pics.shape[1:]))
net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))

# conv 3x3, relu, 2x2 pooling again
net.add(Conv2D(256, (3, 3)))
net.add(Activation('relu'))
net.add(MaxPooling2D(pool_size=(2, 2)))

# to a flat vector
net.add(Flatten())  # feature maps become one vector per picture

# hidden dense layer
net.add(Dense(64))

# single sigmoid unit: dog or cat
net.add(Dense(1))
net.add(Activation('sigmoid'))

# loss and optimiser
net.compile(loss='binary_crossentropy',
            optimizer='adam',
            metrics=['accuracy'])

### fit, keeping the last 30% aside for validation
net.fit(pics, kinds, batch_size=32, epochs=3, validation_split=0.3)
