from __future__ import print_function
import matplotlib.pyplot as plt
import numpy as np
import time
import csv
from keras.models import Sequential
from keras.layers.core import Dense, Activation, Dropout
from keras.layers.recurrent import LSTM, SimpleRNN
from keras.layers.wrappers import TimeDistributed
import argparse
from RNN_utils import *

# sample a string from the network one character at a time
def sample_chars(char_model, gen_len, n_vocab, index_char):
	# seed with one random symbol
	picked = [np.random.randint(n_vocab)]
	y_out_chars = [index_char[picked[-1]]]
	X_seq = np.zeros((1, gen_len, n_vocab))
	for i in range(gen_len):
		# feed back the symbol just predicted
		X_seq[0, i, :][picked[-1]] = 1
		print(index_char[picked[-1]], end="")
		picked = np.argmax(char_model.predict(X_seq[:, :i+1, :])[0], 1)
		y_out_chars.append(index_char[picked[-1]])
	return ('').join(y_out_chars)

# read the text file and one-hot encode inputs and shifted targets
def read_text_data(data_path, seq_len):
	text_data = open(data_path, 'r').read()
	charset = list(set(text_data))
	N_VOCAB = len(charset)

	print('{} characters of text'.format(len(text_data)))
	print('{} distinct symbols'.format(N_VOCAB))

	index_char = {picked:ch for picked, ch in enumerate(charset)}
	char_index = {ch:picked for picked, ch in enumerate(charset)}

	X_seq = np.zeros((len(text_data)/seq_len, seq_len, N_VOCAB))
	y_seq = np.zeros((len(text_data)/seq_len, seq_len, N_VOCAB))
	for i in range(0, len(text_data)/seq_len):
		X_chunk = text_data[i*seq_len:(i+1)*seq_len]
		X_chunk_ids = [char_index[c] for c in X_chunk]
		x_onehot_row = np.zeros((seq_len, N_VOCAB))
		for j in range(seq_len):
			x_onehot_row[j][X_chunk_ids[j]] = 1.
			X_seq[i] = x_onehot_row

		y_chunk = text_data[i*seq_len+1:(i+1)*seq_len+1]
		y_chunk_ids = [char_index[c] for c in y_chunk]
		target_onehot = np.zeros((seq_len, N_VOCAB))
		for j in range(seq_len):
			target_onehot[j][y_chunk_ids[j]] = 1.
			y_seq[i] = target_onehot
	return X_seq, y_seq, N_VOCAB, index_char

# command line
cli = argparse.ArgumentParser()
cli.add_argument('-data_dir', default='./data/test.txt')
cli.add_argument('-batch_size', type=int, default=50)
cli.add_argument('-layer_num', type=int, default=2)
cli.add_argument('-seq_length', type=int, default=50)
cli.add_argument('-hidden_dim', type=int, default=500)
cli.add_argument('-generate_length', type=int, default=500)
cli.add_argument('-nb_epoch', type=int, default=20)
cli.add_argument('-mode', default='train')
cli.add_argument('-weights', default='')
opts = vars(cli.parse_args())

DATA_PATH = opts['data_dir']
BATCH_N = opts['batch_size']
UNITS = opts['hidden_dim']
SEQ_LEN = opts['seq_length']
WEIGHTS_FILE = opts['weights']

SAMPLE_LEN = opts['generate_length']
N_LSTM = opts['layer_num']

# build the arrays
X_seq, y_seq, N_VOCAB, index_char = read_text_data(DATA_PATH, SEQ_LEN)

# stack of LSTM layers with a per-step softmax
char_model = Sequential()
char_model.add(LSTM(UNITS, input_shape=(None, N_VOCAB), return_sequences=True))
for i in range(N_LSTM - 1):
  char_model.add(LSTM(UNITS, return_sequences=True))
char_model.add(TimeDistributed(Dense(N_VOCAB)))
char_model.add(Activation('softmax'))
char_model.compile(loss="categorical_crossentropy", optimizer="rmsprop")

# a sample from the untrained network
sample_chars(char_model, opts['generate_length'], N_VOCAB, index_char)

if not WEIGHTS_FILE == '':
  char_model.load_weights(WEIGHTS_FILE)
  epoch_idx = int(WEIGHTS_FILE[WEIGHTS_FILE.rfind('_') + 1:WEIGHTS_FILE.find('.')])
else:
  epoch_idx = 0

# train forever when no weights file is given
if opts['mode'] == 'train' or WEIGHTS_FILE == '':
  while True:
    print('\n\npass {}\n'.format(epoch_idx))
    char_model.fit(X_seq, y_seq, batch_size=BATCH_N, verbose=1, nb_epoch=1)
    epoch_idx += 1
    sample_chars(char_model, SAMPLE_LEN, N_VOCAB, index_char)
    if epoch_idx % 10 == 0:
      char_model.save_weights('checkpoint_layer_{}_hidden_{}_epoch_{}.hdf5'.format(N_LSTM, UNITS, epoch_idx))

# otherwise only sample from the restored weights
elif WEIGHTS_FILE == '':
  # restore
  char_model.load_weights(WEIGHTS_FILE)
  sample_chars(char_model, SAMPLE_LEN, N_VOCAB, index_char)
  print('\n\n')
else:
  print('\n\nno work requested')
