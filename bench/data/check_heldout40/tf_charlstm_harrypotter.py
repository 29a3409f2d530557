import os
import numpy as np
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Dropout
from keras.layers import LSTM
from keras.callbacks import ModelCheckpoint
from keras.utils import np_utils
import h5py

corpus_dir = os.path.join('..', 'corpus')

def read_corpus():
    for name in os.listdir(corpus_dir):
        with open(os.path.join(corpus_dir, name), 'r') as fh:
            return fh.read(), name


def save_sample(sample):
    with open(os.path.join('..', 'samples', corpus_name), 'w') as fh:
        fh.write(sample)


# text and alphabet
corpus, corpus_name = read_corpus()
corpus.lower()
symbols = np.unique(list(corpus))
n_chars, n_symbols = len(corpus), len(symbols)
print('%d chars in text, %d distinct' % (n_chars, n_symbols))
sym_to_id = {s: k for k, s in enumerate(symbols)}
id_to_sym = {k: s for k, s in enumerate(symbols)}
window = 100
windows_ids = []
next_ids = []
for k in range(0, n_chars - window, 1):
    chunk = corpus[k:k+window]
    after = corpus[k+window]
    windows_ids.append([sym_to_id[s] for s in chunk])
    next_ids.append(sym_to_id[after])

# shape the inputs
n_windows = len(windows_ids)
inputs = np.reshape(windows_ids, (n_windows, window, 1))
inputs = np_utils.to_categorical(inputs)
targets = np_utils.to_categorical(next_ids)

# network
net = Sequential()
net.add(LSTM(256, input_shape=(inputs.shape[1], inputs.shape[2]), return_sequences=True))
net.add(Dropout(0.25))
net.add(LSTM(256))
net.add(Dropout(0.25))
net.add(Dense(targets.shape[1], activation='softmax'))
net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

# keep the best weights over the epochs
ckpt_file = "best_weights.hdf5"
# saver = ModelCheckpoint(ckpt_file, monitor='loss', verbose=1, save_best_only=True, mode='min')
# callbacks = [saver]

# training
# net.fit(inputs, targets, epochs=20, batch_size=128, callbacks=callbacks)

# restore the best weights
with h5py.File(ckpt_file, 'r') as fh:
    net.load_weights(ckpt_file)

# random starting window
begin = np.random.randint(0, len(inputs) - 1)
current = inputs[begin]

# sample characters
sample = ''
for k in range(1000):
    probe = np.reshape(current, (1, len(current), len(current[1])))
    dist = net.predict_proba(probe, verbose=0)[0,:]
    chosen = np.random.choice(len(dist), p=dist)
    sample += id_to_sym[chosen]
    decoded = [id_to_sym[v] for v in np.argmax(current, axis=1)]
    extra = np.zeros((1,len(current[1])))
    extra[0][chosen] = 1
    current = np.append(current, extra, axis=0)
    current = current[1:len(current)]
save_sample(sample)
