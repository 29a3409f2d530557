# -*- coding: utf-8 -*-
"""
German to English translation model

encoder LSTM, RepeatVector, decoder LSTM
"""

from pickle import load
from numpy import array
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM
from tensorflow.keras.layers import Dense
from tensorflow.keras.layers import Embedding
from tensorflow.keras.layers import RepeatVector
from tensorflow.keras.layers import TimeDistributed
from tensorflow.keras.callbacks import ModelCheckpoint

# read pickled sentence pairs
def read_pairs(path):
	return load(open(path, 'rb'))

# tokenizer fitted on some lines
def fit_tokenizer(texts):
	tok = Tokenizer()
	tok.fit_on_texts(texts)
	return tok

# longest line in words
def longest(texts):
	return max(len(t.split()) for t in texts)

# ids, padded to a fixed length
def to_padded_ids(tok, width, texts):
	# words to ids
	ids = tok.texts_to_sequences(texts)
	# zero padding at the end
	ids = pad_sequences(ids, maxlen=width, padding='post')
	return ids

# one-hot targets for every position
def one_hot_targets(seqs, n_words):
	rows = list()
	for seq in seqs:
		hot = to_categorical(seq, num_classes=n_words)
		rows.append(hot)
	out = array(rows)
	out = out.reshape(seqs.shape[0], seqs.shape[1], n_words)
	return out

# the network
def make_net(n_src, n_tgt, src_steps, tgt_steps, units):
	net = Sequential()
	net.add(Embedding(n_src, units, input_length=src_steps, mask_zero=True))
	net.add(LSTM(units))
	net.add(RepeatVector(tgt_steps))
	net.add(LSTM(units, return_sequences=True))
	net.add(TimeDistributed(Dense(n_tgt, activation='softmax')))
	return net

# read the pickled splits
both = read_pairs('Temp/english-german-both.pkl')
tr_pairs = read_pairs('Temp/english-german-train.pkl')
te_pairs = read_pairs('Temp/english-german-test.pkl')

# English side
en_tok = fit_tokenizer(both[:, 0])
en_words = len(en_tok.word_index) + 1
en_len = longest(both[:, 0])
print('English vocabulary: %d' % en_words)
print('English longest: %d' % (en_len))
# German side
de_tok = fit_tokenizer(both[:, 1])
de_words = len(de_tok.word_index) + 1
de_len = longest(both[:, 1])
print('German vocabulary: %d' % de_words)
print('German longest: %d' % (de_len))

# training arrays
x_tr = to_padded_ids(de_tok, de_len, tr_pairs[:, 1])
y_tr = to_padded_ids(en_tok, en_len, tr_pairs[:, 0])
y_tr = one_hot_targets(y_tr, en_words)
# validation arrays
x_te = to_padded_ids(de_tok, de_len, te_pairs[:, 1])
y_te = to_padded_ids(en_tok, en_len, te_pairs[:, 0])
y_te = one_hot_targets(y_te, en_words)

# build
net = make_net(de_words, en_words, de_len, en_len, 256)
net.compile(optimizer='adam', loss='categorical_crossentropy')
# print the layers
print(net.summary())

# train
ckpt_path = 'Temp/model.h5'
ckpt = ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=1, save_best_only=True, mode='min')
net.fit(x_tr, y_tr, epochs=30, batch_size=64, validation_data=(x_te, y_te), callbacks=[ckpt], verbose=2)
