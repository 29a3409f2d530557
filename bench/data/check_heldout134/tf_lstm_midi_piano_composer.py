"""Builds windows of MIDI tokens and trains a note LSTM.
"""
import glob
import pickle
import numpy
from music21 import converter, instrument, note, chord
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Dropout
from keras.layers import LSTM
from keras.layers import Activation
from keras.layers import BatchNormalization as BatchNorm
from keras.utils import np_utils
from keras.callbacks import ModelCheckpoint

def run_training():
    """Builds windows of MIDI tokens and trains a note LSTM."""
    tokens = collect_tokens()

    # size of the symbol set
    n_symbols = len(set(tokens))

    seq_x, seq_y = make_windows(tokens, n_symbols)

    net = build_lstm(seq_x, n_symbols)

    fit_net(net, seq_x, seq_y)

def collect_tokens():
    """Builds windows of MIDI tokens and trains a note LSTM."""
    tokens = []

    for mid_path in glob.glob("midi_songs/*.mid"):
        score = converter.parse(mid_path)

        print("reading %s" % mid_path)

        elems = None

        try: # split by instrument when possible
            parts_split = instrument.partitionByInstrument(score)
            elems = parts_split.parts[0].recurse() 
        except: # otherwise a flat list of notes
            elems = score.flat.notes

        for el in elems:
            if isinstance(el, note.Note):
                tokens.append(str(el.pitch))
            elif isinstance(el, chord.Chord):
                tokens.append('.'.join(str(n) for n in el.normalOrder))

    with open('data/notes', 'wb') as out_path:
        pickle.dump(tokens, out_path)

    return tokens

def make_windows(tokens, n_symbols):
    """Builds windows of MIDI tokens and trains a note LSTM."""
    win = 100

    # sorted distinct symbols
    symbols = sorted(set(item for item in tokens))

     # symbol -> integer id
    sym2id = dict((note, idx) for idx, note in enumerate(symbols))

    seq_x = []
    seq_y = []

    # sliding windows of 100 tokens with the next token as target
    for k in range(0, len(tokens) - win, 1):
        window = tokens[k:k + win]
        nxt = tokens[k + win]
        seq_x.append([sym2id[sym] for sym in window])
        seq_y.append(sym2id[nxt])

    n_windows = len(seq_x)

    # LSTM wants (samples, steps, 1)
    seq_x = numpy.reshape(seq_x, (n_windows, win, 1))
    # scale ids to [0, 1]
    seq_x = seq_x / float(n_symbols)

    seq_y = np_utils.to_categorical(seq_y)

    return (seq_x, seq_y)

def build_lstm(seq_x, n_symbols):
    """Builds windows of MIDI tokens and trains a note LSTM."""
    net = Sequential()
    net.add(LSTM(
        512,
        input_shape=(seq_x.shape[1], seq_x.shape[2]),
        recurrent_dropout=0.3,
        return_sequences=True
    ))
    net.add(LSTM(512, return_sequences=True, recurrent_dropout=0.3,))
    net.add(LSTM(512))
    net.add(BatchNorm())
    net.add(Dropout(0.3))
    net.add(Dense(256))
    net.add(Activation('relu'))
    net.add(BatchNorm())
    net.add(Dropout(0.3))
    net.add(Dense(n_symbols))
    net.add(Activation('softmax'))
    net.compile(loss='categorical_crossentropy', optimizer='rmsprop')

    return net

def fit_net(net, seq_x, seq_y):
    """Builds windows of MIDI tokens and trains a note LSTM."""
    out_path = "weights-improvement-{epoch:02d}-{loss:.4f}-bigger.hdf5"
    ckpt = ModelCheckpoint(
        out_path,
        monitor='loss',
        verbose=0,
        save_best_only=True,
        mode='min'
    )
    cbs = [ckpt]

    net.fit(seq_x, seq_y, epochs=200, batch_size=128, callbacks=cbs)

if __name__ == '__main__':
    run_training()
