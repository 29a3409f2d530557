from keras.datasets import imdb
from keras import models
from keras import layers
from keras import optimizers
from keras import losses
from keras import metrics
import numpy as np

# IMDB reviews as word-index lists (top 1000 words)
(train_reviews, train_labels_raw), (test_reviews, test_labels_raw) = imdb.load_data(num_words=1000)

# each review becomes one 0/1 row over the vocabulary
def multi_hot_reviews(word_id_lists,vocab_width=10000):
    hot_rows = np.zeros((len(word_id_lists), vocab_width))
    for row, word_ids in enumerate(word_id_lists):
        hot_rows[row, word_ids] = 1.
    return hot_rows

train_x = multi_hot_reviews(train_reviews)
test_x = multi_hot_reviews(test_reviews)

train_y = np.asarray(train_labels_raw).astype('float32')
test_y = np.asarray(test_labels_raw).astype('float32')

# two small hidden layers, sigmoid output
review_model = models.Sequential()
review_model.add(layers.Dense(16, activation='relu', input_shape=(10000,)))
review_model.add(layers.Dense(16, activation='relu'))
review_model.add(layers.Dense(1, activation='sigmoid'))

# binary sentiment objective
review_model.compile(optimizer='rmsprop',
              loss='binary_crossentropy',
              metrics=['accuracy'])

review_model.fit(train_x,
          train_y,
          epochs=4,
          batch_size=512)

scores = review_model.evaluate(test_x, test_y)