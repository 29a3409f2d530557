import numpy as np

import pandas as pd

import matplotlib.pyplot as plt

import seaborn as sns



import os, time, random, cv2, glob, pickle, librosa

from pathlib import Path

from PIL import Image

import imgaug as ia

from imgaug import augmenters as iaa

from tqdm import tqdm



from keras.models import Model

from keras.layers import (Convolution1D, Input, Dense, Flatten, Dropout, GlobalAveragePooling1D, concatenate,

                          Activation, MaxPool1D, GlobalMaxPool1D, BatchNormalization, Concatenate, ReLU, LeakyReLU)

from keras.callbacks import ModelCheckpoint, EarlyStopping, LearningRateScheduler

from keras.optimizers import Adam, SGD, RMSprop

from keras.losses import sparse_categorical_crossentropy

from keras.utils.np_utils import to_categorical

from sklearn.model_selection import train_test_split

print(os.listdir("../input"))
t0 = time.time()



# ...

SEED=14

import numpy as np 

np.random.seed(SEED)

import tensorflow as tf

tf.set_random_seed(SEED)
CLIP_LEN = 5000



BATCH = 64



def minmax_center(wav):



    hi = np.max(wav)

    lo = np.min(wav)

    wav = (wav-lo)/(hi-lo+0.0001)

    return wav-0.5





def read_clip(wav_path, CLIP_LEN=CLIP_LEN):

    wav = librosa.core.load(wav_path, sr=16000)[0]

    if len(wav)>CLIP_LEN:

        slack = len(wav)-CLIP_LEN

        start = np.random.randint(slack)

        wav = wav[start:(CLIP_LEN+start)]

        

    else:

        if CLIP_LEN > len(wav):

            slack = CLIP_LEN - len(wav)

            start = np.random.randint(slack)

        else:

            start = 0

            

        wav = np.pad(wav, (start, CLIP_LEN - len(wav) - start), "constant")

        

    wav = minmax_center(wav)

    return wav
curated_wavs = glob.glob("../input/train_curated/*.wav")

meta = pd.read_csv("../input/train_curated.csv")

meta['labels'] = meta['labels'].apply(lambda x: x.split(',')[0])
path2tag = {"../input/train_curated/"+k:v for k,v in zip(meta.fname.values, meta.labels.values)}
tags = sorted(list(set(meta.labels.values)))

tag2id = {k:v for v,k in enumerate(tags)}

id2tag = {v:k for k,v in tag2id.items()}

path2id = {k:tag2id[v] for k,v in path2tag.items()}
def build_conv1d():

    n_tags = len(tags)

    wave_in = Input(shape=(CLIP_LEN, 1))

    h = Convolution1D(16, kernel_size=9, activation="relu", padding="valid")(wave_in)

    h = Convolution1D(16, kernel_size=9, activation="relu", padding="valid")(h)

    h = MaxPool1D(pool_size=16)(h)

    h = Dropout(rate=0.1)(h)

    h = Convolution1D(32, kernel_size=3, activation="relu", padding="valid")(h)

    h = Convolution1D(32, kernel_size=3, activation="relu", padding="valid")(h)

    h = MaxPool1D(pool_size=4)(h)

    h = Dropout(rate=0.1)(h)

    h = Convolution1D(32, kernel_size=3, activation="relu", padding="valid")(h)

    h = Convolution1D(32, kernel_size=3, activation="relu", padding="valid")(h)

    h = MaxPool1D(pool_size=4)(h)

    h = Dropout(rate=0.1)(h)

    h = Convolution1D(256, kernel_size=3, activation="relu", padding="valid")(h)

    h = Convolution1D(256, kernel_size=3, activation="relu", padding="valid")(h)

    h = GlobalMaxPool1D()(h)

    h = Dropout(rate=0.2)(h)



    head = Dense(64, activation="relu")(h)

    head = Dense(1028, activation="relu")(head)

    head = Dense(n_tags, activation="softmax")(head)



    clf = Model(inputs=wave_in, outputs=head)



    clf.compile(optimizer=Adam(0.001), loss=sparse_categorical_crossentropy, metrics=['acc'])

    clf.summary()

    return clf
def batched(items, n):

    return (items[s:s + n] for s in range(0, len(items), n))
def stream_batches(files, BATCH=BATCH):

    while True:

        random.shuffle(files)

        for chunk in batched(files, n=BATCH):

            xb = [read_clip(p) for p in chunk]

            xb = np.array(xb)[:,:,np.newaxis]

            yb = [path2id[p] for p in chunk]

            yb = np.array(yb)

            

            yield xb, yb
fit_files, hold_files = train_test_split(curated_wavs, test_size=0.05)
clf = build_conv1d()
clf.fit_generator(stream_batches(fit_files), 

                    steps_per_epoch=len(fit_files)//BATCH, 

                    validation_data=stream_batches(hold_files),

                    validation_steps=len(hold_files)//BATCH,

                    epochs=2)
all_probs = []

BATCH = 128

eval_wavs = glob.glob("../input/test/*.wav")

eval_wavs.sort()
for chunk in tqdm(batched(eval_wavs, n=BATCH), total=len(eval_wavs)//BATCH ):

    xb = [read_clip(p) for p in chunk]

    xb = np.array(xb)[:,:,np.newaxis]

    pb = clf.predict(xb).tolist()

    all_probs += pb
prob_mat = np.array(all_probs)
sub = pd.read_csv('../input/sample_submission.csv')

for i, v in enumerate(tags):

    sub[v] = prob_mat[:, i]
sub['fname'] = sub.fname.apply(lambda x: x.split("/")[-1])
sub.to_csv("submission.csv", index=False)

sub.head()
t1 = time.time()

print(f"elapsed hours: {(t1-t0)/3600} hours")