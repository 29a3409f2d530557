from keras.datasets import reuters
(news_train_data, news_train_labels), (news_test_data, news_test_labels) = reuters.load_data(num_words=10000)

import numpy as np

def multi_hot_encode(word_seqs, vocab_size=10000):
    encoded = np.zeros((len(word_seqs), vocab_size))
    for i, word_seq in enumerate(word_seqs):
        encoded[i, word_seq] = 1.
    return encoded

train_x = multi_hot_encode(news_train_data)
test_x = multi_hot_encode(news_test_data)

def labels_to_categorical(label_ids, n_classes=46):
    encoded = np.zeros((len(label_ids), n_classes))
    for i, label_id in enumerate(label_ids):
        encoded[i, label_id] = 1.
    return encoded
train_labels_cat = labels_to_categorical(news_train_labels)
test_labels_cat = labels_to_categorical(news_test_labels)

from keras import models
from keras import layers

val_x = train_x[:1000]
rest_x_train = train_x[1000:]
val_y = train_labels_cat[:1000]
rest_y_train = train_labels_cat[1000:]

news_model = models.Sequential()
news_model.add(layers.Dense(64, activation='relu', input_shape=(10000,)))
news_model.add(layers.Dense(4, activation='relu'))
news_model.add(layers.Dense(46, activation='softmax'))
news_model.compile(optimizer='rmsprop',
    loss='categorical_crossentropy',
    metrics=['accuracy'])
news_model.fit(rest_x_train,
    rest_y_train,
    epochs=20,
    batch_size=128,
    validation_data=(val_x, val_y))