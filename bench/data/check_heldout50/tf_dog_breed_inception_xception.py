# read the competition pictures
import cv2
import numpy as np
from tqdm import tqdm
import pandas as pd
table = pd.read_csv('../labels.csv')
table.head()
count = len(table)
kinds = set(table['breed'])
n_kinds = len(kinds)
kind_to_idx = dict(zip(kinds, range(n_kinds)))
idx_to_kind = dict(zip(range(n_kinds), kinds))
side = 299
imgs = np.zeros((count, side, side, 3), dtype=np.uint8) # filled below
onehot = np.zeros((count, n_kinds), dtype=np.uint8)
for k in tqdm(range(count)): # decode every training picture into the block
    imgs[k] = cv2.resize(cv2.imread('../train/%s.jpg' % table['id'][k]), (side, side))
    onehot[k][kind_to_idx[table['breed'][k]]] = 1
    
# pretrained trunks as fixed feature extractors
from keras.layers import *
from keras.models import *
from keras.applications import *
from keras.optimizers import *
from keras.regularizers import *
from keras.applications.inception_v3 import preprocess_input

def trunk_features(ARCH, pics=imgs):
    trunk = ARCH(include_top=False, input_shape=(side, side, 3), weights='imagenet')
    
    src = Input((side, side, 3))
    h = src
    h = Lambda(preprocess_input, name='preprocessing')(h)
    h = trunk(h)
    h = GlobalAveragePooling2D()(h)
    trunk = Model(src, h)

    feats = trunk.predict(pics, batch_size=64, verbose=1)
    return feats

incep_feats = trunk_features(InceptionV3, imgs)
xcep_feats = trunk_features(Xception, imgs)
feats = np.concatenate([incep_feats, xcep_feats], axis=-1)

# small classifier on the joined features
src = Input(feats.shape[1:])
h = input
h = Dropout(0.5)(h)
h = Dense(n_kinds, activation='softmax')(h)
clf = Model(src, h)
clf.compile(optimizer='adam',
              loss='categorical_crossentropy',
              metrics=['accuracy'])
hist = clf.fit(feats, onehot, batch_size=128, epochs=100, validation_split=0.1)

# read the unlabeled pictures
sub = pd.read_csv('../sample_submission.csv')
count_test = len(sub)
imgs_test = np.zeros((count_test, side, side, 3), dtype=np.uint8) # filled below
for k in tqdm(range(count_test)): # decode every test picture into the block
    imgs_test[k] = cv2.resize(cv2.imread('../test/%s.jpg' % sub['id'][k]), (side, side))
    
# features of the unlabeled pictures
incep_feats = trunk_features(InceptionV3, imgs_test)
xcep_feats = trunk_features(Xception, imgs_test)
feats_test = np.concatenate([incep_feats, xcep_feats], axis=-1)

# class probabilities into the submission table
probs = clf.predict(feats_test, batch_size=128)
for kind in kinds:
    sub[kind] = probs[:,kind_to_idx[kind]]
sub.to_csv('../pred.csv', index=None)
