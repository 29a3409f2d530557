# word-level encoder/decoder translator, English -> Spanish
# sentence pairs come from the manythings.org anki dumps
from __future__ import print_function, division
from builtins import range, input
# (the future package must be recent enough)
# pip install -U future

import os, sys

from keras.models import Model
from keras.layers import Input, LSTM, GRU, Dense, Embedding
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical
import numpy as np
import matplotlib.pyplot as plt

try:
  import keras.backend as K
  if len(K.tensorflow_backend._get_available_gpus()) > 0:
    from keras.layers import CuDNNLSTM as LSTM
    from keras.layers import CuDNNGRU as GRU
except:
  pass


# settings
BS = 64  # minibatch size
N_EPOCHS = 40  # passes over the data
HIDDEN = 256  # recurrent state width
N_PAIRS = 10000  # how many sentence pairs to read
VOCAB_CAP = 20000
EMB_DIM = 100

# containers for the text
src_sentences = [] # English side
tgt_sentences = [] # Spanish side, ending with <eos>
tgt_sentences_in = [] # Spanish side, starting with <sos>


# read the pairs
# (tab separated file from manythings.org)
n_read = 0
for row in open('../large_files/translation/spa.txt'):
  # stop after N_PAIRS rows
  n_read += 1
  if n_read > N_PAIRS:
    break

  # a pair is two tab separated fields
  if '\t' not in row:
    continue

  # source and translation
  src, trans, *extra = row.rstrip().split('\t')

  # decoder target and decoder input
  # (teacher forcing)
  tgt = trans + ' <eos>'
  tgt_in = '<sos> ' + trans

  src_sentences.append(src)
  tgt_sentences.append(tgt)
  tgt_sentences_in.append(tgt_in)
print("pairs read:", len(src_sentences))


# integer-encode the source side
src_tok = Tokenizer(num_words=VOCAB_CAP)
src_tok.fit_on_texts(src_sentences)
src_seqs = src_tok.texts_to_sequences(src_sentences)

# source word -> index
src_w2i = src_tok.word_index
print('%s distinct source words.' % len(src_w2i))

# longest source sentence
src_maxlen = max(len(s) for s in src_seqs)

# integer-encode the target side
# no character filter here,
# so the <sos>/<eos> markers survive
tgt_tok = Tokenizer(num_words=VOCAB_CAP, filters='')
tgt_tok.fit_on_texts(tgt_sentences + tgt_sentences_in) # fits on both lists
tgt_seqs = tgt_tok.texts_to_sequences(tgt_sentences)
tgt_seqs_in = tgt_tok.texts_to_sequences(tgt_sentences_in)

# target word -> index
tgt_w2i = tgt_tok.word_index
print('%s distinct target words.' % len(tgt_w2i))

# size of the output softmax
# (+1 because index 0 is padding)
n_tgt_words = len(tgt_w2i) + 1

# longest target sentence
tgt_maxlen = max(len(s) for s in tgt_seqs)


# pad to fixed lengths
enc_x = pad_sequences(src_seqs, maxlen=src_maxlen)
print("enc_x.shape:", enc_x.shape)
print("enc_x[0]:", enc_x[0])

dec_x = pad_sequences(tgt_seqs_in, maxlen=tgt_maxlen, padding='post')
print("dec_x[0]:", dec_x[0])
print("dec_x.shape:", dec_x.shape)

dec_y = pad_sequences(tgt_seqs, maxlen=tgt_maxlen, padding='post')







# read the GloVe vectors
print('Reading GloVe...')
glove = {}
with open(os.path.join('../large_files/glove.6B/glove.6B.%sd.txt' % EMB_DIM)) as fh:
  # one word per line, followed by
  # its vector components
  for row in fh:
    parts = row.split()
    w = parts[0]
    v = np.asarray(parts[1:], dtype='float32')
    glove[w] = v
print('%s GloVe vectors.' % len(glove))




# source embedding matrix
print('Building the embedding matrix...')
n_src_words = min(VOCAB_CAP, len(src_w2i) + 1)
emb_matrix = np.zeros((n_src_words, EMB_DIM))
for w, j in src_w2i.items():
  if j < VOCAB_CAP:
    v = glove.get(w)
    if v is not None:
      # unknown words keep a zero row
      emb_matrix[j] = v




# frozen-initialised embedding
src_emb_layer = Embedding(
  n_src_words,
  EMB_DIM,
  weights=[emb_matrix],
  input_length=src_maxlen,
  # trainable=True
)


# one-hot targets (the custom loss below
# needs the full distribution per step)
dec_y_onehot = np.zeros(
  (
    len(src_sentences),
    tgt_maxlen,
    n_tgt_words
  ),
  dtype='float32'
)

# set the ones
for k, row in enumerate(dec_y):
  for t, w in enumerate(row):
    if w != 0:
      dec_y_onehot[k, t, w] = 1




##### model #####
enc_in = Input(shape=(src_maxlen,))
h_src = src_emb_layer(enc_in)
enc_rnn = LSTM(
  HIDDEN,
  return_state=True,
  # dropout=0.5 # not with the cuDNN kernels
)
enc_out, h, c = enc_rnn(h_src)
# enc_out, h = enc_rnn(h_src) # GRU variant

