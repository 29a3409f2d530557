# -*- coding: utf-8 -*-  (State Farm driver photos, small grey CNN)

import numpy as np
np.random.seed(2016)

import os
import glob
import cv2
import math
import pickle
import datetime
import pandas as pd

from sklearn.cross_validation import train_test_split
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers.convolutional import Convolution2D, MaxPooling2D
from keras.utils import np_utils
from keras.models import model_from_json
from sklearn.metrics import log_loss


def read_grey(path):
    # single channel
    img = cv2.imread(path, 0)
    # shrink to 128 x 96
    small = cv2.resize(img, (128, 96))
    return small


def read_train_folders():
    photos = []
    classes = []
    print('reading training photos')
    for j in range(10):
        print('class folder c{}'.format(j))
        path = os.path.join('..', 'input', 'imgs', 'train', 'c' + str(j), '*.jpg')
        files = glob.glob(path)
        for jpg in files:
            img = read_grey(jpg)
            photos.append(img)
            classes.append(j)

    return photos, classes


def read_test_folder():
    print('reading test photos')
    path = os.path.join('..', 'input', 'imgs', 'test', '*.jpg')
    files = glob.glob(path)
    photos = []
    test_names = []
    total = 0
    tenth = math.floor(len(files)/10)
    for jpg in files:
        jpg_name = os.path.basename(jpg)
        img = read_grey(jpg)
        photos.append(img)
        test_names.append(jpg_name)
        total += 1
        if total%tenth == 0:
            print('{} of {} test photos read'.format(total, len(files)))

    return photos, test_names


def dump_cache(data, path):
    if os.path.isdir(os.path.dirname(path)):
        file = open(path, 'wb')
        pickle.dump(data, file)
        file.close()
    else:
        print('cache folder missing')


def load_cache(path):
    data = dict()
    if os.path.isfile(path):
        file = open(path, 'rb')
        data = pickle.load(file)
    return data


def store_net(model):
    json_string = model.to_json()
    if not os.path.isdir('cache'):
        os.mkdir('cache')
    open(os.path.join('cache', 'architecture.json'), 'w').write(json_string)
    model.save_weights(os.path.join('cache', 'model_weights.h5'), overwrite=True)


def reload_net():
    model = model_from_json(open(os.path.join('cache', 'architecture.json')).read())
    model.load_weights(os.path.join('cache', 'model_weights.h5'))
    return model


def two_way_split(train, target, test_size):
    random_state = 51
    X_train, X_test, y_train, y_test = train_test_split(train, target, test_size=test_size, random_state=random_state)
    return X_train, X_test, y_train, y_test


def three_way_split(train, target, test_size):
    random_state = 51
    train, X_test, target, y_test = train_test_split(train, target, test_size=test_size, random_state=random_state)
    X_train, X_holdout, y_train, y_holdout = train_test_split(train, target, test_size=test_size, random_state=random_state)
    return X_train, X_test, X_holdout, y_train, y_test, y_holdout


def write_submission(predictions, test_id, loss):
    sub_df = pd.DataFrame(predictions, columns=['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'])
    sub_df.loc[:, 'img'] = pd.Series(test_id, index=sub_df.index)
    now = datetime.datetime.now()
    if not os.path.isdir('subm'):
        os.mkdir('subm')
    suffix = str(round(loss, 6)) + '_' + str(now.strftime("%Y-%m-%d-%H-%M"))
    sub_file = os.path.join('subm', 'submission_' + suffix + '.csv')
    sub_df.to_csv(sub_file, index=False)


# hand-written multiclass log loss
def manual_logloss(target, pred):
    score = 0.0
    for i in range(len(pred)):
        pp = pred[i]
        for j in range(len(pp)):
            prob = pp[j]
            if prob < 1e-15:
                prob = 1e-15
            score += target[i][j] * math.log(prob)
    return -score/len(pred)


def score_holdout(model, holdout, target):
    predictions = model.predict(holdout, batch_size=128, verbose=1)
    score = log_loss(target, predictions)
    print('holdout log loss: ', score)
    # (evaluate() with accuracy was tried here too)
    # (and its printout)
    # (the hand-written loss gives the same number)
    # (so it is not printed)
    return score


pkl_path = os.path.join('cache', 'train.dat')
if not os.path.isfile(pkl_path):
    train_data, train_target = read_train_folders()
    dump_cache((train_data, train_target), pkl_path)
else:
    print('training photos from cache')
    (train_data, train_target) = load_cache(pkl_path)

batch_size = 64
nb_classes = 10
nb_epoch = 2
# photo size after shrinking
img_rows, img_cols = 96, 128
# filters per conv layer
nb_filters = 32
# pooling window
nb_pool = 2
# kernel side
nb_conv = 3

train_data = np.array(train_data, dtype=np.uint8)
train_target = np.array(train_target, dtype=np.uint8)
train_data = train_data.reshape(train_data.shape[0], 1, img_rows, img_cols)
# channels-last variant left out
train_target = np_utils.to_categorical(train_target, nb_classes)
train_data = train_data.astype('float32')
train_data /= 255
print('train array:', train_data.shape)
print(train_data.shape[0], 'training photos')

X_train, X_test, X_holdout, Y_train, Y_test, Y_holdout = three_way_split(train_data, train_target, 0.2)
print('fit part: ', len(X_train))
print('valid part: ', len(X_test))
print('holdout part: ', len(X_holdout))


use_saved_net = 0
if use_saved_net == 1:
    model = reload_net()
    model.compile(loss='categorical_crossentropy', optimizer='adadelta')
else:
    model = Sequential()
    model.add(Convolution2D(nb_filters, nb_conv, nb_conv,
                            border_mode='valid',
                            input_shape=(1, img_rows, img_cols)))
    model.add(Activation('relu'))
    model.add(Convolution2D(nb_filters, nb_conv, nb_conv))
    model.add(Activation('relu'))
    model.add(MaxPooling2D(pool_size=(nb_pool, nb_pool)))
    model.add(Dropout(0.25))

    model.add(Flatten())
    model.add(Dense(128))
    model.add(Activation('relu'))
    model.add(Dropout(0.5))
    model.add(Dense(nb_classes))
    model.add(Activation('softmax'))

    model.compile(loss='categorical_crossentropy', optimizer='adadelta')

    '''
    model.fit(train_data, train_target, batch_size=batch_size, nb_epoch=nb_epoch,
              show_accuracy=True, verbose=1, validation_split=0.1)
    '''
    model.fit(X_train, Y_train, batch_size=batch_size, nb_epoch=nb_epoch,
              show_accuracy=True, verbose=1, validation_data=(X_test, Y_test))

score = model.evaluate(X_test, Y_test, show_accuracy=True, verbose=0)
print('valid: ', score)
score = model.evaluate(X_holdout, Y_holdout, show_accuracy=True, verbose=0)
print('holdout: ', score)
score_holdout(model, X_holdout, Y_holdout)
store_net(model)

pkl_path = os.path.join('cache', 'test.dat')
if not os.path.isfile(pkl_path):
    test_data, test_id = read_test_folder()
    dump_cache((test_data, test_id), pkl_path)
else:
    print('test photos from cache')
    (test_data, test_id) = load_cache(pkl_path)

test_data = np.array(test_data, dtype=np.uint8)
test_data = test_data.reshape(test_data.shape[0], 1, img_rows, img_cols)
# channels-last variant left out
test_data = test_data.astype('float32')
test_data /= 255
print('test array:', test_data.shape)
print(test_data.shape[0], 'test photos')
predictions = model.predict(test_data, batch_size=128, verbose=1)

write_submission(predictions, test_id, score)
