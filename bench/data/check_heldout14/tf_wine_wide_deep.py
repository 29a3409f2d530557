from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import itertools
import os
import math
import numpy as np
import pandas as pd
import tensorflow as tf

from sklearn.preprocessing import LabelEncoder
from tensorflow import keras
kl = keras.layers

# written against TensorFlow 1.7
print("TensorFlow", tf.__version__)

# wine reviews CSV (a copy of the Kaggle wine-reviews set)
CSV_URL = "https://storage.googleapis.com/sara-cloud-ml/wine_data.csv"
csv_path = tf.keras.utils.get_file(CSV_URL.split('/')[-1], CSV_URL)

# into a DataFrame
wine_data = pd.read_csv(csv_path)

# random row order
wine_data = wine_data.sample(frac=1)

# drop rows without country/price and the rare varieties
wine_data = wine_data[pd.notnull(wine_data['country'])]
wine_data = wine_data[pd.notnull(wine_data['price'])]
wine_data = wine_data.drop(wine_data.columns[0], axis=1)

min_variety_count = 500 # varieties at or below this count are dropped
variety_counts = wine_data['variety'].value_counts()
rare_varieties = variety_counts[variety_counts <= min_variety_count].index
wine_data.replace(rare_varieties, np.nan, inplace=True)
wine_data = wine_data[pd.notnull(wine_data['variety'])]

# 80/20 split
n_train = int(len(wine_data) * .8)
print ("%d rows for training" % n_train)
print ("%d rows for testing" % (len(wine_data) - n_train))

# training inputs
train_text = wine_data['description'][:n_train]
train_variety = wine_data['variety'][:n_train]

# training targets (price)
train_labels = wine_data['price'][:n_train]

# test inputs
test_text = wine_data['description'][n_train:]
test_variety = wine_data['variety'][n_train:]

# test targets
test_labels = wine_data['price'][n_train:]

# word tokenizer over the review text
n_words = 12000 # vocabulary cap; worth tuning
tok = keras.preprocessing.text.Tokenizer(num_words=n_words, char_level=False)
tok.fit_on_texts(train_text) # vocabulary from the training text only

# wide input 1: bag-of-words vector over the vocabulary
train_bow = tok.texts_to_matrix(train_text)
test_bow = tok.texts_to_matrix(test_text)

# wide input 2: one-hot variety

# variety names -> integer ids
variety_enc = LabelEncoder()
variety_enc.fit(train_variety)
train_variety = variety_enc.transform(train_variety)
test_variety = variety_enc.transform(test_variety)
n_varieties = np.max(train_variety) + 1

# ids -> one-hot
train_variety = keras.utils.to_categorical(train_variety, n_varieties)
test_variety = keras.utils.to_categorical(test_variety, n_varieties)

# wide branch
bow_in = kl.Input(shape=(n_words,))
variety_in = kl.Input(shape=(n_varieties,))
wide_hidden = kl.concatenate([bow_in, variety_in])
wide_hidden = kl.Dense(256, activation='relu')(wide_hidden)
price_preds = kl.Dense(1)(wide_hidden)
model_wide = keras.Model(inputs=[bow_in, variety_in], outputs=price_preds)

model_wide.compile(loss='mse', optimizer='adam', metrics=['accuracy'])
print(model_wide.summary())

# deep branch input: padded word-id sequences
train_seq = tok.texts_to_sequences(train_text)
test_seq = tok.texts_to_sequences(test_text)

seq_len = 170
train_seq = keras.preprocessing.sequence.pad_sequences(
    train_seq, maxlen=seq_len, padding="post")
test_seq = keras.preprocessing.sequence.pad_sequences(
    test_seq, maxlen=seq_len, padding="post")

# deep branch
seq_in = kl.Input(shape=(seq_len,))
emb = kl.Embedding(n_words, 8, input_length=seq_len)(seq_in)
emb = kl.Flatten()(emb)
deep_out = kl.Dense(1)(emb)
model_deep = keras.Model(inputs=seq_in, outputs=deep_out)
print(model_deep.summary())

model_deep.compile(loss='mse',
                       optimizer='adam',
                       metrics=['accuracy'])

# join both branches
joint_out = kl.concatenate([model_wide.output, model_deep.output])
joint_out = kl.Dense(1)(joint_out)
joint_model = keras.Model(model_wide.input + [model_deep.input], joint_out)
print(joint_model.summary())

joint_model.compile(loss='mse',
                       optimizer='adam',
                       metrics=['accuracy'])

# fit
joint_model.fit([train_bow, train_variety] + [train_seq], train_labels, epochs=10, batch_size=128)

joint_model.evaluate([test_bow, test_variety] + [test_seq], test_labels, batch_size=128)

# predict the test prices
price_preds = joint_model.predict([test_bow, test_variety] + [test_seq])

# show a few predictions next to the true prices
n_show = 40
abs_err_sum = 0

for i in range(n_show):
    pred_row = price_preds[i]
    print(test_text.iloc[i])
    print('model:', pred_row[0], 'true:', test_labels.iloc[i], '\n')
    abs_err_sum += abs(pred_row[0] - test_labels.iloc[i])

# mean absolute error over the shown rows
print('mean abs error:', abs_err_sum / n_show)
