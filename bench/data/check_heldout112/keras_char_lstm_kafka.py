import numpy as np
from keras.models import Sequential
from keras.layers import Dense, Dropout, LSTM
from keras.callbacks import ModelCheckpoint
from keras.utils import np_utils

corpus_path = 'kafka.txt'
story = open(corpus_path).read().lower()

alphabet = sorted(list(set(story)))
letter_ids = dict((ch, k) for k, ch in enumerate(alphabet))
story_len = len(story)
alphabet_size = len(alphabet)

window = 200
inputs_list = []
targets_list = []
for start in range(0, story_len - window, 1):
    chunk = story[start:start + window]
    following = story[start + window]
    inputs_list.append([letter_ids[ch] for ch in chunk])
    targets_list.append(letter_ids[following])
    n_windows = len(inputs_list)
print("Windows built: " + str(n_windows))

# shape the windows as (samples, steps, features) for the recurrent layer
features = np.reshape(inputs_list, (n_windows, window, 1))
# scale ids into [0, 1)
features = features/float(alphabet_size)
# targets as one-hot rows
targets = np_utils.to_categorical(targets_list)

# recurrent next-character model
net = Sequential()
net.add(LSTM(128, input_shape=(features.shape[1], features.shape[2])))
net.add(Dropout(0.2))
net.add(Dense(targets.shape[1], activation='softmax'))
net.compile(loss='categorical_crossentropy', optimizer='adam')

ckpt_pattern="ckpt-{epoch:02d}-{loss:.4f}.hdf5"
saver = ModelCheckpoint(ckpt_pattern, monitor='loss', verbose=1, save_best_only=True, mode='min')
cb_list = [saver]

# train
net.fit(features, targets, epochs=10, batch_size=128, callbacks=cb_list)

