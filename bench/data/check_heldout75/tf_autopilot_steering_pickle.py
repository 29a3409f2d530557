import numpy as np
from keras.layers import Dense, Activation, Flatten, Conv2D, Lambda
from keras.layers import MaxPooling2D, Dropout
from keras.utils import print_summary
from keras.models import Sequential
from keras.callbacks import ModelCheckpoint
import keras.backend as K
import pickle

from sklearn.model_selection import train_test_split
from sklearn.utils import shuffle


def steering_net(h, w):
    net = Sequential()
    net.add(Lambda(lambda t: t / 127.5 - 1., input_shape=(h, w, 1)))
    net.add(Conv2D(32, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(MaxPooling2D((2, 2), padding='valid'))
    net.add(Conv2D(32, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(MaxPooling2D((2, 2), padding='valid'))

    net.add(Conv2D(64, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(MaxPooling2D((2, 2), padding='valid'))
    net.add(Conv2D(64, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(MaxPooling2D((2, 2), padding='valid'))

    net.add(Conv2D(128, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(MaxPooling2D((2, 2), padding='valid'))
    net.add(Conv2D(128, (3, 3), padding='same'))
    net.add(Activation('relu'))
    net.add(MaxPooling2D((2, 2), padding='valid'))

    net.add(Flatten())
    net.add(Dropout(0.5))
    net.add(Dense(1024))
    net.add(Dense(256))
    net.add(Dense(64))
    net.add(Dense(1))

    net.compile(optimizer='adam', loss="mse")
    ckpt_path = "models/Autopilot_10.h5"
    saver = ModelCheckpoint(ckpt_path, verbose=1, save_best_only=True)
    cbs = [saver]

    return net, cbs


def read_pickles():
    with open("features", "rb") as fh:
        frames = np.array(pickle.load(fh))
    with open("labels", "rb") as fh:
        angles = np.array(pickle.load(fh))

    return frames, angles


def run():
    frames, angles = read_pickles()
    frames, angles = shuffle(frames, angles)
    fr_tr, fr_te, an_tr, an_te = train_test_split(frames, angles, random_state=0,
                                                        test_size=0.3)
    fr_tr = fr_tr.reshape(fr_tr.shape[0], 100, 100, 1)
    fr_te = fr_te.reshape(fr_te.shape[0], 100, 100, 1)
    net, cbs = steering_net(100, 100)
    net.fit(fr_tr, an_tr, validation_data=(fr_te, an_te), epochs=3, batch_size=32,
              callbacks=cbs)
    print_summary(net)

    net.save('models/Autopilot_10.h5')


run()
K.clear_session();
