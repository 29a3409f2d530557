# Based on the idea from a blog series on urban sound classification
# (summary statistics of several librosa features per clip)

import pandas as pd
# audio decoding and feature extraction
import librosa
import numpy as np
# progress bar helper
from keras.utils.np_utils import to_categorical
from keras import Sequential
from keras.layers import Dense, Conv2D, MaxPooling2D, Flatten, Dropout
from os import path, chdir

cache_dir = 'ttdl/'

# metadata table of the corpus: file names, fold, class id
# the relative path climbs out of the environment folder
# to reach the shared data directory
# (layout of the author's machine)
meta = pd.read_csv('../../../../Documents/aiml/Data/UrbanSound8K/metadata/UrbanSound8K.csv')


# True when all four cached feature tables are present
def cache_ready():
    if path.exists(cache_dir + 'test_data.csv') and path.exists(cache_dir + 'test_labels.csv') and \
            path.exists(cache_dir + 'train_data.csv') and path.exists(cache_dir + 'train_labels.csv'):
        return True
    else:
        return False


# only run the slow extraction when the cached tables are missing
# (they are written at the end of this block)
if not cache_ready():

    # folds 1-9 form the training part
    # fold 10 is kept for testing
    tr_x = []
    te_x = []
    tr_y = []
    te_y = []

    clip_root = "UrbanSound8K/audio/fold"

    # one pass over the metadata rows
    for i in tqdm(range(len(meta))):

        # fold number, file name and class id of this row
        fold = str(meta.iloc[i]["fold"])
        fname = meta.iloc[i]["slice_file_name"]
        cls = meta.iloc[i]["classID"]

        # location of the clip
        clip_path = clip_root + fold + "/" + fname

        # decode the clip
        sig, sr = librosa.load(clip_path)

        # five descriptors, each averaged over time:
        # MFCC on a mel-like frequency scale
        # mel power spectrogram
        # chroma from the STFT
        # constant-Q chroma
        # energy-normalised chroma

        # 40 values per descriptor
        m1 = np.mean(librosa.feature.mfcc(sig, sr, n_mfcc=40).T, axis=0)
        m2 = np.mean(librosa.feature.melspectrogram(y=sig, sr=sr, n_mels=40, fmax=8000).T, axis=0)
        m3 = np.mean(librosa.feature.chroma_stft(y=sig, sr=sr, n_chroma=40).T, axis=0)
        m4 = np.mean(librosa.feature.chroma_cqt(y=sig, sr=sr, n_chroma=40).T, axis=0)
        m5 = np.mean(librosa.feature.chroma_cens(y=sig, sr=sr, n_chroma=40).T, axis=0)

        # one (40, 5) block per clip
        block = np.reshape(np.vstack((m1, m2, m3, m4, m5)), (40, 5))

        # fold 10 goes to the test part
        if fold != '10':
            tr_x.append(block)
            tr_y.append(cls)
        else:
            te_x.append(block)
            te_y.append(cls)

    # all clips handled
    print(len(tr_x) + len(te_x))
    print(len(meta))

    # lists to arrays
    tr_x = np.array(tr_x)
    te_x = np.array(te_x)
    tr_y = np.array(tr_y)
    te_y = np.array(te_y)
    print(tr_x.shape, te_x.shape, tr_y.shape, te_y.shape)

    # flatten each block so it fits in a CSV row
    tr_flat = np.reshape(tr_x, (tr_x.shape[0], tr_x.shape[1] * tr_x.shape[2]))
    te_flat = np.reshape(te_x, (te_x.shape[0], te_x.shape[1] * te_x.shape[2]))
    print(tr_flat.shape, te_flat.shape)

    # write the cache once
    np.savetxt(cache_dir + "train_data.csv", tr_flat, delimiter=",")
    np.savetxt(cache_dir + "test_data.csv", te_flat, delimiter=",")
    np.savetxt(cache_dir + "train_labels.csv", tr_y, delimiter=",")
    np.savetxt(cache_dir + "test_labels.csv", te_y, delimiter=",")


# read the cached tables back
tr_x = np.genfromtxt(cache_dir + 'train_data.csv', delimiter=',')
tr_y = np.genfromtxt(cache_dir + 'train_labels.csv', delimiter=',')
te_x = np.genfromtxt(cache_dir + 'test_data.csv', delimiter=',')
te_y = np.genfromtxt(cache_dir + 'test_labels.csv', delimiter=',')
print(tr_x.shape, te_x.shape, tr_y.shape, te_y.shape)

# ten classes, one-hot
tr_y = to_categorical(tr_y, num_classes=10)
te_y = to_categorical(te_y, num_classes=10)
print(tr_y.shape, te_y.shape)

# back to (40, 5)
tr_x = np.reshape(tr_x, (tr_x.shape[0], 40, 5))
te_x = np.reshape(te_x, (te_x.shape[0], 40, 5))
print(tr_x.shape, te_x.shape)

# add the channel axis for Conv2D
tr_x = np.reshape(tr_x, (tr_x.shape[0], 40, 5, 1))
te_x = np.reshape(te_x, (te_x.shape[0], 40, 5, 1))
print(tr_x.shape, te_x.shape)

# small convolutional classifier
# built with the Sequential API
net = Sequential()

# layers
net.add(Conv2D(64, kernel_size=5, strides=1, padding="Same", activation="relu", input_shape=(40, 5, 1)))
net.add(MaxPooling2D(padding="same"))

net.add(Conv2D(128, kernel_size=5, strides=1, padding="same", activation="relu"))
net.add(MaxPooling2D(padding="same"))
net.add(Dropout(0.3))

net.add(Flatten())

net.add(Dense(256, activation="relu"))
net.add(Dropout(0.3))

net.add(Dense(512, activation="relu"))
net.add(Dropout(0.3))

net.add(Dense(10, activation="softmax"))

# softmax output with cross-entropy loss
net.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])

# fit
net.fit(tr_x, tr_y, batch_size=50, epochs=30, validation_data=(te_x, te_y))

# scores on both parts
tr_score = net.evaluate(tr_x, tr_y)
te_score = net.evaluate(te_x, te_y)
print(tr_score)
print(te_score)

# each score is [loss, accuracy]
