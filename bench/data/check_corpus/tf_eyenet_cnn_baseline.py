# source: https://github.com/gregwchase/eyenet/blob/02f6f1b48fd87ce2bf6bf8a42e36b2de5f0f6bb0/src/cnn_baseline.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
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

from keras.layers.normalization import BatchNormalization
from keras.optimizers import SGD

from sklearn.model_selection import train_test_split


np.random.seed(1337)


grade_labels = pd.read_csv("../csv/retina_grades_256.csv")
X_all = np.load("../arrays/retina_train_256.npy")
y_all = np.array([1 if grade >= 1 else 0 for grade in grade_labels['level']])

train_X, test_X, train_y, test_y = train_test_split(X_all, y_all, random_state=42, test_size=0.33)


BATCH = 400
N_CLASSES = 2
EPOCHS = 10

ROWS, COLS = 256, 256
CHANNELS = 3
N_FILTERS = 6
POOL = (2, 2)
kernel = (6, 6)

train_X = train_X.reshape(train_X.shape[0], ROWS, COLS, 3)
test_X = test_X.reshape(test_X.shape[0], ROWS, COLS, 3)
print("train / test image arrays:", train_X.shape, test_X.shape)

image_shape = (ROWS, COLS, 3)

train_X = train_X.astype('float32')
test_X = test_X.astype('float32')

train_X /= 255
test_X /= 255

train_y = np_utils.to_categorical(train_y, N_CLASSES)
test_y = np_utils.to_categorical(test_y, N_CLASSES)
print("train / test one-hot labels:", train_y.shape, test_y.shape)


cnn_model = Sequential()
cnn_model.add(Conv2D(N_FILTERS, (kernel[0], kernel[1]), input_shape=(ROWS, COLS, CHANNELS), strides=1, padding='valid'))
cnn_model.add(Activation('relu'))

kernel = (2, 2)

cnn_model.add(Conv2D(N_FILTERS, (kernel[0], kernel[1])))
cnn_model.add(Activation('relu'))

cnn_model.add(MaxPooling2D(pool_size=POOL))
cnn_model.add(Dropout(0.15))

cnn_model.add(Flatten())
print('flattened feature size:', cnn_model.output_shape)

cnn_model.add(Dense(128))
cnn_model.add(Activation('tanh'))
cnn_model.add(Dropout(0.15))

cnn_model.add(Dense(64))
cnn_model.add(Activation('tanh'))
cnn_model.add(Dropout(0.15))

cnn_model.add(Dense(64))
cnn_model.add(Activation('tanh'))
cnn_model.add(Dropout(0.15))

cnn_model.add(Dense(N_CLASSES))
cnn_model.add(Activation('softmax'))

momentum_sgd = SGD(momentum=0.9, nesterov=True, lr=0.01, decay=1e-6)

cnn_model.summary()

cnn_model.compile(optimizer=momentum_sgd, metrics=['accuracy'], loss='categorical_crossentropy')

stop_early = EarlyStopping(monitor='acc', patience=0, min_delta=0.001, mode='auto', verbose=0)

tb_logger = TensorBoard(log_dir='./tb_logs', write_graph=True, write_images=True, histogram_freq=None)

cnn_model.fit(train_X, train_y, epochs=EPOCHS, batch_size=BATCH, validation_split=0.2, verbose=1,
              shuffle=True, class_weight='auto', callbacks=[stop_early, tb_logger])


test_loss, test_acc = cnn_model.evaluate(test_X, test_y, verbose=0)
print('held-out loss:', test_loss)
print('held-out accuracy:', test_acc)
