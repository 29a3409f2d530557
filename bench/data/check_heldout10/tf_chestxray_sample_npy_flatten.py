from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Convolution2D, MaxPooling2D
from keras.layers.convolutional import Conv2D
from keras.utils import np_utils
from keras import backend as K
from keras.callbacks import EarlyStopping
from keras.callbacks import TensorBoard
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
import os

from sklearn.preprocessing import LabelEncoder


batch_len = 10
n_classes = 15
epoch_count = 20

img_h, img_w = 512, 512
n_channels = 1
conv_width = 32
# a pooling size constant was considered here
kern = (2,2)

# read the label table and the image array
label_table = pd.read_csv("../data/sample_labels.csv")
images_X = np.load("../data/X_sample.npy")

labels_y = label_table.Finding_Labels
# one-hot via pandas was the other option
encoder = LabelEncoder()
labels_y = encoder.fit_transform(labels_y)
labels_y = labels_y.reshape(-1,1)

print("dividing the images into fit and hold-out parts")
train_X, test_X, train_y, test_y = train_test_split(images_X, labels_y, test_size=0.2)


print("adding the channel axis")
train_X = train_X.reshape(train_X.shape[0], img_h, img_w, n_channels)
test_X = test_X.reshape(test_X.shape[0], img_h, img_w, n_channels)

print("fit images array: ", train_X.shape)
print("hold-out images array: ", test_X.shape)


in_shape = (img_h, img_w, n_channels)


print("scaling pixels to [0, 1]")
train_X = train_X.astype('float32')
test_X = test_X.astype('float32')

train_X /= 255
test_X /= 255


train_y = np_utils.to_categorical(train_y, n_classes)
test_y = np_utils.to_categorical(test_y, n_classes)
print("fit targets array: ", train_y.shape)
print("hold-out targets array: ", test_y.shape)



xray_model = Sequential()

'''
block one: three equal convolutions,
32 filters each,
2x2 kernels
'''

xray_model.add(Conv2D(conv_width, (kern[0], kern[1]),
    padding='valid',
    strides=1,
    input_shape=(img_h, img_w, n_channels)))
xray_model.add(Activation('relu'))


xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(MaxPooling2D(pool_size=(2,2)))


'''
block two: three more convolutions,
64 filters each,
4x4 kernels
'''

conv_width = 64
kern = (4,4)

xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(MaxPooling2D(pool_size=(2,2)))


conv_width=128
kern=(8,8)

xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(Conv2D(conv_width, (kern[0], kern[1])))
xray_model.add(Activation('relu'))


xray_model.add(MaxPooling2D(pool_size=(2,2)))


xray_model.add(Flatten())
print("features after flattening: ", xray_model.output_shape)


xray_model.add(Dense(256))
xray_model.add(Activation('relu'))


xray_model.add(Dense(n_classes))
xray_model.add(Activation('softmax'))


xray_model.compile(loss = 'categorical_crossentropy',
                optimizer='adam',
                metrics=['accuracy'])


early_stop = EarlyStopping(monitor='acc',
                        min_delta=0.001,
                        patience=2,
                        verbose=0,
                        mode='auto')


board_cb = TensorBoard(log_dir='./Graph', histogram_freq=0, write_graph=True, write_images=True)


xray_model.fit(train_X,train_y, batch_size=batch_len, epochs=epoch_count,
            verbose=1,
            validation_split=0.2
            # the hold-out arrays could be passed instead,
            # and class weights too
            ,callbacks=[early_stop, board_cb]
	)
