from keras.datasets import imdb

(train_seqs, train_label_ids), (test_seqs, test_label_ids) = \
        imdb.load_data(num_words=10000)

import numpy as np


def multi_hot_encode(seq_list, vocab_dim=10000):
    encoded = np.zeros((len(seq_list), vocab_dim))

    for i, word_ids in enumerate(seq_list):
        encoded[i, word_ids] = 1.
    return encoded


train_X = multi_hot_encode(train_seqs)
test_X = multi_hot_encode(test_seqs)


train_y = np.asarray(train_label_ids).astype('float32')
test_y = np.asarray(test_label_ids).astype('float32')

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
              loss='binary_crossentropy',metrics=['accuracy'])

from keras import losses
from keras import metrics

model.compile(optimizer=optimizers.RMSprop(lr=0.001),
              loss=losses.binary_crossentropy,
              metrics=[metrics.binary_accuracy])

val_x = train_X[:10000]
train_x_rest = train_X[10000:]
val_y = train_y[:10000]
train_y_rest = train_y[10000:]

model.compile(optimizer='rmsprop',loss='binary_crossentropy', metrics=['acc'])

fit_log = model.fit(train_x_rest,
                    train_y_rest,
                    epochs=20,
                    batch_size=512,
                    validation_data=(val_x, val_y ))

import matplotlib.pyplot as plt

log_dict = fit_log.history
train_loss_curve = log_dict['loss']
val_loss_curve = log_dict['val_loss']

epoch_axis = range(1, len(train_loss_curve) +1)

plt.plot(epoch_axis, train_loss_curve, 'bo', label='loss on train')
plt.plot(epoch_axis, val_loss_curve, 'b', label='loss on validation')
plt.title('train vs validation loss')
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend()



train_acc_curve = log_dict['binary_accuracy']
val_acc_curve = log_dict['val_binary_accuracy']
plt.plot(epoch_axis, train_acc_curve, 'bo', label='accuracy on train')
plt.plot(epoch_axis, val_acc_curve, 'b', label='accuracy on validation')
plt.title('train vs validation accuracy')
plt.xlabel('Epochs')
plt.ylabel('Accuracy')
plt.legend()

model = models.Sequential()
model.add(layers.Dense(16, activation='relu', input_shape=(10000, )))
model.add(layers.Dense(16, activation='relu'))
model.add(layers.Dense(1, activation='sigmoid'))

model.compile(optimizer='rmsprop',
              loss='binary_crossentropy',
              metrics=['accuracy'])

model.fit(train_X, train_y, epochs=4, batch_size=512)
scores = model.evaluate(test_X, test_y)
