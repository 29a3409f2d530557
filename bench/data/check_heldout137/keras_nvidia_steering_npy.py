import numpy as np

from keras.models import Sequential
from keras.layers import Flatten, Dense, Lambda, Dropout, Conv2D


# Build the network
net = Sequential()
net.add(Lambda(lambda x: x / 255.0 - 0.5, input_shape=(75, 320, 3)))
net.add(Conv2D(24, (5, 5), strides=(2, 2), activation="elu"))
net.add(Conv2D(36, (5, 5), strides=(2, 2), activation="elu"))
net.add(Conv2D(48, (5, 5), strides=(2, 2), activation="elu"))
net.add(Conv2D(64, (3, 3), activation="elu"))
net.add(Conv2D(64, (3, 3), activation="elu"))
net.add(Dropout(0.8))
net.add(Flatten())
net.add(Dense(100))
net.add(Dense(50))
net.add(Dense(10))
net.add(Dense(1))
net.compile(optimizer='adam', loss='mse')

# Fit on the prepared arrays
frames = np.load('X_train.npy')
angles = np.load('y_train.npy')
net.fit(frames, angles, epochs=5, validation_split=0.1)

# Write the trained net
net.save('model.h5')
