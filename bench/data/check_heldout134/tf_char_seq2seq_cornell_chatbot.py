from __future__ import print_function
from keras.models import Model
from keras.layers import Input, LSTM, Dense
import numpy as np
from keras.callbacks import ModelCheckpoint

BS = 64
EPOCHS = 100
UNITS = 256
MAX_IN_CHARS = 80
MAX_OUT_CHARS = 80
LINES_FILE = 'data/cornell-dialogs/movie_lines_cleaned_10k.txt'
WEIGHTS_OUT = 'models/cornell/char-weights.h5'

src_lines = []
dst_lines = []
src_chars = set()
dst_chars = set()

all_lines = open(LINES_FILE, 'rt', encoding='utf8').read().split('\n')
last = ''
for ln in all_lines:
    cur = ln.lower()
    if len(cur) > MAX_OUT_CHARS:
        cur = cur[0:MAX_OUT_CHARS]

    if last != '':
        src_lines.append(last)
        dst = '\t' + cur + '\n'
        dst_lines.append(dst)

    last = cur

for src, dst in zip(src_lines, dst_lines):
    for ch in src:
        if ch not in src_chars:
            src_chars.add(ch)
    for ch in dst:
        if ch not in dst_chars:
            dst_chars.add(ch)

src_chars = sorted(list(src_chars))
dst_chars = sorted(list(dst_chars))
n_src_chars = len(src_chars)
n_dst_chars = len(dst_chars)
src_len = max([len(s) for s in src_lines])
dst_len = max([len(s) for s in dst_lines])

src_c2i = dict([(ch, r) for r, ch in enumerate(src_chars)])
src_i2c = dict([(r, ch) for r, ch in enumerate(src_chars)])
dst_c2i = dict([(ch, r) for r, ch in enumerate(dst_chars)])
dst_i2c = dict([(r, ch) for r, ch in enumerate(dst_chars)])

np.save('models/cornell/char-input-char2idx.npy', src_c2i)
np.save('models/cornell/char-target-char2idx.npy', dst_c2i)
np.save('models/cornell/char-input-idx2char.npy', src_i2c)
np.save('models/cornell/char-target-idx2char.npy', dst_i2c)

meta = dict()
meta['max_encoder_seq_length'] = src_len
meta['max_decoder_seq_length'] = dst_len
meta['num_encoder_tokens'] = n_src_chars
meta['num_decoder_tokens'] = n_dst_chars

np.save('models/cornell/char-context.npy', meta)

enc_onehot = np.zeros((len(src_lines), src_len, n_src_chars), dtype='float32')
dec_in_onehot = np.zeros((len(src_lines), dst_len, n_dst_chars), dtype='float32')
dec_out_onehot = np.zeros((len(src_lines), dst_len, n_dst_chars), dtype='float32')

for r, (src, dst) in enumerate(zip(src_lines, dst_lines)):
    for pos, ch in enumerate(src):
        enc_onehot[r, pos, src_c2i[ch]] = 1
    for pos, ch in enumerate(dst):
        dec_in_onehot[r, pos, dst_c2i[ch]] = 1
        if pos > 0:
            dec_out_onehot[r, pos-1, dst_c2i[ch]] = 1


enc_in = Input(shape=(None, n_src_chars), name='encoder_inputs')
enc_rnn = LSTM(units=UNITS, return_state=True, name="encoder_lstm")
enc_seq, h_state, c_state = enc_rnn(enc_in)
enc_state = [h_state, c_state]

dec_in = Input(shape=(None, n_dst_chars), name='decoder_inputs')
dec_rnn = LSTM(units=UNITS, return_sequences=True, return_state=True, name='decoder_lstm')
dec_seq, _, _ = dec_rnn(dec_in, initial_state=enc_state)
dec_head = Dense(n_dst_chars, activation='softmax', name='decoder_dense')
dec_seq = dec_head(dec_seq)

s2s = Model([enc_in, dec_in], dec_seq)

s2s.compile(optimizer='rmsprop', loss='categorical_crossentropy')

arch_json = s2s.to_json()
open('models/cornell/char-architecture.json', 'w').write(arch_json)

ckpt = ModelCheckpoint(filepath=WEIGHTS_OUT, save_best_only=True)
s2s.fit([enc_onehot, dec_in_onehot], dec_out_onehot, batch_size=BS, epochs=EPOCHS,
          validation_split=0.2, callbacks=[ckpt])

s2s.save_weights(WEIGHTS_OUT)







