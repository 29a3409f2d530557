from keras import optimizers
from keras.models import Sequential ,load_model
from keras.layers import Dense, Conv2D, MaxPooling2D, Dropout, Flatten, Reshape, Lambda
from keras.callbacks import ModelCheckpoint, TensorBoard
from sklearn import preprocessing 
import pandas as pd 
import matplotlib.pyplot as plt
import numpy as np
import os
import skimage.io
import PIL.Image
import cv2

# training frames
filename = os.path.join("/data/driving/", "{}.npy".format("X_train2"))
X_train = np.load(filename)

# test frames
filename = os.path.join("/data/driving/", "{}.npy".format("X_test2"))
X_test = np.load(filename)

# training steering targets
filename = os.path.join("/data/driving/", "{}.npy".format("Y_train2"))
Y_train = np.load(filename)

# test steering targets
filename = os.path.join("/data/driving/", "{}.npy".format("Y_test2"))
Y_test = np.load(filename)

# frame shape taken from the array
input_shape = X_train.shape[1:]
print(input_shape)

def createModel():
    model = Sequential()
    model.add(Lambda(lambda x: x/127.5 -1.0, input_shape=input_shape)) # scale pixels to [-1, 1]
    model.add(Conv2D(24, (5, 5), activation='relu', strides=(1,1)))
    model.add(MaxPooling2D(pool_size=(2, 2)))
    model.add(Dropout(0.25))
    model.add(Conv2D(36, (5, 5), activation='relu', strides=(1,1)))
    model.add(MaxPooling2D(pool_size=(2, 2)))
    model.add(Dropout(0.25))
    model.add(Conv2D(48, (5, 5), activation='relu', strides=(1,1)))
    model.add(MaxPooling2D(pool_size=(2, 2)))
    model.add(Conv2D(64, (3, 3), activation='relu', strides=(1,1)))
    model.add(Conv2D(64, (3, 3), activation='relu', strides=(1,1)))
 
    model.add(Flatten())
    model.add(Dense(1164, activation='relu'))
    model.add(Dropout(0.25))
    model.add(Dense(100, activation='relu'))
    model.add(Dense(50, activation='relu'))
    model.add(Dense(10, activation='relu'))
    model.add(Dense(1))
    return model
def createModel2():
    model = Sequential()
    model.add(Lambda(lambda x: x/127.5 -1.0, input_shape=input_shape)) # scale pixels to [-1, 1]
    model.add(Conv2D(24, (5, 5), activation='relu', strides=(2,2)))
    model.add(Dropout(0.25))
    model.add(Conv2D(36, (5, 5), activation='relu', strides=(2,2)))
    model.add(Dropout(0.25))
    model.add(Conv2D(48, (5, 5), activation='relu', strides=(2,2)))
    model.add(Dropout(0.25))
    model.add(Conv2D(64, (3, 3), activation='relu', strides=(1,1)))
    model.add(Dropout(0.25))
    model.add(Conv2D(64, (3, 3), activation='relu', strides=(1,1)))
    model.add(Dropout(0.25))
 
    model.add(Flatten())
    model.add(Dense(1164, activation='relu'))
    model.add(Dropout(0.25))
    model.add(Dense(100, activation='relu'))
    model.add(Dense(50, activation='relu'))
    model.add(Dense(10, activation='relu'))
    model.add(Dense(1))
    return model

# optimiser and compilation
opt = optimizers.Adam(lr=0.0001, beta_1=0.9, beta_2=0.999, epsilon=None, decay=0.0, amsgrad=False)
model1 = createModel2()
model1.compile(optimizer=opt, loss='mean_squared_error')
model1.summary()

checkP = ModelCheckpoint('backup/check_model35.{epoch:02d}-{loss:.5f}-{val_loss:.5f}.h5', monitor='val_loss', verbose=1, save_best_only=False, save_weights_only=False, mode='auto', period=50)
tensorB = TensorBoard(log_dir='tb/', histogram_freq=50, batch_size=32, write_graph=True, write_grads=False, write_images=True, embeddings_freq=0, embeddings_layer_names=None, embeddings_metadata=None)
batch_size = 4096
epochs = 2000
history = model1.fit(X_train, Y_train, batch_size=batch_size, epochs=epochs, shuffle=True, verbose=1,initial_epoch=1024,
                   validation_data=(X_test, Y_test),callbacks = [checkP, tensorB])
