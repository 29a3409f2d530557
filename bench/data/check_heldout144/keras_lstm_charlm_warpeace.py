'''
Character-level LSTM that learns to write like a novel
(book companion example, recurrent networks chapter)
Re-expressed for the check set
'''

import numpy as np
from keras.models import Sequential
from keras.layers.core import Dense, Activation, Dropout
from keras.layers.recurrent import LSTM
from keras.layers.wrappers import TimeDistributed
from keras.callbacks import Callback, ModelCheckpoint, EarlyStopping
from keras import optimizers


corpus_path = 'warpeace_input.txt'

corpus = open(corpus_path, 'r').read()
corpus = corpus.lower()
corpus[:100]

total_len = len(corpus)
print('characters in corpus: {}'.format(total_len))
alphabet = sorted(list(set(corpus)))
vocab_size = len(alphabet)
print('distinct characters: {}'.format(vocab_size))
print(alphabet)

id2ch = dict((k, ch) for k, ch in enumerate(alphabet))
ch2id = dict((ch, k) for k, ch in enumerate(alphabet))
print(ch2id)


window = 160
num_windows = int(total_len / window)

inputs = np.zeros((num_windows, window, vocab_size))
targets = np.zeros((num_windows, window, vocab_size))

for w in range(num_windows):
	chunk_in = corpus[w * window : (w + 1) * window]
	chunk_in_1hot = np.zeros((window, vocab_size))
	for t in range(window):
		ch = chunk_in[t]
		pos = ch2id[ch]
		chunk_in_1hot[t][pos] = 1.
	inputs[w] = chunk_in_1hot
	chunk_out = corpus[w * window + 1 : (w + 1) * window + 1]
	chunk_out_1hot = np.zeros((window, vocab_size))
	for t in range(window):
		ch = chunk_out[t]
		pos = ch2id[ch]
		chunk_out_1hot[t][pos] = 1.
	targets[w] = chunk_out_1hot


bs = 100
depth = 2
units = 700
epochs = 300
drop_rate = 0.4


net = Sequential()
net.add(LSTM(units, input_shape=(None, vocab_size), return_sequences=True))
net.add(Dropout(drop_rate))
for w in range(depth - 1):
    net.add(LSTM(units, return_sequences=True))
    net.add(Dropout(drop_rate))
net.add(TimeDistributed(Dense(vocab_size)))
net.add(Activation('softmax'))

rms = optimizers.RMSprop(lr=0.001, rho=0.9, epsilon=1e-08, decay=0.0)
net.compile(loss="categorical_crossentropy", optimizer=rms)

print(net.summary())




def sample_text(net, length, vocab_size, id2ch):
    """
    Let the network write `length` characters
    @param net: the trained recurrent model
    @param length: how many characters to produce
    @param vocab_size: size of the alphabet
    @param id2ch: index -> character table
    @return: the produced string
    """
    # seed with one random character
    pos = np.random.randint(vocab_size)
    written = [id2ch[pos]]
    seq = np.zeros((1, length, vocab_size))
    for k in range(length):
        seq[0, k, pos] = 1.
        best = np.argmax(net.predict(seq[:, max(0, k - 99):k + 1, :])[0], 1)
        pos = best[-1]
        written.append(id2ch[pos])
    return ('').join(written)


class SampleEveryN(Callback):
    def __init__(self, net, every, length):
        self.model = net
        self.every = every
        self.length = length

    def on_epoch_end(self, epoch, logs={}):
        if epoch % self.every == 0:
            text = sample_text(self.model, self.length, vocab_size, id2ch)
            print('\nSample text:\n' + text)


ckpt_pattern="weights/weights_epoch_{epoch:03d}_loss_{loss:.4f}.hdf5"
saver = ModelCheckpoint(ckpt_pattern, monitor='loss', verbose=1, save_best_only=True, mode='min')

stopper = EarlyStopping(monitor='loss', min_delta=0, patience=50, verbose=1, mode='min')

net.fit(inputs, targets, batch_size=bs, verbose=1, epochs=epochs,
               callbacks=[SampleEveryN(net, 10, 500), saver, stopper])

