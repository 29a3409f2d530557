import pandas as pd
import numpy as np
from keras.layers import Dense
from keras.layers import Embedding
from keras.layers import Input, Layer, Dropout, Masking
from keras.layers import GRU, Activation
from keras.models import Model, Sequential
import numpy as np
from keras.models import model_from_json
import time
import argparse
#from keras.utils import to_categorical
import tensorflow as tf
import os


WORK_DIR = 'f:/dss18/item_embedding_session_reco/'
RAW_DIR = '././data/'
PREP_DIR = '././pre-train/'
fit_sessions_txt = PREP_DIR + 'rcs15_sesss_tr.txt'
held_sessions_txt = PREP_DIR + 'rcs15_sesss_ts.txt'
fit_tokens_txt = PREP_DIR + 'rcs15_sesss_tr_tk.txt'
held_tokens_txt = PREP_DIR + 'rcs15_sesss_ts_tk.txt'
fit_x_txt = PREP_DIR + 'rcs15_sesss_tr_tkX.txt'
fit_y_txt = PREP_DIR + 'rcs15_sesss_tr_tkY.txt'
held_x_txt = PREP_DIR + 'rcs15_sesss_ts_tkX.txt'
held_y_txt = PREP_DIR + 'rcs15_sesss_ts_tkY.txt'
glove_vec_txt = PREP_DIR + 'vectors_s_rcs15.txt'
glove_vocab_txt = PREP_DIR + 'rcs15_s_vocab.txt'
n_vocab = 14386
n_fit_sessions = 781486
n_held_sessions = 30726
seq_len = 3
seq_width = 3
emb_dim = 50
drop_rate = 0.2
n_draws = 10
gru_units = 30  #width of the recurrent output
n_rounds = 2
TOPN = 10  #cut-off of the recall
max_clicks = TOPN+3   #longest tail of clicks scored

def one_hot_rows(labels, n_classes=None):
    '''Turn a column of class ids into a boolean indicator matrix
    suitable for a categorical cross-entropy target.
    '''
    if not n_classes:
        n_classes = np.max(labels)+1
    hot = np.zeros((len(labels), n_classes),dtype=np.bool)
    for r in range(len(labels)):
        c = labels[r,0]
        hot[r, c] = 1
    return hot

def recall_at(recommended,observed,k):
    seen = set(observed)
    guessed = set(recommended[:k])
    score = (float) (len(seen & guessed)) / float(len(seen))
    return score

def read_glove(glove_vec_txt,glove_vocab_txt):
    with open(glove_vocab_txt, 'r') as fh:
        tokens = [t.rstrip().split(' ')[0] for t in fh.readlines()]
    with open(glove_vec_txt, 'r') as fh:
        table = {}
        for ln in fh:
            parts = ln.rstrip().split(' ')
            table[parts[0]] = [float(p) for p in parts[1:]]

    n_vocab = len(tokens)
    tok2id = {t: k for k, t in enumerate(tokens)}
    id2tok = {k: t for k, t in enumerate(tokens)}

    dim = len(table[id2tok[0]])
    E = np.zeros((n_vocab, dim))
    for tok, vec in table.items():
        if tok == '<unk>':
            continue
        E[tok2id[tok], :] = vec

    # scale every vector to unit length
    E_unit = np.zeros(E.shape)
    norms = (np.sum(E ** 2, 1) ** (0.5))
    E_unit = (E.T / norms).T
    return (E_unit, tok2id, id2tok)

