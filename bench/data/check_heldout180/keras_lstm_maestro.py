import numpy as np
import pandas as pd
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, LSTM, Dropout
from tensorflow.keras.callbacks import ModelCheckpoint
import pickle


# MAESTRO v3 MIDI folder and its metadata table
path = 'maestro-v3.0.0-midi/maestro-v3.0.0/'

metadata = pd.read_csv(path + 'maestro-v3.0.0.csv')

notes = []


nSongs = len(metadata.index)

# note/chord tokens of every piece, pickled by the extraction step
listFile = 'list.txt'
with open(listFile, 'rb') as f:
    notes = pickle.load(f)


sequence_length = 100

pitchnames = sorted(set(item for item in notes))

# vocabulary size = number of output classes
n_vocab = len(pitchnames)

# token -> integer id
note_to_int = dict((note, number) for number, note in enumerate(pitchnames))

# inputs and next-token targets
network_input = []
network_output = []

# slide a window of sequence_length tokens over the whole token stream
for i in range(len(notes) - sequence_length):
    sequence_in = notes[i:i + sequence_length]
    sequence_out = notes[i + sequence_length]
    network_input.append([note_to_int[n] for n in sequence_in])
    network_output.append(note_to_int[sequence_out])

# number of windows
n_patterns = len(network_input)

# (samples, steps, 1) for the LSTM
network_input = np.reshape(network_input, (n_patterns, sequence_length, 1))

# scale ids into [0, 1)
network_input = network_input / float(n_vocab)

# targets as an array
network_output = np.array(network_output)


# three stacked LSTMs
model = Sequential()
model.add(LSTM(512, input_shape=(network_input.shape[1], network_input.shape[2]), return_sequences=True))
model.add(Dropout(0.3))
model.add(LSTM(512, return_sequences=True))
model.add(Dropout(0.3))
model.add(LSTM(512))
model.add(Dense(256, activation='relu'))
model.add(Dropout(0.3))
model.add(Dense(n_vocab, activation='softmax'))


model.compile(loss='sparse_categorical_crossentropy', optimizer='rmsprop')

# keep the weights whenever the loss improves
filepath = "weights-improvement-{epoch:02d}-{loss:.4f}-bigger.hdf5"
checkpoint = ModelCheckpoint(
    filepath, monitor='loss',
    verbose=0,
    save_best_only=True,
    mode='min'
)
callbacks_list = [checkpoint]

# fit on the whole in-memory arrays
model.fit(network_input, network_output, epochs=200, batch_size=64, callbacks=callbacks_list)
