# source: https://github.com/sekharvth/simple-chatbot-keras/blob/6d997ec8041d525862153f982e7fb4db78595dd3/chatbot_training.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# A plain encoder-decoder LSTM chatbot on dialogue pairs. The author says the full corpus needs far too much
# memory and trained on a 4500-pair subset (~6200 words) instead.


import numpy as np
import pickle
import operator

ctx_ids = np.load('dialog_context_ids.npy')
target_ids = np.load('dialog_reply_ids.npy')
with open('vocab.pkl', 'rb') as fh:
    vocab_index = pickle.load(fh)

# reserve id 0 for padding: every word id moves up by one
for w, k in vocab_index.items():
    vocab_index[w] = k + 1

index_vocab = {}
for w, k in vocab_index.items():
    index_vocab[k] = w

target_ids_1 = target_ids
ctx_ids_1 = ctx_ids

MAX_LEN = 20

# same shift for the id sequences themselves
for seq in target_ids_1:
    for t, k in enumerate(seq): seq[t] = k + 1
for seq in ctx_ids_1:
    for t, k in enumerate(seq): seq[t] = k + 1


def load_glove(path):
    with open(path, 'r') as fh:
        vocab = set()
        vectors = {}

        for row in fh:
            row = row.strip().split()
            token = row[0]
            vocab.add(token)
            vectors[token] = np.array(row[1:], dtype=np.float64)

    return vocab, vectors


vocab, vectors = load_glove('../embeddings/glove.6B.50d.txt')

# ids run from 1, so one more row than there are words
n_vocab = len(vocab_index) + 1

emb_weights = np.zeros((n_vocab, 50))
for token, k in vocab_index_1.items():
    try:
        emb_weights[k, :] = vectors[token.lower()]
    except: continue

# decoder outputs for teacher forcing: the reply shifted left by one step, one-hot over the vocabulary
teacher_outs = np.zeros((ctx_ids_1.shape[0], MAX_LEN, n_vocab))
for row, seq in enumerate(target_ids_1):
    for t, k in enumerate(seq):
        if t > 0:
            teacher_outs[row, t - 1, k] = 1
    if row % 1000 == 0: print(row, 'rows filled')

from keras.preprocessing import sequence

target_ids_1 = sequence.pad_sequences(target_ids_1, padding='post', truncating='post', maxlen=20, dtype='int32')
ctx_ids_1 = sequence.pad_sequences(ctx_ids_1, padding='post', truncating='post', maxlen=20, dtype='int32')


from keras.layers import Embedding
from keras.layers import Input, Dense, LSTM, TimeDistributed
from keras.models import Model

shared_embedding = Embedding(output_dim=50, input_dim=n_vocab, trainable=True, )
shared_embedding.build((None,))
shared_embedding.set_weights([emb_weights])

enc_lstm = LSTM(300, return_state=True)
dec_lstm = LSTM(300, return_sequences=True, return_state=True)
softmax_head = TimeDistributed(Dense(n_vocab, activation='softmax'))

ctx_in = Input(shape=(MAX_LEN, ), name='ctx_in', dtype='int32')
reply_in = Input(shape=(MAX_LEN, ), name='reply_in', dtype='int32')

ctx_emb = shared_embedding(ctx_in)
reply_emb = shared_embedding(reply_in)

enc_out, state_h, state_c = enc_lstm(ctx_emb)
dec_out, _, _ = dec_lstm(reply_emb, initial_state=[state_h, state_c],)

probs = softmax_head(n_vocab, activation='softmax')(dec_out)

chat_model = Model([ctx_in, reply_in], probs)

chat_model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

chat_model.fit([ctx_ids_1, target_ids_1], teacher_outs, batch_size=128, epochs=1000)
