import numpy as np # arrays
import pandas as pd # label table
import os
import gc

import keras as k
from keras.models import Sequential, load_model
from keras.layers import Dense, Dropout, Flatten, BatchNormalization
from keras.layers import Conv2D, MaxPooling2D
from sklearn.preprocessing import MultiLabelBinarizer

import cv2
from tqdm import tqdm

SIDE = 128
SAVED_NET = 'planet_small_cnn.h5'
CUT = 0.2

tags_df = pd.read_csv('../data/train.csv')

binarizer = MultiLabelBinarizer()
train_pics = []
test_pics = []
tags_df = pd.read_csv('../data/train.csv')
fit_y = binarizer.fit_transform(tags_df['tags'].str.split())

for stem in tqdm(tags_df['image_name'], miniters=256):
    bgr = cv2.imread('../data/train-jpg/{}.jpg'.format(stem))
    train_pics.append(cv2.resize(bgr,(SIDE,SIDE)))

train_pics = np.array(train_pics, np.float16) / 255. # every training image at once, scaled to [0, 1]

print(train_pics.shape)
print(fit_y.shape)

n_fit = 15000
fit_x, hold_x, fit_y, hold_y = train_pics[:n_fit], train_pics[n_fit:], fit_y[:n_fit], fit_y[n_fit:]

model = Sequential()
model.add(Conv2D(32, kernel_size=(3, 3),
                 activation='relu',
                 input_shape=(SIDE,SIDE, 3)))
model.add(BatchNormalization())
model.add(Conv2D(64, (3, 3), activation='relu'))
model.add(BatchNormalization())
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(BatchNormalization())
model.add(Flatten())
model.add(Dense(128, activation='relu'))
model.add(BatchNormalization())
model.add(Dense(17, activation='sigmoid'))

model.compile(loss='binary_crossentropy', # 17 independent tags, so one sigmoid each
              optimizer='adam',
              metrics=['accuracy'])



if os.path.isfile(SAVED_NET):
    print('found a saved network, reusing it')
    model = load_model(SAVED_NET)

else:
    print('no saved network, training one')
    model.fit(fit_x, fit_y,
              batch_size=64,
              epochs=6, # fixed count, no early stop
              verbose=1,
              validation_data=(hold_x, hold_y))
    model.save(SAVED_NET)

from sklearn.metrics import fbeta_score

holdout_scores = model.predict(hold_x, batch_size=128)
print(hold_y)
print(holdout_scores)
print(fbeta_score(hold_y, np.array(holdout_scores) > CUT, beta=2, average='samples'))


# ---- test-set submission ----

sub_df = pd.read_csv('../data/sample_submission.csv')

for stem in tqdm(sub_df['image_name'], miniters=256):
    bgr = cv2.imread('../data/test-jpg/{}.jpg'.format(stem))
    test_pics.append(cv2.resize(bgr,(SIDE,SIDE)))


test_pics = np.array(test_pics, np.float16) / 255.

test_scores = model.predict(test_pics, batch_size=128)
# raw scores are not written out

out_df = pd.DataFrame()
out_df['image_name'] = sub_df['image_name']
out_df['tags'] = [' '.join(x) for x in binarizer.inverse_transform(test_scores > CUT)]

out_df.to_csv('planet_small_cnn_submission.csv', index=False)
