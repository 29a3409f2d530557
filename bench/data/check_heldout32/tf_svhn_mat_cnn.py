# -*- coding: utf-8 -*-
"""
Street View House Numbers digit classifier

Keras, Python 3

"""
import keras
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D
from keras.layers import Dense, Dropout, Flatten, Activation
from keras.layers.normalization import BatchNormalization
import numpy as np
import scipy.io as io

# read the two MATLAB files of the cropped-digit format
train_mat = io.loadmat("train_32x32.mat")
test_mat = io.loadmat("test_32x32.mat")

train_X = train_mat['X']
train_y = train_mat['y']
test_X = test_mat['X']
test_y = test_mat['y']

# image height and width
img_rows, img_cols = test_X.shape[1], test_X.shape[2]

# move the sample axis to the front
train_X = np.moveaxis(train_X,[3,0,1,2],[0,1,2,3])
train_X = train_X.astype('float32')
test_X = np.moveaxis(test_X,[3,0,1,2],[0,1,2,3])
test_X = np.asarray(test_X)
test_X = test_X.astype('float32')

# scale pixels into [0, 1]
train_X /= train_X.max()
test_X /= test_X.max()

# labels 1..10 become 0..9, then one-hot
test_y = [lab-1 for lab in test_y]
train_y = [lab-1 for lab in train_y]
n_classes = 10
train_y = keras.utils.to_categorical(train_y, n_classes)
test_y = keras.utils.to_categorical(test_y, n_classes)

# integer targets take less room
train_y = train_y.astype('int32')
test_y = test_y.astype('int32')

# per-feature standardisation computed on the training images
image_gen = keras.preprocessing.image.ImageDataGenerator(
    featurewise_center=True,
    featurewise_std_normalization=True,
    horizontal_flip=False,
    zca_whitening=False, 
    zca_epsilon=1e-06)

image_gen.fit(train_X)
    
def run_digit_model(train_X, train_y, test_X, test_y):
    digit_model = Sequential()
    n_classes = 10
    batch_len = 128
    n_epochs = 40
    
    # two conv blocks followed by a dense head
    digit_model.add(Conv2D(32, 3, 3, border_mode='same',
                            input_shape=train_X.shape[1:]))
    digit_model.add(Activation('relu'))
    digit_model.add(Conv2D(32, 3, 3))
    digit_model.add(Activation('relu'))
    digit_model.add(MaxPooling2D(pool_size=(2, 2)))
    digit_model.add(Dropout(0.3))
    digit_model.add(Conv2D(64, 3, 3, border_mode='same'))
    digit_model.add(Activation('relu'))
    digit_model.add(Conv2D(64, 3, 3))
    digit_model.add(Activation('relu'))
    digit_model.add(MaxPooling2D(pool_size=(2, 2)))
    digit_model.add(Dropout(0.3))
    digit_model.add(Flatten())
    digit_model.add(BatchNormalization(weights=None))
    digit_model.add(Activation('relu'))
    digit_model.add(BatchNormalization(weights=None))
    digit_model.add(Activation('relu'))
    digit_model.add(Dense(1024))
    digit_model.add(Activation('relu'))
    digit_model.add(Dropout(0.3))
    digit_model.add(Dense(n_classes))
    digit_model.add(Activation('softmax'))

    # loss and optimiser
    digit_model.compile(loss=keras.losses.categorical_crossentropy,
                  optimizer="adam",
                  metrics=['accuracy'])

    # train from the standardising generator
    digit_model.fit_generator(image_gen.flow(train_X, train_y,
                                     batch_size=batch_len),
                        samples_per_epoch=train_X.shape[0],
                        nb_epoch=n_epochs)

    # score on the held-out digits
    test_score = digit_model.evaluate(test_X, test_y, verbose=0)
    print(test_score)
   
run_digit_model(train_X, train_y, test_X, test_y)


"""
log of a past run (572 steps per epoch):

final held-out loss and accuracy were about 0.19 and 0.95

"""
