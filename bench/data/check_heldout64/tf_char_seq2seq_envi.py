corpus_dir = "data/train-en-vi/"

with open(corpus_dir+"train.en", 'r', encoding='utf-8') as fh:
    english_lines = fh.read().split('\n')

with open(corpus_dir+"train.vi", 'r', encoding='utf-8') as fh:
    viet_lines = fh.read().split('\n')

src_sentences = []
tgt_sentences = []
src_charset = set()
tgt_charset = set()
# how many pairs to use
pair_limit = 10000

# collect source side and its alphabet
for row in english_lines[: min(pair_limit, len(english_lines) - 1)]:
    src_sentence = row
    src_sentences.append(src_sentence)
    for ch in src_sentence:
        if ch not in src_charset:
            src_charset.add(ch)

for row in viet_lines[: min(pair_limit, len(viet_lines) - 1)]:
    tgt_sentence = '\t' + row + '\n'
    tgt_sentences.append(tgt_sentence)
    for ch in tgt_sentence:
        if ch not in tgt_charset:
            tgt_charset.add(ch)

src_charset = sorted(list(src_charset))
tgt_charset = sorted(list(tgt_charset))
n_src_symbols = len(src_charset)
n_tgt_symbols = len(tgt_charset)
longest_src = max([len(s) for s in src_sentences])
longest_tgt = max([len(s) for s in tgt_sentences])

"""
print('pairs:', len(src_sentences))
print('source alphabet size:', n_src_symbols)
print('target alphabet size:', n_tgt_symbols)
print('longest source line:', longest_src)
print('longest target line:', longest_tgt)
"""
#print(src_charset)
#print(tgt_charset)

# symbol -> position lookups
src_lookup = dict([(ch, k) for k, ch in enumerate(src_charset)])
tgt_lookup = dict([(ch, k) for k, ch in enumerate(tgt_charset)])

import numpy as np

enc_onehot = np.zeros((len(src_sentences), longest_src, n_src_symbols),dtype='float32')
dec_onehot_in = np.zeros((len(src_sentences), longest_tgt, n_tgt_symbols),dtype='float32')
dec_onehot_out = np.zeros((len(src_sentences), longest_tgt, n_tgt_symbols),dtype='float32')

#print(enc_onehot.shape)
#print(dec_onehot_in.shape)

for k, (src_sentence, tgt_sentence) in enumerate(zip(src_sentences, tgt_sentences)):
    for pos, ch in enumerate(src_sentence):
        enc_onehot[k, pos, src_lookup[ch]] = 1.
    for pos, ch in enumerate(tgt_sentence):
        # the shifted copy is the teacher-forcing target
        dec_onehot_in[k, pos, tgt_lookup[ch]] = 1.
        if pos > 0:
            # the output lags one step behind
            # so the leading tab is dropped.
            dec_onehot_out[k, pos - 1, tgt_lookup[ch]] = 1.

#print(enc_onehot[155].shape)

# network
import keras, tensorflow
from keras.models import Model
from keras.layers import Input, LSTM, Dense
import numpy as np

bs = 64  # examples per step
n_epochs = 100  # passes over the pairs
hidden_size = 256  # width of the recurrent state

#encoder side
src_in = Input(shape=(None, n_src_symbols))
src_lstm = LSTM(hidden_size, return_state=True)
src_seq_out, h_state, c_state = src_lstm(src_in)
ctx_states = [h_state, c_state]

#decoder side
tgt_in = Input(shape=(None, n_tgt_symbols))
tgt_lstm = LSTM(hidden_size, return_sequences=True, return_state=True)
tgt_seq_out, _, _ = tgt_lstm(tgt_in, initial_state=ctx_states)
tgt_proj = Dense(n_tgt_symbols, activation='softmax')
tgt_seq_out = tgt_proj(tgt_seq_out)

net = Model(inputs=[src_in, tgt_in], outputs=tgt_seq_out)

net.compile(optimizer='rmsprop', loss='categorical_crossentropy')
net.summary()

net.fit([enc_onehot, dec_onehot_in], dec_onehot_out,
          batch_size=bs,
          epochs=n_epochs,
          validation_split=0.2)
net.save('charnmt_en_vi.h5')