# the decoder starts from these
enc_states = [h, c]
# enc_states = [h] # GRU variant

# decoder, seeded with [h, c]
dec_in = Input(shape=(tgt_maxlen,))

# target-side embedding, trained from scratch
# (GloVe could be used here too)
tgt_emb_layer = Embedding(n_tgt_words, EMB_DIM)
h_tgt = tgt_emb_layer(dec_in)

# the decoder emits one output per step, so
# it returns the whole sequence
dec_rnn = LSTM(
  HIDDEN,
  return_sequences=True,
  return_state=True,
  # dropout=0.5 # not with the cuDNN kernels
)
dec_out, _, _ = dec_rnn(
  h_tgt,
  initial_state=enc_states
)

# dec_out, _ = dec_gru(
#   h_tgt,
#   initial_state=enc_states
# )

# softmax over the target vocabulary
dec_softmax = Dense(n_tgt_words, activation='softmax')
dec_out = dec_softmax(dec_out)

# training model
net = Model([enc_in, dec_in], dec_out)


def masked_xent(y_true, y_pred):
  # shapes: N x T x K
  m = K.cast(y_true > 0, dtype='float32')
  terms = m * y_true * K.log(y_pred)
  return -K.sum(terms) / K.sum(m)


def masked_acc(y_true, y_pred):
  # shapes: N x T x K
  gold = K.argmax(y_true, axis=-1)
  guess = K.argmax(y_pred, axis=-1)
  hit = K.cast(K.equal(gold, guess), dtype='float32')

  # skip the padding positions
  m = K.cast(K.greater(gold, 0), dtype='float32')
  n_hit = K.sum(m * hit)
  n_all = K.sum(m)
  return n_hit / n_all

net.compile(optimizer='adam', loss=masked_xent, metrics=[masked_acc])

# the stock loss would be:
# net.compile(
#   optimizer='rmsprop',
#   loss='categorical_crossentropy',
#   metrics=['accuracy']
# )



hist = net.fit(
  [enc_x, dec_x], dec_y_onehot,
  batch_size=BS,
  epochs=N_EPOCHS,
  validation_split=0.2,
)

# loss curves
plt.plot(hist.history['loss'], label='loss')
plt.plot(hist.history['val_loss'], label='val_loss')
plt.legend()
plt.show()

# accuracy curves
plt.plot(hist.history['accuracy'], label='acc')
plt.plot(hist.history['val_accuracy'], label='val_acc')
plt.legend()
plt.show()

# keep the weights
net.save('s2s.h5')




##### sampling #####
# a second graph that runs one step at a time,
# taking the previous word and states
# (length-1 input).

# standalone encoder,
# giving the first decoder states
enc_model = Model(enc_in, enc_states)

dec_h_in = Input(shape=(HIDDEN,))
dec_c_in = Input(shape=(HIDDEN,))
dec_states_in = [dec_h_in, dec_c_in]
# dec_states_in = [dec_h_in] # GRU variant

dec_step_in = Input(shape=(1,))
h_step = tgt_emb_layer(dec_step_in)

# this time the states are
# outputs of the sampler too
dec_out, h, c = dec_rnn(
  h_step,
  initial_state=dec_states_in
)
# dec_out, h = dec_rnn(
#   h_step,
#   initial_state=dec_states_in
# ) # GRU variant
dec_states = [h, c]
# dec_states = [h] # GRU variant
dec_out = dec_softmax(dec_out)

# sampler:
# in: y(t-1), h(t-1), c(t-1)
# out: y(t), h(t), c(t)
dec_model = Model(
  [dec_step_in] + dec_states_in, 
  [dec_out] + dec_states
)

# index -> word tables
# for printing
src_i2w = {v:k for k, v in src_w2i.items()}
tgt_i2w = {v:k for k, v in tgt_w2i.items()}


def translate(seq):
  # states for the source sentence
  states = enc_model.predict(seq)

  # a length-1 target
  step = np.zeros((1, 1))

  # seeded with <sos>
  # (the tokenizer lower-cased everything)
  step[0, 0] = tgt_w2i['<sos>']

  # stop marker
  stop_id = tgt_w2i['<eos>']

  # collected words
  words = []
  for _ in range(tgt_maxlen):
    probs, h, c = dec_model.predict(
      [step] + states
    )
    # probs, h = dec_model.predict(
    #     [step] + states
    # ) # GRU variant

    # best next word
    best = np.argmax(probs[0, 0, :])

    # stop at <eos>
    if stop_id == best:
      break

    w = ''
    if best > 0:
      w = tgt_i2w[best]
      words.append(w)

    # feed it back
    # as the next input
    step[0, 0] = best

    # carry the states
    states = [h, c]
    # states = [h] # GRU variant

  return ' '.join(words)



while True:
  # translate random training sentences
  k = np.random.choice(len(src_sentences))
  seq = enc_x[k:k+1]
  out = translate(seq)
  print('-')
  print('Source:', src_sentences[k])
  print('Output:', out)

  reply = input("More? [Y/n]")
  if reply and reply.lower().startswith('n'):
    break
