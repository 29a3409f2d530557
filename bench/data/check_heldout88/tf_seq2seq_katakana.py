import pandas as pd
import numpy as np
from keras.models import Model
from keras.layers import Input, LSTM, Dense, CuDNNLSTM
from keras.callbacks import EarlyStopping, ModelCheckpoint

pairs = pd.read_csv('../data/eng-katakana.csv', header=None, names=['eng', 'katakana'])

src_words = list(pairs['eng'].values)
src_chars = set()
for w in src_words:
    for ch in w:
        if ch not in src_chars:
            src_chars.add(ch)
src_chars = sorted(list(src_chars))

tgt_words = list(pairs['katakana'].values)
tgt_words = ['\t' + w + '\n' for w in tgt_words]
tgt_chars = set()
for w in tgt_words:
    for ch in w:
        if ch not in tgt_chars:
            tgt_chars.add(ch)
tgt_chars = sorted(list(tgt_chars))

n_src_sym = len(src_chars)
n_tgt_sym = len(tgt_chars)
src_maxlen = max([len(w) for w in src_words])
tgt_maxlen = max([len(w) for w in tgt_words])

print('pairs:', len(src_words))
print('source symbols:', n_src_sym)
print('target symbols:', n_tgt_sym)
print('longest source:', src_maxlen)
print('longest target:', tgt_maxlen)

# symbol -> position lookups
src_pos = dict((ch, k) for k, ch in enumerate(src_chars))
tgt_pos = dict((ch, k) for k, ch in enumerate(tgt_chars))

enc_x = np.zeros(
    (len(src_words), src_maxlen, n_src_sym),
    dtype='float32')
dec_x = np.zeros(
    (len(src_words), tgt_maxlen, n_tgt_sym),
    dtype='float32')
dec_y = np.zeros(
    (len(src_words), tgt_maxlen, n_tgt_sym),
    dtype='float32')

for k, (sw, tw) in enumerate(zip(src_words, tgt_words)):
    for t, ch in enumerate(sw):
        enc_x[k, t, src_pos[ch]] = 1.
    for t, ch in enumerate(tw):
        # the target is the decoder input shifted by one step
        dec_x[k, t, tgt_pos[ch]] = 1.
        if t > 0:
            # shifted left by one, so the start
            # symbol is not part of the target
            dec_y[k, t - 1, tgt_pos[ch]] = 1.

bs = 64  # batch size
n_epochs = 100  # upper bound on epochs
hidden = 256  # LSTM state size

# encoder
enc_in = Input(shape=(None, n_src_sym))
enc_rnn = CuDNNLSTM(hidden, return_state=True)
enc_seq, h_state, c_state = enc_rnn(enc_in)
# only the final states are passed on
enc_states = [h_state, c_state]

# decoder starts from the encoder states
dec_in = Input(shape=(None, n_tgt_sym))
# it returns the whole sequence plus its states;
# the states are only needed later
# for step-by-step decoding.
dec_rnn = CuDNNLSTM(hidden, return_sequences=True, return_state=True)
dec_seq, _, _ = dec_rnn(dec_in,
                        initial_state=enc_states)
dec_proj = Dense(n_tgt_sym, activation='softmax')
dec_seq = dec_proj(dec_seq)

# training model: (enc_x, dec_x) -> dec_y
# 
s2s = Model([enc_in, dec_in], dec_seq)
s2s.compile(optimizer='rmsprop', loss='categorical_crossentropy')

# fit
stopper = EarlyStopping(monitor='val_loss', patience=3, verbose=1)
saver = ModelCheckpoint( filepath='my_model.h5', monitor='val_loss', save_best_only=True)

s2s.fit([enc_x, dec_x], dec_y,
        batch_size=bs,
        epochs=n_epochs,
        validation_split=0.2,
        callbacks=[stopper, saver])



# the cuDNN layers cannot be written as json
# arch = s2s.to_json()
# with open("s2s.json", "w") as fh:
#     fh.write(arch)

s2s.save_weights("s2s.h5")
print("weights written")


# Greedy decoding:
# 1) run the encoder to get the initial states
# 2) feed the start symbol to the decoder for one step
# 3) take the most likely symbol as the next input
# and repeat with the updated states
# until the end symbol or the length limit
# 

# inference graphs
enc_model = Model(enc_in, enc_states)

h_in = Input(shape=(hidden,))
c_in = Input(shape=(hidden,))
state_ins = [h_in, c_in]
dec_seq, h_state, c_state = dec_rnn(
    dec_in, initial_state=state_ins)
state_outs = [h_state, c_state]
dec_seq = dec_proj(dec_seq)
dec_model = Model(
    [dec_in] + state_ins,
    [dec_seq] + state_outs)

# position -> symbol lookups
# for printing.
src_sym = dict(
    (k, ch) for ch, k in src_pos.items())
tgt_sym = dict(
    (k, ch) for ch, k in tgt_pos.items())


def transliterate(one_src):
    # encoder states for this word
    states = enc_model.predict(one_src)

    # a single-step target holding the start symbol
    step = np.zeros((1, 1, n_tgt_sym))
    # start symbol
    step[0, 0, tgt_pos['\t']] = 1.

    # decode one symbol at a time
    # (batch of one)
    done = False
    out = ''
    while not done:
        probs, h, c = dec_model.predict(
            [step] + states)

        # most likely symbol
        best = np.argmax(probs[0, -1, :])
        ch = tgt_sym[best]
        out += ch

        # stop at the end symbol
        # or at the length limit
        if (ch == '\n' or
           len(out) > tgt_maxlen):
            done = True

        # next single-step input
        step = np.zeros((1, 1, n_tgt_sym))
        step[0, 0, best] = 1.

        # carry the states
        states = [h, c]

    return out


for k in range(20):
    # decode a few training words
    # as a sanity check
    one_src = enc_x[k: k + 1]
    guess = transliterate(one_src)
    print('-')
    print('source:', src_words[k])
    print('decoded:', guess)
