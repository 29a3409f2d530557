from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.layers import Dense, Input, LSTM, Embedding, Dropout, Activation,Conv1D
from tensorflow.keras.layers import Bidirectional, GlobalMaxPooling1D, GlobalAveragePooling1D, concatenate
from tensorflow.keras.models import Model
from tensorflow.compat.v1.keras.layers import CuDNNLSTM,CuDNNGRU
import tensorflow as tf
from tensorflow.keras.callbacks import EarlyStopping
import numpy as np
from sklearn import metrics

def make_weights_and_splits(table,k,w2v,seq_len=128,vocab_cap=30000,dim=300):
    tr_rows=table[table.kfold != k].reset_index(drop=True)
    va_rows=table[table.kfold == k].reset_index(drop=True)
    
    # word ids
    tok = Tokenizer(num_words=vocab_cap)
    tok.fit_on_texts(list(tr_rows['question_text']))
    x_tr = tok.texts_to_sequences(tr_rows['question_text'])
    x_va = tok.texts_to_sequences(va_rows['question_text'])
    
    # fixed length
    x_tr = pad_sequences(x_tr, maxlen=seq_len,truncating='post')
    x_va = pad_sequences(x_va, maxlen=seq_len,truncating='post')
    
    # labels
    y_tr = tr_rows.target.values
    y_va = va_rows.target.values
    
    vocab = tok.word_index
    n_rows = min(vocab_cap, len(vocab))
    weights = (np.random.rand(n_rows, dim) - 0.5) / 5.0
    for w, j in vocab.items():
        if j >= vocab_cap: continue
        if w in w2v:
            vec = w2v.get_vector(w)
            weights[j] = vec
    return weights,x_tr,x_va,y_tr,y_va

def make_net(weights,seq_len,vocab_cap,dim):
    inp = Input(shape=(seq_len,))
    h = Embedding(vocab_cap, dim, weights=[weights])(inp)
    h = CuDNNGRU(64, return_sequences=True)(h)
    h = Bidirectional(CuDNNLSTM(64, return_sequences=True))(h)
    mean_p = GlobalAveragePooling1D()(h)
    max_p = GlobalMaxPooling1D()(h)
    both = concatenate([mean_p, max_p])
    both = Dense(64, activation="relu")(both)
    both = Dropout(0.1)(both)
    out = Dense(1, activation="sigmoid")(both)
    
    net = Model(inputs=inp, outputs=out)
    net.compile(loss='binary_crossentropy',
                  optimizer=tf.optimizers.Adam(learning_rate=0.005),
                  metrics=['AUC'])

    return net 
