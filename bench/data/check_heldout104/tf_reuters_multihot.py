import numpy as np
from keras.datasets import reuters
from keras import models
from keras import layers
import matplotlib.pyplot as plt

(tr_seqs, tr_topics), (te_seqs, te_topics) = reuters.load_data(num_words = 10000)
np.set_printoptions(threshold = np.inf)
#print(tr_seqs.shape, tr_topics.shape, te_seqs.shape, te_topics.shape)
#print(type(tr_seqs[0]))

def decode_newswire(ids):
    vocab = reuters.get_word_index()
    inverse = dict([(v, k) for (k, v) in vocab.items()])
    text = ' '.join([inverse.get(i - 3, '*') for i in ids])
    return text

def multi_hot(seqs, width = 10000):
    out = np.zeros((len(seqs), width))
    for row, ids in enumerate(seqs):
        out[row, ids] = 1
    return out

x_tr = multi_hot(tr_seqs)
x_te = multi_hot(te_seqs)

y_tr_onehot = multi_hot(tr_topics, 46)
y_te_onehot = multi_hot(te_topics, 46)

print(y_tr_onehot.shape, y_te_onehot.shape)

clf = models.Sequential()
clf.add(layers.Dense(64, activation = 'relu', input_shape = (10000, )))
clf.add(layers.Dense(64, activation = 'relu'))
clf.add(layers.Dense(46, activation = 'softmax'))

clf.compile(optimizer = 'rmsprop', 
            loss = 'categorical_crossentropy',
            metrics = ['accuracy'])

x_hold = x_tr[:1000]
x_fit = x_tr[1000:]

y_hold = y_tr_onehot[:1000]
y_fit = y_tr_onehot[1000:]

hist = clf.fit(x_fit, y_fit,
               epochs = 20, batch_size = 512,
               validation_data = (x_hold, y_hold))

tr_loss = hist.history['loss']
va_loss = hist.history['val_loss']

xs = range(1, len(tr_loss) + 1)
plt.plot(xs, tr_loss, 'bo', label = 'train loss')
plt.plot(xs, va_loss, 'b', label = 'val loss')
plt.title("Loss per epoch")
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend()
plt.show()

scores = clf.evaluate(x_te, y_te_onehot)
print(scores)
