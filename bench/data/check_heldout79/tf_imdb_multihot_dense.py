import numpy as np
from tensorflow.keras.datasets import imdb
from tensorflow.keras import models
from tensorflow.keras import layers
from tensorflow.keras import optimizers
from tensorflow.keras import losses
from tensorflow.keras import metrics
import matplotlib.pyplot as plt

(reviews_train, labels_train), (reviews_test,
                             labels_test) = imdb.load_data(num_words=10000)

# # largest word index used by any review
# top_index = max([max(seq) for seq in reviews_train])
# print(top_index)

# # look at one review as ids
# print(reviews_train[0])

# # turn one review back into words
# vocab = imdb.get_word_index()
# id_to_word = dict(
#     [(v, k) for (k, v) in vocab.items()]
# )
# text_back = ' '.join(
#     [id_to_word.get(k - 3, '?') for k in reviews_train[0]]
# )  # ids are shifted by 3 (padding, start, unknown)
# print(text_back)


def multi_hot(seqs, dimension=10000):
  out = np.zeros((len(seqs), dimension))
  for k, seq in enumerate(seqs):
    out[k, seq] = 1.
  return out


x_train = multi_hot(reviews_train)
x_test = multi_hot(reviews_test)

y_train = np.asarray(labels_train).astype('float32')
y_test = np.asarray(labels_test).astype('float32')

net = models.Sequential()
net.add(layers.Dense(16, activation='relu', input_shape=(10000,)))
net.add(layers.Dense(16, activation='relu'))
net.add(layers.Dense(1, activation='sigmoid'))

net.compile(
    optimizer=optimizers.RMSprop(lr=0.001),
    loss=losses.binary_crossentropy,
    metrics=[metrics.binary_accuracy]
)


x_hold = x_train[:10000]
x_fit = x_train[10000:]

y_hold = y_train[:10000]
y_fit = y_train[10000:]

run = net.fit(
    x_fit,
    y_fit,
    epochs=20,
    batch_size=512,
    validation_data=(x_hold, y_hold)
)

curves = run.history
train_loss = curves['loss']
hold_loss = curves['val_loss']

# loss curves
epochs = range(1, len(train_loss) + 1)

plt.plot(epochs, train_loss, 'bo', label='Training loss')
plt.plot(epochs, hold_loss, 'b', label='Validation loss')
plt.title('Loss per epoch')
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend()
plt.show()

# accuracy curves
plt.clf()
train_acc = curves['binary_accuracy']
hold_acc = curves['val_binary_accuracy']

plt.plot(epochs, train_acc, 'bo', label='Training acc')
plt.plot(epochs, hold_acc, 'b', label='Validation acc')
plt.title('Accuracy per epoch')
plt.xlabel('Epochs')
plt.ylabel('Accuracy')
plt.legend()

plt.show()