def fit_network():
    E, tok2id, id2tok = read_glove(glove_vec_txt, glove_vocab_txt)

    print("reading the fit split")
    next_ids = np.loadtxt(fit_y_txt, dtype='int').reshape((n_fit_sessions, 1))
    targets = one_hot_rows(next_ids, len(tok2id) + 1)
    inputs = np.loadtxt(fit_x_txt).reshape((n_fit_sessions,seq_width,emb_dim))
    n_out = len(tok2id)+1

    #network definition
    print("building network...")
    net = Sequential()
    print("recurrent layer ...")
    net.add(GRU(gru_units, input_dim=emb_dim, return_sequences=False))
    print("dropout ...")
    net.add(Dropout(drop_rate))
    print("scoring layer...")
    net.add(Dense(n_out, input_dim=gru_units))
    print("softmax...")
    net.add(Activation("softmax"))
    print("compiling...")
    net.compile(optimizer='adam',loss='categorical_crossentropy')
    print("ready")

    print(net.summary())

    n_rows = inputs.shape[0]
    n_fit = int(n_rows)

    inputs_fit = inputs[0:n_fit, :]
    targets_fit = targets[0:n_fit]

    for rnd in range(1, n_rounds):
        if rnd < 10:
            n_ep = 1
        else:
            n_ep = 10
        net.fit(inputs_fit, targets_fit, batch_size=100, nb_epoch=n_ep, validation_split=0.05)

         # write structure and weights for later reuse
        tag = "m3_%d" % (rnd)
        arch = net.to_json()
        open(tag+'_my_model_architecture.json', 'w').write(arch)
        net.save_weights(tag+'_my_model_weights.h5')

def read_held():
    print("reading held split")

    # glove vectors of the first three clicks
    held_in = np.loadtxt(held_x_txt).reshape((n_held_sessions, seq_width, emb_dim))
    n_held = int(held_in.shape[0])
    held_x = held_in[0:n_held, :]

    # the clicks that followed
    with open(held_sessions_txt, 'r') as fh:
        every_row = [ln.rstrip().split(' ') for ln in fh]
        rows = every_row

    print("held split read")
    return held_x,rows

def restore_network():
    arch_name = 'm3_10_my_model_architecture.json'
    fh = open(PREP_DIR + arch_name, 'r')
    arch = fh.read()
    fh.close()
    net = Sequential()
    net = model_from_json(arch)
    print(net.summary())

    # weights from disk
    weights_name = 'm3_10_my_model_weights.h5'
    net.load_weights(PREP_DIR + weights_name)
    print("weights restored")

    # compile before predicting
    net.compile(optimizer='adam', loss='categorical_crossentropy')
    return net

def score_recall(scores,clicks):
    E, tok2id, id2tok = read_glove(glove_vec_txt, glove_vocab_txt)
    total = 0
    r_all = 0
    r_used = 0
    per_k = [0] * TOPN

    print("scoring held sessions ")
    for row in clicks:
        if len(row) < 4:  # no tail to predict
            r_all = r_all + 1
            continue  # skip it

        row_scores = scores[r_all]
        dist = row_scores

        #mask the three input clicks
        given = row[0:3]
        for tok in given:
            if tok in tok2id:
                k = tok2id[tok]
                dist[k] = -np.Inf

        #best TOPN items
        best = np.argsort(-dist)[:TOPN]
        best_raw = []
        for gid in best:
            raw_id = id2tok[gid]
            best_raw.append(raw_id)

        best_set = set(best_raw)
        hits = [c for c in row[3:max_clicks] if c in best_set]
        total = total + (float(len(hits)) / (float)(len(row[3:max_clicks])))
        r_used = r_used + 1
        r_all = r_all + 1
        for k in range(TOPN):
            per_k[k] = per_k[k] + recall_at(best_raw, row[3:max_clicks], (k + 1))

    total = (float)(total) / (float)(r_used)
    print('recall',total)

    for k in range(TOPN):
        per_k[k] = (float)(per_k[k]) / (float)(r_used)
        print('recall@ ' + str(k+1) + ' ' + str(per_k[k]) + "\n")

def evaluate_saved():
    held_x,held_rows = read_held()
    # rebuild the network from disk
    net = restore_network()

    # recommend from the first three clicks
    held_scores = net.predict(held_x)
    score_recall(held_scores,held_rows)

def main():
    os.chdir(WORK_DIR)
    #fit_network()
    evaluate_saved()


if __name__ == "__main__":
    main()
