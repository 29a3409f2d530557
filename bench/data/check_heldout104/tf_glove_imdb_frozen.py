import os
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
import numpy as np
import pdb

reviews_root = '/data/corpora/aclImdb'
train_root = os.path.join(reviews_root, 'train')

targets = []
docs = []

for polarity in ['neg', 'pos']:
    folder = os.path.join(train_root, polarity)
    for name in os.listdir(folder):
        if name[-4:] != '.txt':
            print('Unexpected file %s' % (name))
            break;
        fh = open(os.path.join(folder, name))
        docs.append(fh.read())
        fh.close()
        if polarity == 'neg':
            targets.append(0)
        else:
            targets.append(1)

seq_len = 100
n_train = 200
n_val = 10000
vocab_cap = 10000

tok = Tokenizer(num_words=vocab_cap)
tok.fit_on_texts(docs)
id_seqs = tok.texts_to_sequences(docs)

vocab = tok.word_index
print('%s distinct tokens, %s sequences'
      % (len(vocab), len(id_seqs)))

inputs = pad_sequences(id_seqs, maxlen=seq_len)
targets = np.asarray(targets)

print('inputs shape:', inputs.shape)
print('targets shape:', targets.shape)

order = np.arange(inputs.shape[0])
np.random.shuffle(order)
inputs = inputs[order]
targets = targets[order]

x_fit = inputs[:n_train]
y_fit = targets[:n_train]
x_hold = inputs[n_train: n_train + n_val]
y_hold = targets[n_train: n_train + n_val]

vectors_root = '/data/corpora/glove.6B'
word_vectors = {}
fh = open(os.path.join(vectors_root, 'glove.6B.100d.txt'))
for row in fh:
    parts = row.split()
    token = parts[0]
    vec = np.asarray(parts[1:], dtype='float32')
    word_vectors[token] = vec
fh.close()
print('%s pretrained vectors read.' % len(word_vectors))

emb_dim = 100
emb_weights = np.zeros((vocab_cap, emb_dim))

n_big = 0
n_small = 0
for token, idx in vocab.items():
    if idx < vocab_cap:
        vec = word_vectors.get(token)
        if vec is not None:
            emb_weights[idx] = vec

from keras.models import Sequential
from keras.layers import Embedding, Flatten, Dense

net = Sequential()
net.add(Embedding(vocab_cap, emb_dim, input_length=seq_len))
net.add(Flatten())
net.add(Dense(32, activation='relu'))
net.add(Dense(1, activation='sigmoid'))
net.summary()

net.layers[0].set_weights([emb_weights])
net.layers[0].trainable = False

net.compile(optimizer='rmsprop',
            loss='binary_crossentropy',
            metrics=['acc'])
hist = net.fit(x_fit, y_fit,
               epochs=10,
               batch_size=32,
               validation_data=(x_hold, y_hold))
net.save_weights('glove_frozen_weights.h5')

import matplotlib.pyplot as plt

tr_acc = hist.history['acc']
va_acc = hist.history['val_acc']
tr_loss = hist.history['loss']
va_loss = hist.history['val_loss']
xs = range(1, len(tr_acc) + 1)

plt.plot(xs, tr_acc, 'bo', label='train acc')
plt.plot(xs, va_acc, 'b', label='val acc')
plt.title('Accuracy per epoch')
plt.legend()
plt.figure()

plt.plot(xs, tr_loss, 'bo', label='train loss')
plt.plot(xs, va_loss, 'b', label='val loss')
plt.title('Loss per epoch')
plt.legend()
plt.show()

