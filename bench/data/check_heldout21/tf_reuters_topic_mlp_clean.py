
# -*- coding: utf-8 -*-

# cell A


from __future__ import print_function

import numpy as np
import keras
from keras.datasets import reuters
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation
from keras.preprocessing.text import Tokenizer


# cell B: settings


vocab_cap = 1000
train_batch = 32
n_epochs = 10


# cell C: data


print('Fetching the Reuters newswires...')
(train_x, train_y), (test_x, test_y) = reuters.load_data(num_words=vocab_cap,
                                                         test_split=0.2)
print(len(train_x), 'newswires for training')
print(len(test_x), 'newswires for testing')

n_topics = np.max(train_y) + 1
print(n_topics, 'topics in total')


# cell D: bag of words


print('Turning word-id lists into binary matrices...')
bow_tok = Tokenizer(num_words=vocab_cap)
train_x = bow_tok.sequences_to_matrix(train_x, mode='binary')
test_x = bow_tok.sequences_to_matrix(test_x, mode='binary')
print('train_x dims:', train_x.shape)
print('test_x dims:', test_x.shape)


# cell E: one-hot targets


print('One-hot encoding the topic ids '
      '(categorical_crossentropy needs them that way)')
train_y = keras.utils.to_categorical(train_y, n_topics)
test_y = keras.utils.to_categorical(test_y, n_topics)
print('train_y dims:', train_y.shape)
print('test_y dims:', test_y.shape)


# cell F: network


print('Assembling the network...')
mlp_model = Sequential()
mlp_model.add(Dense(128, input_shape=(vocab_cap,)))
mlp_model.add(Activation('relu'))
mlp_model.add(Dropout(0.4))
mlp_model.add(Dense(n_topics))
mlp_model.add(Activation('softmax'))


# cell G: compile


mlp_model.compile(loss='categorical_crossentropy',
              optimizer='adam',
metrics=['accuracy'])


# cell H: train and score


fit_log = mlp_model.fit(train_x, train_y,
                    batch_size=train_batch,
                    epochs=n_epochs,
                    verbose=1,
                    validation_split=0.1)
eval_scores = mlp_model.evaluate(test_x, test_y,
                       batch_size=train_batch, verbose=1)
print('Loss on test newswires:', eval_scores[0])
print('Accuracy on test newswires:', eval_scores[1])


# cell I




