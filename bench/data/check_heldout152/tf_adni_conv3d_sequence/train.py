import multiprocessing as mp
import pickle
import os
import sys

import numpy as np
from keras.callbacks import ModelCheckpoint, EarlyStopping
from keras.layers import Conv3D, Flatten, Dense, MaxPool3D, BatchNormalization, Dropout
from keras.models import Sequential
from keras.optimizers import RMSprop, Adam
from keras.utils import plot_model
from sklearn.model_selection import train_test_split

from scan_sequence import ScanBatches


def build_net(in_shape):
    net = Sequential()
    net.add(Conv3D(filters=8,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same',
                     input_shape=in_shape,
                     data_format='channels_last',
                     name='input'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=8,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(MaxPool3D())
    net.add(Conv3D(filters=16,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=16,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(MaxPool3D())
    net.add(Conv3D(filters=32,
                     kernel_size=(3, 3, 3),
                     activation='relu'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=32,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=32,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(MaxPool3D())
    net.add(Conv3D(filters=64,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=64,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=64,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(MaxPool3D())
    net.add(Conv3D(filters=128,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=128,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(Conv3D(filters=128,
                     kernel_size=(3, 3, 3),
                     activation='relu',
                     padding='same'))
    net.add(BatchNormalization())
    net.add(MaxPool3D())
    net.add(Flatten())
    net.add(Dense(256, activation='relu'))
    net.add(BatchNormalization())
    net.add(Dropout(0.7))
    net.add(Dense(64, activation='relu'))
    net.add(BatchNormalization())

    # three diagnosis groups: AD, MCI, CN
    net.add(Dense(3, activation='softmax', name='prediction'))

    return net

if __name__ == '__main__':
    cfg = {'batch_size': 4,
              'dim': (96, 112, 96),
              'n_channels': 1,
              'n_classes': 3,
              'shuffle': True
              }
    n_epochs = 200
    multi_proc = True
    n_workers = mp.cpu_count()
    n_scans = 815

    # scan index -> diagnosis
    with open('./scan_labels.pkl', 'rb') as fh:
        idx_to_dx = pickle.load(fh)

    # indices of the .npy scans, split three ways
    ids = np.arange(0, n_scans)
    ids_tr, ids_rest, _, _ = train_test_split(ids,
                                             ids,
                                             test_size=0.2,
                                             random_state=42)

    ids_va, ids_rest, _, _ = train_test_split(ids_rest,
                                           ids_rest,
                                           test_size=0.5,
                                           random_state=42)

    # batch sources
    tr_seq = ScanBatches(ids_tr, idx_to_dx, **cfg)
    va_seq = ScanBatches(ids_va, idx_to_dx, **cfg)
    te_seq = ScanBatches(ids_rest, idx_to_dx, **cfg)

    # callbacks
    ckpt = ModelCheckpoint(filepath='best_conv3d.h5',
                                   monitor='val_loss',
                                   save_best_only=True,
                                   verbose=1)

    stopper = EarlyStopping(monitor='val_loss',
                                  patience=10,
                                  verbose=1)

    net = build_net((*cfg['dim'], cfg['n_channels']))
    # compile
    print('compiling')
    opt = Adam(lr=0.000027, clipvalue=0.5)
    net.compile(optimizer=opt,
                  loss='categorical_crossentropy',
                  metrics=['accuracy'])

    print(net.summary())
    plot_model(net, to_file='conv3d_net.png', show_shapes=True)

    hist = net.fit_generator(generator=tr_seq,
                                        validation_data=va_seq,
                                        epochs=n_epochs,
                                        use_multiprocessing=multi_proc,
                                        verbose=1,
                                        callbacks=[ckpt, stopper],
                                        workers=1)

    # test split
    net = build_net((*cfg['dim'], cfg['n_channels']))
    # best weights back
    net.load_weights('best_conv3d.h5')
    # compile again
    net.compile(optimizer=opt,
                  loss='categorical_crossentropy',
                  metrics=['accuracy'])
    scores = net.evaluate_generator(generator=te_seq,
                                        workers=1,
                                        use_multiprocessing=multi_proc,
                                        verbose=1)

    print('test accuracy: ' + str(scores[1]))

    with open('./conv3d_history.pkl', 'wb') as fh:
        pickle.dump(hist.history, fh, protocol=-1)
