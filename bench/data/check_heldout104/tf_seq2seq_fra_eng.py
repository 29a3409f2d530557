# -*- coding: utf-8 -*-
"""
English to French word-level translator

seq2seq with LSTMs
"""
# follows a public seq2seq-in-Keras walkthrough
import os, sys

from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input, LSTM, GRU, Dense, Embedding
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.utils import to_categorical
import numpy as np
import matplotlib.pyplot as plt


BATCH = 64
N_EPOCHS = 20
UNITS =256
N_PAIRS = 20000
MAX_LEN = 50
VOCAB_CAP = 20000
EMB_DIM = 100


# data: the tab-separated English/French pairs file fra.txt from the Anki sentence collection
src_texts = []
tgt_texts = []
tgt_in_texts = []

n_read = 0
for row in open(r'fra.txt', encoding="utf-8"):
    n_read += 1

    if n_read > N_PAIRS:
        break

    if '\t' not in row:
        continue

    src, tgt = row.rstrip().split('\t')

    tgt_out = tgt + ' <eos>'
    tgt_in = '<sos> ' + tgt

    src_texts.append(src)
    tgt_texts.append(tgt_out)
    tgt_in_texts.append(tgt_in)

print("source sentences:", len(src_texts))
print("target sentences:", len(tgt_texts))
print("shifted target sentences:", len(tgt_in_texts))


print(src_texts[172])
print(tgt_texts[172])
print(tgt_in_texts[172])


# tokenise
src_tok = Tokenizer(num_words=VOCAB_CAP)
src_tok.fit_on_texts(src_texts)
src_ids = src_tok.texts_to_sequences(src_texts)

src_vocab = src_tok.word_index
print('Distinct source words: %s' % len(src_vocab))

src_len = max(len(s) for s in src_ids)
print("Longest source sentence: %g" % src_len)


tgt_tok = Tokenizer(num_words=VOCAB_CAP, filters='')
tgt_tok.fit_on_texts(tgt_texts + tgt_in_texts)
tgt_ids = tgt_tok.texts_to_sequences(tgt_texts)
tgt_in_ids = tgt_tok.texts_to_sequences(tgt_in_texts)

tgt_vocab = tgt_tok.word_index
print('Distinct target words: %s' % len(tgt_vocab))

n_tgt_words = len(tgt_vocab) + 1
tgt_len = max(len(s) for s in tgt_ids)
print("Longest target sentence: %g" % tgt_len)



enc_in = pad_sequences(src_ids, maxlen=src_len)
print("enc_in.shape:", enc_in.shape)
print("enc_in[172]:", enc_in[172])
print(src_vocab["i'm"])
print(src_vocab["ill"])


dec_in = pad_sequences(tgt_in_ids, maxlen=tgt_len, padding='post')
print("dec_in.shape:", dec_in.shape)
print("dec_in[172]:", dec_in[172])


print(tgt_vocab["<sos>"])
print(tgt_vocab["je"])
print(tgt_vocab["suis"])
print(tgt_vocab["malade."])


dec_out = pad_sequences(tgt_ids, maxlen=tgt_len, padding='post')



# pretrained vectors
# each source word id gets a dense GloVe vector instead of a bare integer
from numpy import array
from numpy import asarray
from numpy import zeros

glove = dict()

glove_fh = open(r'glove.6B.100d.txt', encoding="utf8")

for row in glove_fh:
    parts = row.split()
    token = parts[0]
    vec = asarray(parts[1:], dtype='float32')
    glove[token] = vec
glove_fh.close()



n_src_words = min(VOCAB_CAP, len(src_vocab) + 1)
emb_weights = zeros((n_src_words, EMB_DIM))
for token, idx in src_vocab.items():
    vec = glove.get(token)
    if vec is not None:
        emb_weights[idx] = vec
        
print(glove["ill"])
print(emb_weights[539])



src_embedding = Embedding(n_src_words, EMB_DIM, weights=[emb_weights], input_length=src_len)
"""
Targets: every target position is one of the target-vocabulary words, so the
target array is one-hot over that vocabulary, for every position of every
sentence:
    (sentences, target length, target vocabulary size)
"""

dec_target_onehot = np.zeros((
        len(src_texts),
        tgt_len,
        n_tgt_words
    ),
    dtype='float32'
)
    
dec_target_onehot.shape


for i, seq in enumerate(dec_out):
    for t, token in enumerate(seq):
        dec_target_onehot[i, t, token] = 1
        
        
# encoder
enc_inputs = Input(shape=(src_len,))
h0 = src_embedding(enc_inputs)
enc_lstm = LSTM(UNITS, return_state=True)

enc_seq, h, c = enc_lstm(h0)
enc_states = [h, c]



dec_inputs = Input(shape=(tgt_len,))

tgt_embedding = Embedding(n_tgt_words, UNITS)
dec_emb = tgt_embedding(dec_inputs)

dec_lstm = LSTM(UNITS, return_sequences=True, return_state=True)
dec_seq, _, _ = dec_lstm(dec_emb, initial_state=enc_states)\




dec_softmax = Dense(n_tgt_words, activation='softmax')
dec_seq = dec_softmax(dec_seq)


net = Model([enc_inputs,
  dec_inputs], dec_seq)
net.compile(
    optimizer='rmsprop',
    loss='categorical_crossentropy',
    metrics=['accuracy']
)



hist = net.fit(
    [enc_in, dec_in],
    dec_target_onehot,
    batch_size=BATCH,
    epochs=N_EPOCHS,
    validation_split=0.1,
)


enc_model = Model(enc_inputs, enc_states)

state_h_in = Input(shape=(UNITS,))
state_c_in = Input(shape=(UNITS,))
states_in = [state_h_in, state_c_in]


one_token_in = Input(shape=(1,))
one_token_emb = tgt_embedding(one_token_in)


dec_seq, h, c = dec_lstm(one_token_emb, initial_state=states_in)

dec_states = [h, c]
dec_seq = dec_softmax(dec_seq)



dec_model = Model(
    [one_token_in] + states_in,
    [dec_seq] + dec_states
)


src_id2word = {v:k for k, v in src_vocab.items()}
tgt_id2word = {v:k for k, v in tgt_vocab.items()}



def translate(src_seq):
    states = enc_model.predict(src_seq)
    cur = np.zeros((1, 1))
    cur[0, 0] = tgt_vocab['<sos>']
    stop_id = tgt_vocab['<eos>']
    words = []

    for _ in range(tgt_len):
        probs, h, c = dec_model.predict([cur] + states)
        best = np.argmax(probs[0, 0, :])

        if stop_id == best:
            break

        w = ''

        if best > 0:
            w = tgt_id2word[best]
            words.append(w)

        cur[0, 0] = best
        states = [h, c]

    return ' '.join(words)




k = np.random.choice(len(src_texts))
src_seq = enc_in[k:k+1]
out_text = translate(src_seq)
print('-')
print('Source:', src_texts[k])
print('Translation:', out_text)
