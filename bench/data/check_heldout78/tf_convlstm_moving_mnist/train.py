from keras.models import Sequential
from keras.layers.convolutional import Conv3D
from keras.layers.convolutional_recurrent import ConvLSTM2D
from keras.layers.normalization import BatchNormalization
import numpy as np
import pylab as plt
from seq_loader import MovingDigits

net = Sequential()
net.add(ConvLSTM2D(filters=40, kernel_size=(3, 3),
                   input_shape=(None, 64, 64, 1),
                   padding='same', return_sequences=True))
net.add(BatchNormalization())

net.add(ConvLSTM2D(filters=40, kernel_size=(3, 3),
                   padding='same', return_sequences=True))
net.add(BatchNormalization())

net.add(ConvLSTM2D(filters=40, kernel_size=(3, 3),
                   padding='same', return_sequences=True))
net.add(BatchNormalization())

net.add(ConvLSTM2D(filters=40, kernel_size=(3, 3),
                   padding='same', return_sequences=True))
net.add(BatchNormalization())

net.add(Conv3D(filters=1, kernel_size=(3, 3, 3),
               activation='sigmoid',
               padding='same', data_format='channels_last'))
net.compile(loss='binary_crossentropy', optimizer='adadelta')

src = MovingDigits('mnist_test_seq.npy')
clips = src.load()

# fit the frame predictor
net.fit(clips[1000:2500], clips[2500:4000], batch_size=10,
        epochs=300, validation_split=0.05)

net.save('frame_predictor.h5')
