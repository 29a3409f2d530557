'''Character-level encoder-decoder LSTM (Keras) that learns

to map a product review to its short summary,
one character at a time, then decodes a few
training reviews greedily.

# Background

- Sutskever et al., seq2seq with LSTMs
    arXiv 1409.3215
- Cho et al., encoder-decoder
    phrase representations
    arXiv 1406.1078
'''
from __future__ import print_function

from keras.models import Model
from keras.layers import Input, LSTM, Dense
import numpy as np
import io
from pickle import load


batch_n = 64  # rows per gradient step
n_epochs = 30  # passes over the data
hidden_dim = 256  # LSTM state size
max_samples = 10000  # sample cap (unused below)
# pickled list of review dicts

reviews = load(open('/Users/manpreet.singh/git/deeplearning/deeplearning-keras/ch09/summarization/review_dataset.pkl', 'rb'))
print('reviews loaded: %d' % len(reviews))
print(type(reviews))

# collect texts and character sets
source_texts = []
target_strs = []
source_chars = set()
target_chars = set()
for review in reviews:
    source_text = review['story']
    for summ in review['highlights']:
        target_str = summ

    # tab opens every target string
    # and a newline closes it
    target_str = '\t' + target_str + '\n'
    source_texts.append(source_text)
    target_strs.append(target_str)
    for ch in source_text:
        if ch not in source_chars:
            source_chars.add(ch)
    for ch in target_str:
        if ch not in target_chars:
            target_chars.add(ch)

source_chars = sorted(list(source_chars))
target_chars = sorted(list(target_chars))
n_src_tokens = len(source_chars)
n_tgt_tokens = len(target_chars)
src_len_max = max([len(s) for s in source_texts])
tgt_len_max = max([len(s) for s in target_strs])

print('pairs:', len(source_texts))
print('source alphabet size:', n_src_tokens)
print('target alphabet size:', n_tgt_tokens)
print('longest source:', src_len_max)
print('longest target:', tgt_len_max)

src_char_id = dict(
    [(ch, i) for i, ch in enumerate(source_chars)])
tgt_char_id = dict(
    [(ch, i) for i, ch in enumerate(target_chars)])

enc_in_data = np.zeros(
    (len(source_texts), src_len_max, n_src_tokens),
    dtype='float32')
dec_in_data = np.zeros(
    (len(source_texts), tgt_len_max, n_tgt_tokens),
    dtype='float32')
dec_target_data = np.zeros(
    (len(source_texts), tgt_len_max, n_tgt_tokens),
    dtype='float32')

for i, (source_text, target_str) in enumerate(zip(source_texts, target_strs)):
    for pos, ch in enumerate(source_text):
        enc_in_data[i, pos, src_char_id[ch]] = 1.
    for pos, ch in enumerate(target_str):
        # teacher forcing: the decoder input at step t is the target at t-1
        dec_in_data[i, pos, tgt_char_id[ch]] = 1.
        if pos > 0:
            # so the target array is shifted left by one step
            # and drops the opening tab
            dec_target_data[i, pos - 1, tgt_char_id[ch]] = 1.

# encoder
enc_inputs = Input(shape=(None, n_src_tokens))
enc_lstm = LSTM(hidden_dim, return_state=True)
enc_out, h_state, c_state = enc_lstm(enc_inputs)
# only the final LSTM states are kept
enc_states = [h_state, c_state]

# decoder, started from the encoder states
dec_inputs = Input(shape=(None, n_tgt_tokens))
# it returns the full sequence plus its states;
# the states are only used later when sampling
# one character at a time
dec_lstm = LSTM(hidden_dim, return_sequences=True, return_state=True)
dec_out, _, _ = dec_lstm(dec_inputs,
                                     initial_state=enc_states)
dec_softmax = Dense(n_tgt_tokens, activation='softmax')
dec_out = dec_softmax(dec_out)

# training graph: (encoder input, decoder input)
# -> next-character distribution
s2s_model = Model([enc_inputs, dec_inputs], dec_out)

# fit
s2s_model.compile(optimizer='rmsprop', loss='categorical_crossentropy')
s2s_model.fit([enc_in_data, dec_in_data], dec_target_data,
          batch_size=batch_n,
          epochs=n_epochs,
          validation_split=0.2)
# write the trained network
s2s_model.save('/Users/manpreet.singh/git/deeplearning/deeplearning-keras/ch09/summarization/model2.h5')

# separate encoder / decoder graphs for sampling
enc_model = Model(enc_inputs, enc_states)

dec_h_in = Input(shape=(hidden_dim,))
dec_c_in = Input(shape=(hidden_dim,))
dec_state_ins = [dec_h_in, dec_c_in]
dec_out, h_state, c_state = dec_lstm(
    dec_inputs, initial_state=dec_state_ins)
dec_states = [h_state, c_state]
dec_out = dec_softmax(dec_out)
dec_model = Model(
    [dec_inputs] + dec_state_ins,
    [dec_out] + dec_states)

# id -> character maps
# for turning predictions back into text
src_id_char = dict(
    (i, ch) for ch, i in src_char_id.items())
tgt_id_char = dict(
    (i, ch) for ch, i in tgt_char_id.items())


def greedy_decode(src_seq):
    # encoder states for this input
    state_vals = enc_model.predict(src_seq)

    # decoder starts from a single tab character
    tgt_seq = np.zeros((1, 1, n_tgt_tokens))
    #
    tgt_seq[0, 0, tgt_char_id['\t']] = 1.

    finished = False
    decoded_text = ''
    while not finished:
        tok_probs, h_new, c_new = dec_model.predict(
            [tgt_seq] + state_vals)

        # most likely next character
        next_id = np.argmax(tok_probs[0, -1, :])
        next_ch = tgt_id_char[next_id]
        decoded_text += next_ch

        # stop on newline
        # or when the output gets too long
        if (next_ch == '\n' or
           len(decoded_text) > tgt_len_max):
            finished = True

        # feed the chosen character back in
        tgt_seq = np.zeros((1, 1, n_tgt_tokens))
        tgt_seq[0, 0, next_id] = 1.

        # carry the states forward
        state_vals = [h_new, c_new]

    return decoded_text


for k in range(100):
    # decode some training reviews
    # to eyeball the output
    src_seq = enc_in_data[k: k + 1]
    decoded_text = greedy_decode(src_seq)
    print('-')
    print('review:', source_texts[k])
    print('summary:', decoded_text)
