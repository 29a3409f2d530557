# source: https://github.com/SadmanSakib93/Stratified-k-fold-cross-validation-Image-classification-keras/blob/55396e3ca04829927862c824dc2d69d6afa0a7d0/stratified-K-fold-CV.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import numpy as np
from sklearn.metrics import accuracy_score, f1_score, precision_score, confusion_matrix
from sklearn.model_selection import StratifiedKFold
from PIL import Image
import random
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense
from keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.layers import Dropout
from tensorflow.keras.layers import Flatten
from tensorflow.keras.layers import Conv2D
from tensorflow.keras.layers import MaxPooling2D
from tensorflow.compat.v1 import ConfigProto
from tensorflow.compat.v1 import InteractiveSession
import warnings
import os
import shutil
from PIL import ImageFile
warnings.simplefilter('error', Image.DecompressionBombWarning)
ImageFile.LOAD_TRUNCATED_IMAGES = True
from PIL import Image
Image.MAX_IMAGE_PIXELS = 1000000000

sess_cfg = ConfigProto()
sess_cfg.gpu_options.allow_growth = True
session = InteractiveSession(config=sess_cfg)

root_dir = 'DS'
SAVE_AS = "model_cv.h5"
file_names = []
shape_names = ['circles', 'squares', 'triangles']


def move_share(src, dst, share):
    global file_names
    file_names = os.listdir(src)
    if (len(file_names) != 0):
        n_move = int(len(file_names) * share)
        chosen = random.sample(range(0, len(file_names)), n_move)
        for idx in chosen:
            shutil.move(src + str(file_names[idx]), dst + str(file_names[idx]))
    else:
        print("nothing to move, source folder is empty")


def move_share_all_classes(src, dst, share):
    for name in shape_names:
        move_share(root_dir + '/' + src + '/' + name + '/',
                   root_dir + '/' + dst + '/' + name + '/',
                   share)


# put every test file back into train, then carve a fresh 20 % test split
move_share_all_classes('test', 'train', 1.0)
move_share_all_classes('train', 'test', 0.20)

names = []
codes = []


def collect_names(folder):
    found = os.listdir(root_dir + '/train/' + folder)
    for f in found:
        names.append(f)
        if (folder == shape_names[0]):
            codes.append(0)
        elif (folder == shape_names[1]):
            codes.append(1)
        else:
            codes.append(2)


collect_names(shape_names[0])
collect_names(shape_names[1])
collect_names(shape_names[2])

names = np.asarray(names)
codes = np.asarray(codes)

batch_size = 1
n_epochs = 500
act = 'relu'


def build_net():
    net = Sequential()
    net.add(Conv2D(64, (3, 3), padding='same', activation=act, input_shape=(rows, cols, 3)))
    net.add(Conv2D(64, (3, 3), activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.25))

    net.add(Conv2D(32, (3, 3), padding='same', activation=act))
    net.add(Conv2D(32, (3, 3), activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.25))

    net.add(Conv2D(16, (3, 3), padding='same', activation=act))
    net.add(Conv2D(16, (3, 3), activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.25))

    net.add(Flatten())
    net.add(Dense(64, activation=act))
    net.add(Dropout(0.1))
    net.add(Dense(32, activation=act))
    net.add(Dropout(0.1))
    net.add(Dense(16, activation=act))
    net.add(Dropout(0.1))
    net.add(Dense(len(shape_names), activation='softmax'))

    net.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])
    return net


def report(truth, guess):
    acc = accuracy_score(truth, guess)
    prec = precision_score(truth, guess, average='weighted')
    f1 = f1_score(truth, guess, average='weighted')
    print("Accuracy  : {}".format(acc))
    print("Precision : {}".format(prec))
    print("f1Score : {}".format(f1))
    print(confusion_matrix(truth, guess))
    return acc, prec, f1


rows, cols = 100, 100

train_dir = root_dir + '/train/'
val_dir = root_dir + '/validation/'
test_dir = root_dir + '/test/'
net = build_net()

splitter = StratifiedKFold(n_splits=3, shuffle=True)
splitter.get_n_splits(names, codes)
fold = 0
for tr_idx, va_idx in splitter.split(names, codes):
    # return last fold's validation files to train first
    move_share_all_classes('validation', 'train', 1.0)
    fold += 1
    print("fold", fold)
    tr_names, va_names = names[tr_idx], names[va_idx]
    tr_codes, va_codes = codes[tr_idx], codes[va_idx]
    for i in range(len(va_names)):
        folder = ''
        if (va_codes[i] == 0):
            folder = shape_names[0]
        elif (va_codes[i] == 1):
            folder = shape_names[1]
        else:
            folder = shape_names[2]
        shutil.move(root_dir + '/train/' + folder + '/' + va_names[i],
                    root_dir + '/validation/' + folder + '/' + va_names[i])

    train_gen = ImageDataGenerator(
        rescale=1. / 255,
        zoom_range=0.20,
        fill_mode="nearest"
    )
    val_gen = ImageDataGenerator(rescale=1. / 255)
    test_gen = ImageDataGenerator(rescale=1. / 255)

    train_flow = train_gen.flow_from_directory(
        train_dir,
        target_size=(rows, cols),
        batch_size=batch_size,
        class_mode='categorical',
        subset='training')

    val_flow = val_gen.flow_from_directory(
        val_dir,
        target_size=(rows, cols),
        batch_size=batch_size,
        class_mode=None,
        shuffle=False)

    hist = net.fit_generator(train_flow, epochs=n_epochs)

    scores = net.predict_generator(val_flow, verbose=1)
    guessed = np.argmax(scores, axis=1)
    truth = val_flow.classes
    print("*** validation fold ***")
    v_acc, v_prec, v_f1 = report(truth, guessed)

print("========== held-out test ==========")
test_flow = test_gen.flow_from_directory(
    test_dir,
    target_size=(rows, cols),
    batch_size=batch_size,
    class_mode=None,
    shuffle=False)
scores = net.predict(test_flow, verbose=1)
guessed = np.argmax(scores, axis=1)
truth = test_flow.classes

t_acc, t_prec, t_f1 = report(truth, guessed)
net.save(SAVE_AS)
