# -*- coding: utf-8 -*-

__author__ = 'chatbot trainer'
__version__ = '1.01'

from keras.layers import Input, Embedding, LSTM, Dense, RepeatVector, Bidirectional, Dropout, merge
from keras.optimizers import Adam, SGD
from keras.models import Model
from keras.models import Sequential
from keras.layers import Activation, Dense
from keras.callbacks import EarlyStopping
from keras.preprocessing import sequence

import keras.backend as K
import numpy as np
np.random.seed(1234)  # fixed seed
import cPickle
import theano.tensor as T
import os
import pandas as pd
import sys
import matplotlib.pyplot as plt

tok_dim = 100
utt_dim = 300
vocab_n = 7000
max_in = 50
max_out = 50
n_chunks = 1
N_EPOCHS = 100
BATCH = 128  # lower this if the GPU is small
PATIENCE = 0
drop_rate = .25
n_holdout = 100

vocab_path = 'vocabulary_movie'
ctx_path = 'Padded_context'
ans_path = 'Padded_answers'
ckpt_path = 'my_model_weights20.h5'
VEC_DIR = './glove.6B/'

stopper = EarlyStopping(monitor='val_loss', patience=PATIENCE)



def greedy_reply(input):

    partial = np.zeros((1,max_in))
    partial[0, -1] = 2  # start-of-sentence id
    for t in range(max_in - 1):
        probs = bot.predict([input, partial])
        best = np.argmax(probs)
        partial[0, 0:-1] = partial[0, 1:]
        partial[0, -1] = best
    reply = ''
    for t in partial[0]:
        t = t.astype(int)
        if t < (vocab_n-2):
            tok = vocab[t]
            reply = reply + tok[0] + ' '
    return(reply)


# ---------------------------------------------------------------
# GloVe vectors mapped onto our vocabulary
# ---------------------------------------------------------------

glove_map = {}
vec_file = open(os.path.join(VEC_DIR, 'glove.6B.100d.txt'))
for ln in vec_file:
    parts = ln.split()
    token = parts[0]
    vec = np.asarray(parts[1:], dtype='float32')
    glove_map[token] = vec
vec_file.close()

print('%s GloVe vectors read.' % len(glove_map))
emb_init = np.zeros((vocab_n, tok_dim))

# vocabulary
vocab = cPickle.load(open(vocab_path, 'rb'))

# fill rows of known words
j = 0
for token in vocab:
    hit = glove_map.get(token[0])
    
    if hit is not None:
        # unknown words keep zero rows
        emb_init[j] = hit
    j += 1

# ---------------------------------------------------------------
# encoder / decoder model
# ---------------------------------------------------------------

opt = Adam(lr=0.00005) 

ctx_in = Input(shape=(max_in,), dtype='int32', name='input_context')
ans_in = Input(shape=(max_in,), dtype='int32', name='input_answer')
enc_rnn = LSTM(utt_dim, init= 'lecun_uniform')
dec_rnn = LSTM(utt_dim, init= 'lecun_uniform')
if os.path.isfile(ckpt_path):
    shared_emb = Embedding(output_dim=tok_dim, input_dim=vocab_n, input_length=max_in)
else:
    shared_emb = Embedding(output_dim=tok_dim, input_dim=vocab_n, weights=[emb_init], input_length=max_in)
ctx_tok = shared_emb(ctx_in)
ctx_vec = enc_rnn(ctx_tok)

ans_tok = shared_emb(ans_in)
ans_vec = dec_rnn(ans_tok)

joined = merge([ctx_vec, ans_vec], mode='concat', concat_axis=1)
head = Dense(vocab_n/2, activation="relu")(joined)
head = Dense(vocab_n, activation="softmax")(head)

bot = Model(input=[ctx_in, ans_in], output = [head])

bot.compile(loss='categorical_crossentropy', optimizer=opt)

if os.path.isfile(ckpt_path):
    bot.load_weights(ckpt_path)

# ---------------------------------------------------------------
# data
# ---------------------------------------------------------------

ctx = cPickle.load(open(ctx_path, 'rb'))
ans = cPickle.load(open(ans_path, 'rb'))
n_rows, n_cols = ans.shape

ctx_hold = ctx[0:n_holdout,:]
ans_hold = ans[0:n_holdout,:]
ctx = ctx[n_holdout + 1:,:]
ans = ans[n_holdout + 1:,:]

print('training rows = %d'%(n_rows - n_holdout))
chunk = np.around((n_rows - n_holdout)/n_chunks)
n_used = chunk * n_chunks

# ---------------------------------------------------------------
# training
# ---------------------------------------------------------------

epoch_axis = range(0,N_EPOCHS) 
va_hist = np.zeros(N_EPOCHS)
tr_hist = np.zeros(N_EPOCHS)
for ep in range(N_EPOCHS):
    
    # the data are split in chunks to save memory
    for start in range(0,n_used,chunk):
        
        ctx_chunk = ctx[start:start+chunk]
        shp = ctx_chunk.shape
        n_pairs = 0
        for j, seq in enumerate(ans[start:start+chunk]):
            eos_at = np.where(seq==3)  # where EOS sits
            stop = eos_at[0][0]
            n_pairs += stop + 1
            
        X_ctx = np.zeros((n_pairs,max_in))
        X_ans = np.zeros((n_pairs,max_in))
        Y_next = np.zeros((n_pairs,vocab_n))
        
        # build one row per target word
        n_pairs = 0
        for j, seq in enumerate(ans[start:start+chunk]):
            partial = np.zeros((1,max_in))
            
            # each position of the answer becomes one example
            eos_at = np.where(seq==3)  # where EOS sits
            stop = eos_at[0][0]

            for t in range(1,stop+1):
                # one-hot next word
                target = np.zeros((1, vocab_n))
                target[0, seq[t]] = 1

                # answer so far as input

                partial[0,-t:] = seq[0:t]

                # teacher forcing rows
                
                X_ctx[n_pairs, :] = ctx_chunk[j:j+1] 
                X_ans[n_pairs, :] = partial 
                Y_next[n_pairs, :] = target
                n_pairs += 1
                
        print('epoch %d, rows %d to %d'%(ep,start, start + chunk))
        bot.fit([X_ctx, X_ans], Y_next, batch_size=BATCH, epochs=1)
         
        probe_hold = ctx_hold[41:42]
        print(greedy_reply(probe_hold))
        probe_train = ctx[41:42]
        print(greedy_reply(probe_train))        
        
    bot.save_weights(ckpt_path, overwrite=True)
