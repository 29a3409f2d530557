# Meant for python3
#

#
# IMDB movie reviews, binary sentiment
#
print("Starting.")

import keras
keras.__version__

from keras.datasets import imdb

(train_data, train_labels), (test_data, test_labels) = imdb.load_data(num_words=10000)

train_data[0]

train_labels[0]

max([max(seq) for seq in train_data])

# map from each word to its integer id
word_to_id = imdb.get_word_index()
# and the inverse map, id -> word
id_to_word = dict([(idx, w) for (w, idx) in word_to_id.items()])
# turn the first review back into words; ids are shifted by 3 since
# 0, 1 and 2 stand for padding, sequence start and unknown
review_text = ' '.join([id_to_word.get(k - 3, '?') for k in train_data[0]])

print(review_text)

#
# Data preparation
#
import numpy as np

print("Encoding the data")

def multi_hot_encode(seqs, dimension=10000):
	# one row of zeros per review, one column per word id
	encoded = np.zeros((len(seqs), dimension))
	for i, seq in enumerate(seqs):
		encoded[i, seq] = 1.  # switch on the columns of the words present
	return encoded

# training reviews as multi-hot rows
print("Encoding the training reviews")
train_x = multi_hot_encode(train_data)
# test reviews as multi-hot rows
print("Encoding the test reviews")
test_x = multi_hot_encode(test_data)

train_x[0]
print(train_x[0])

# labels as float arrays
print("Converting the labels")
train_y = np.asarray(train_labels).astype('float32')
test_y = np.asarray(test_labels).astype('float32')

#
# Network definition
#
print("Defining the network")

from keras import models
from keras import layers

model = models.Sequential()
model.add(layers.Dense(16, activation='relu', input_shape=(10000,)))
model.add(layers.Dense(16, activation='relu'))
model.add(layers.Dense(1, activation='sigmoid'))

model.compile(optimizer='rmsprop',
              loss='binary_crossentropy',
              metrics=['accuracy'])

from keras import optimizers

model.compile(optimizer=optimizers.RMSprop(lr=0.001),
              loss='binary_crossentropy',
              metrics=['accuracy'])

from keras import losses
from keras import metrics

model.compile(optimizer=optimizers.RMSprop(lr=0.001),
              loss=losses.binary_crossentropy,
              metrics=[metrics.binary_accuracy])

#
# Hold out part of the training set
#
print("Holding out a validation slice")

val_x = train_x[:10000]
rest_train_x = train_x[10000:]

val_y = train_y[:10000]
rest_train_y = train_y[10000:]

fit_log = model.fit(rest_train_x,
                    rest_train_y,
                    epochs=20,
                    batch_size=512,
                    validation_data=(val_x, val_y))

fit_log_dict = fit_log.history
fit_log_dict.keys()

#
# Plots
#
print("Plotting")

import matplotlib.pyplot as plt

train_acc = fit_log.history['acc']
val_acc = fit_log.history['val_acc']
train_loss = fit_log.history['loss']
val_loss = fit_log.history['val_loss']

epoch_axis = range(1, len(train_acc) + 1)

# dots for the training curve
plt.plot(epoch_axis, train_loss, 'bo', label='Training loss')
# a solid line for validation
plt.plot(epoch_axis, val_loss, 'b', label='Validation loss')
plt.title('Loss per epoch, train vs validation')
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend()

plt.show()

#
# Second plot
#
plt.clf()   # start from an empty figure
train_acc_values = fit_log_dict['acc']
val_acc_values = fit_log_dict['val_acc']

plt.plot(epoch_axis, train_acc, 'bo', label='Training acc')
plt.plot(epoch_axis, val_acc, 'b', label='Validation acc')
plt.title('Accuracy per epoch, train vs validation')
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend()

plt.show()

#
#
model = models.Sequential()
model.add(layers.Dense(16, activation='relu', input_shape=(10000,)))
model.add(layers.Dense(16, activation='relu'))
model.add(layers.Dense(1, activation='sigmoid'))

model.compile(optimizer='rmsprop',
              loss='binary_crossentropy',
              metrics=['accuracy'])

model.fit(train_x, train_y, epochs=4, batch_size=512)
test_scores = model.evaluate(test_x, test_y)

test_scores
print(test_scores)

#
# Predictions for unseen reviews
#
model.predict(test_x)
