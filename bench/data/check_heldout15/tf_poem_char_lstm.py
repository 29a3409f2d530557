# -*- coding: utf-8 -*-
# fit the poem model

import cPickle
import numpy as np
from collections import Counter
from re import compile as _rx_compile
from sklearn.cross_validation import train_test_split
from keras.optimizers import RMSprop
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers.convolutional import Convolution1D, MaxPooling1D
from keras.layers.recurrent import LSTM
from keras.layers.embeddings import Embedding
from keras.preprocessing import sequence
from keras.layers.core import TimeDistributedDense, Dropout, Activation
from keras.layers.recurrent import LSTM, GRU
from keras.utils.np_utils import to_categorical
from keras.callbacks import EarlyStopping, ModelCheckpoint

def chars_of_text( raw_text ):
    splitter_fn = _rx_compile( '(?s)((?:[\ud800-\udbff][\udc00-\udfff])|.)' ).split
    return [ ch for ch in splitter_fn( raw_text ) if ch ]

def train_lstm_model(x, y, test_x=None, test_y=None, vocab_count=100, window_len=32, epoch_count=10):
    """
    vocab_count: size of the character vocabulary
    window_len: how many characters the recurrent net reads
    returns the fitted network
    """
    eye_weights = np.identity(vocab_count+1)

    lstm_model=Sequential()
    lstm_model.add(Embedding(vocab_count+1, vocab_count+1, weights=[eye_weights], input_length=window_len, trainable=False))
    lstm_model.add(LSTM(512, return_sequences=True, input_shape=(window_len, vocab_count+1)))
    lstm_model.add(Dropout(0.2))
    lstm_model.add(LSTM(512, return_sequences=False))
    lstm_model.add(Dropout(0.2))
    lstm_model.add(Dense(vocab_count))
    lstm_model.add(Activation('softmax'))
    lstm_model.compile(loss='categorical_crossentropy', optimizer='rmsprop')

    BEST_MODEL_PATH = './try_model.h5'
    stopper = EarlyStopping(verbose=True, patience=3, monitor='val_loss')
    best_saver = ModelCheckpoint(BEST_MODEL_PATH, monitor='val_loss', verbose=True, save_best_only=True)

    lstm_model.fit(x, y, batch_size=256, nb_epoch=epoch_count,
          show_accuracy=True, validation_data=(test_x, test_y), callbacks = [stopper, best_saver])

def draw_index(probs, temp=1.0):
    # pick one position at random, weighted by the tempered distribution
    probs = np.log(probs) / temp
    probs = np.exp(probs) / np.sum(np.exp(probs))
    return np.argmax(np.random.multinomial(1, probs, 1))

def generate_poem_ids(lstm_model, head_chars):
    """
    lstm_model: trained network to sample from
    head_chars: string whose characters open the lines in turn, e.g. '新年快乐'
    returns the generated character ids
    """
    seq = [0]*32
    head_chars = chars_of_text(head_chars.decode('utf-8'))
    n_lines = len(head_chars)
    head_ids = [char2id[i] for i in head_chars]

    seq.append(head_ids.pop(0))
    step = 1
    line_len=False
    for i in range(40):
        step+=1
        window = np.asarray([seq[-32:]])
        probs = lstm_model.predict(window, verbose=0)[0]
        nxt_id = draw_index(probs, 0.9)+1

        # the first comma fixes how long a line is
        if nxt_id == 1 and not line_len:
            line_len = step

        # punctuation before the line is full: draw again without it
        if line_len and (nxt_id == 1 or 2) and step % line_len !=0:
            probs = probs[2:]
            nxt_id = draw_index(probs, 0.9)+3

        # a full line ends with a comma or, every second line, a full stop
        if line_len and step % line_len == 0:
            if step % (2*line_len) == 0:
                nxt_id = 2
            else:
                nxt_id = 1

        seq.append(nxt_id)

        # start the next line with the next head character, if any is left
        if line_len and step % line_len == 0:
            if head_ids:
                seq.append(head_ids.pop(0))
                step+=1
            else:
                break
    return seq[32:]

def show_poem(chars):
    """
    Print the generated characters one line of verse at a time
    chars: list of single unicode characters
    (no return value)
    """
    stops = [i for i, j in enumerate(chars) if j == u'\uff0c' or j == u'\u3002']
    line_width = stops[0]+1
    while stops:
        stop_at = stops.pop(0)
        line_chars = chars[stop_at-line_width+1: stop_at+1]
        print(''.join(line_chars))

if __name__ == "__main__":
    char2id, id2char = cPickle.load(open('../data/dict.pkl', 'r+'))
    seq_data, next_labels = cPickle.load(open('../data/data_train.pkl', 'r+'))
    vocab_count = len(char2id)

    seq_data = sequence.pad_sequences(seq_data, maxlen=32)
    next_labels = to_categorical([i-1 for i in next_labels])
    print(seq_data.shape)

    train_X = seq_data[: 1800000]
    test_X = seq_data[1800000:]
    train_y = next_labels[:1800000]
    test_y = next_labels[1800000:]

    lstm_model = train_lstm_model(train_X, train_y, test_X, test_y, vocab_count=vocab_count)
    # still to do: rhyme check on the last character of a line, redraw when it fails

    # write out architecture and weights
    arch_json = lstm_model.to_json()
    open('../data/my_model_architecture.json', 'w').write(arch_json)
    lstm_model.save_weights('../data/my_model_weights.h5')

    # example: an acrostic poem
    poem = generate_poem_ids(lstm_model, '新年快乐')
    poem = [id2char[i] for i in poem]
    show_poem(poem)
