
# coding: utf-8

#


import nltk
import tensorflow as tf
import keras
from gensim.models import Word2Vec
import multiprocessing
import os
from keras.initializers import Constant
import matplotlib.pyplot as plt
import keras.backend as K
from keras.utils import plot_model
from keras.callbacks import ModelCheckpoint
from keras.preprocessing.text import Tokenizer
import numpy as np
from keras.utils import to_categorical

#


def read_text(fname):
    fh = open(fname, 'r', encoding='utf-8')
    content = fh.read()
    fh.close()
    return content


#


raw = read_text('republic_clean.txt')
print(raw[:200])


#


import string

#
def tokenize_plato(raw):
    #
    raw = raw.replace('--', ' ')
    #
    words = raw.split()
    #
    strip_punct = str.maketrans('', '', string.punctuation)
    words = [tok.translate(strip_punct) for tok in words]
    #
    words = [tk for tk in words if tk.isalpha()]
    #
    words = [tk.lower() for tk in words]
    return words


#


words = tokenize_plato(raw)
print(words[:200])
print("tokens: %d" % len(words))
print("distinct: %d" % len(set(words)))


#


#
win = 50 + 1
windows = list()
for end in range(win, len(words)):
    #
    chunk = words[end-win:end]
    #
    joined = ' '.join(chunk)
    #
    windows.append(joined)
print('windows: %d' % len(windows))


#


def write_lines(rows, fname):
    blob = '\n'.join(rows)
    fh = open(fname, 'w')
    fh.write(blob)
    fh.close()


#


seq_file = 'republic_sequences.txt'
write_lines(windows, seq_file)


#


#
def read_file(fname):
    #
    fh = open(fname, 'r')
    #
    content = fh.read()
    #
    fh.close()
    return content

#
seq_in = 'republic_sequences.txt'
raw = read_file(seq_in)
rows = raw.split('\n')


#


tkz = Tokenizer()
tkz.fit_on_texts(rows)
windows = tkz.texts_to_sequences(rows)


#


#
n_vocab = len(tkz.word_index) + 1


#


#
windows = np.array(windows)
ctx, nxt = windows[:,:-1], windows[:,-1]
nxt = to_categorical(nxt, num_classes=n_vocab)
ctx_len = ctx.shape[1]


#


#
from keras.models import Sequential
from keras.layers import Dense, Flatten, CuDNNLSTM,LSTM, InputLayer, Bidirectional, TimeDistributed, Embedding, Activation,Dropout
from keras.optimizers import Adam
lm = Sequential()
lm.add(Embedding(n_vocab, 300, input_length=ctx_len))
lm.add(Bidirectional(CuDNNLSTM(256, return_sequences=True)))
lm.add(Dropout(0.2))
lm.add(Bidirectional(CuDNNLSTM(256)))
lm.add(Dropout(0.2))
lm.add(Dense(128, activation='relu'))
lm.add(Dense(n_vocab, activation='softmax'))
print(lm.summary())


#


#
lm.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
#
hist=lm.fit(ctx, nxt, batch_size=512, epochs=50)
lm.save("republic_lm.h5")

#
plt.figure()
plt.plot(hist.history['acc'])
plt.plot(hist.history['val_acc'])
plt.title('accuracy per epoch')
plt.ylabel('acc')
plt.xlabel('epoch')
plt.legend(['train', 'held-out'], loc='upper left')
plt.savefig("curve_acc.png")

plt.figure( )
#
plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['train', 'held-out'], loc='upper left')
plt.savefig("curve_loss.png")



