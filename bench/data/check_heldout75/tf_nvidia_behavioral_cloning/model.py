import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from keras.models import Sequential
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint
from keras.layers import Lambda, Conv2D, MaxPooling2D, Dropout, Dense, Flatten
from utils import INPUT_SHAPE, batch_generator
import argparse
import os

np.random.seed(0)


def read_log(opts):
    """
    Read the driving log and split the rows into train and validation
    """
    log_df = pd.read_csv(os.path.join(opts.data_dir, 'driving_log.csv'))

    paths = log_df[['center', 'left', 'right']].values
    steer = log_df['steering'].values

    p_train, p_valid, s_train, s_valid = train_test_split(paths, steer, test_size=opts.test_size, random_state=0)

    return p_train, p_valid, s_train, s_valid


def make_net(opts):
    """
    NVIDIA end-to-end network, lightly changed
    """
    net = Sequential()
    net.add(Lambda(lambda t: t/127.5-1.0, input_shape=INPUT_SHAPE))
    net.add(Conv2D(24, 5, 5, activation='elu', subsample=(2, 2)))
    net.add(Conv2D(36, 5, 5, activation='elu', subsample=(2, 2)))
    net.add(Conv2D(48, 5, 5, activation='elu', subsample=(2, 2)))
    net.add(Conv2D(64, 3, 3, activation='elu'))
    net.add(Conv2D(64, 3, 3, activation='elu'))
    net.add(Dropout(opts.keep_prob))
    net.add(Flatten())
    net.add(Dense(100, activation='elu'))
    net.add(Dense(50, activation='elu'))
    net.add(Dense(10, activation='elu'))
    net.add(Dense(1))
    net.summary()

    return net


def fit_net(net, opts, p_train, p_valid, s_train, s_valid):
    """
    Run the training
    """
    saver = ModelCheckpoint('model-{epoch:03d}.h5',
                                 monitor='val_loss',
                                 verbose=0,
                                 save_best_only=opts.save_best_only,
                                 mode='auto')

    net.compile(loss='mean_squared_error', optimizer=Adam(lr=opts.learning_rate))

    net.fit_generator(batch_generator(opts.data_dir, p_train, s_train, opts.batch_size, True),
                        opts.samples_per_epoch,
                        opts.nb_epoch,
                        max_q_size=1,
                        validation_data=batch_generator(opts.data_dir, p_valid, s_valid, opts.batch_size, False),
                        nb_val_samples=len(p_valid),
                        callbacks=[saver],
                        verbose=1)


def to_bool(txt):
    """
    Read a yes/no style string as a bool
    """
    txt = txt.lower()
    return txt == 'true' or txt == 'yes' or txt == 'y' or txt == '1'


def run():
    """
    Read the log, build the network, train it
    """
    ap = argparse.ArgumentParser(description='Steering angle trainer')
    ap.add_argument('-d', help='folder with the recordings', dest='data_dir',          type=str,   default='data')
    ap.add_argument('-t', help='validation share',           dest='test_size',         type=float, default=0.2)
    ap.add_argument('-k', help='dropout rate',               dest='keep_prob',         type=float, default=0.5)
    ap.add_argument('-n', help='epochs',                     dest='nb_epoch',          type=int,   default=10)
    ap.add_argument('-s', help='samples in one epoch',       dest='samples_per_epoch', type=int,   default=20000)
    ap.add_argument('-b', help='batch size',                 dest='batch_size',        type=int,   default=40)
    ap.add_argument('-o', help='keep only the best weights', dest='save_best_only',    type=to_bool, default='true')
    ap.add_argument('-l', help='step size',                  dest='learning_rate',     type=float, default=1.0e-4)
    opts = ap.parse_args()

    print('=' * 30)
    print('Settings')
    print('=' * 30)
    for k, v in vars(opts).items():
        print('{:<20} : {}'.format(k, v))
    print('=' * 30)

    splits = read_log(opts)
    net = make_net(opts)
    fit_net(net, opts, *splits)


if __name__ == '__main__':
    run()

