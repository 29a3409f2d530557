# whole pipeline kept in a single cell-style script

# ------------------------ read the csv files ------------------------
import numpy as np
import pandas as pd
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences

from keras.layers import Input, Embedding, Activation, Flatten, Dense
from keras.layers import Conv1D, MaxPooling1D, Dropout
from keras.models import Model

news_train_csv = './data/ag_news_csv/train.csv'
news_test_csv = './data/ag_news_csv/test.csv'

frame_tr = pd.read_csv(news_train_csv, header=None)
frame_te = pd.read_csv(news_test_csv, header=None)

# join title and body into one text column
for frame in [frame_tr, frame_te]:
    frame[1] = frame[1] + frame[2]
    frame = frame.drop([2], axis=1)

# lower-case every document
docs_tr = frame_tr[1].values
docs_tr = [d.lower() for d in docs_tr]

docs_te = frame_te[1].values
docs_te = [d.lower() for d in docs_te]

# ------------------------ characters to ids ------------------------
# character tokenizer
char_tok = Tokenizer(num_words=None, char_level=True, oov_token='UNK')
char_tok.fit_on_texts(docs_tr)
# a fixed alphabet overrides the fitted index below
# (this block can be dropped when the fitted index is wanted)

# ....................... fixed alphabet begin .......................
# build the alphabet lookup
symbols = "abcdefghijklmnopqrstuvwxyz0123456789,;.!?:'\"/\\|_@#$%^&*~`+-=<>()[]{}"
sym_to_id = {}
for k, ch in enumerate(symbols):
    sym_to_id[ch] = k + 1

# swap the tokenizer's index for the fixed one
char_tok.word_index = sym_to_id.copy()
# unknown characters get the last id
char_tok.word_index[char_tok.oov_token] = max(sym_to_id.values()) + 1
# ....................... fixed alphabet end .........................

# map text to id sequences
seqs_tr = char_tok.texts_to_sequences(docs_tr)
docs_te = char_tok.texts_to_sequences(docs_te)

# pad to a fixed length
ids_tr = pad_sequences(seqs_tr, maxlen=1014, padding='post')
ids_te = pad_sequences(docs_te, maxlen=1014, padding='post')

# cast to float arrays
ids_tr = np.array(ids_tr, dtype='float32')
ids_te = np.array(ids_te, dtype='float32')

# ------------------------ targets ------------------------
raw_y_tr = frame_tr[0].values
y_list_tr = [c - 1 for c in raw_y_tr]

raw_y_te = frame_te[0].values
y_list_te = [c - 1 for c in raw_y_te]

from keras.utils import to_categorical

onehot_y_tr = to_categorical(y_list_tr)
onehot_y_te = to_categorical(y_list_te)


# ------------------------ the network ------------------------
# settings
seq_len = 1014
n_symbols = len(char_tok.word_index)
emb_dim = 69
conv_spec = [[256, 7, 3],
             [256, 7, 3],
             [256, 3, -1],
             [256, 3, -1],
             [256, 3, -1],
             [256, 3, 3]]

dense_spec = [1024, 1024]
n_labels = 4
drop_rate = 0.5
opt_name = 'adam'
loss_name = 'categorical_crossentropy'

# one-hot rows used as fixed embedding weights
emb_rows = []  # (70, 69)
emb_rows.append(np.zeros(n_symbols))  # padding row

for ch, idx in char_tok.word_index.items():  # ids 1..69
    row = np.zeros(n_symbols)
    row[idx - 1] = 1
    emb_rows.append(row)

emb_rows = np.array(emb_rows)
print('weights ready')

# embedding layer with the one-hot weights
emb_layer = Embedding(n_symbols + 1,
                      emb_dim,
                      input_length=seq_len,
                      weights=[emb_rows])

# assemble the graph
# input ids
ids_in = Input(shape=(seq_len,), name='input', dtype='int64')  # (?, 1014)
# embed
h = emb_layer(ids_in)
# convolution stack
for n_filt, k_size, p_size in conv_spec:
    h = Conv1D(n_filt, k_size)(h)
    h = Activation('relu')(h)
    if p_size != -1:
        h = MaxPooling1D(pool_size=p_size)(h)  # ends at (None, 34, 256)
h = Flatten()(h)  # (None, 8704)
# dense head
for units in dense_spec:
    h = Dense(units, activation='relu')(h)  # 1024 units
    h = Dropout(drop_rate)(h)
# class scores
probs = Dense(n_labels, activation='softmax')(h)
# wrap into a model
net = Model(inputs=ids_in, outputs=probs)
net.compile(optimizer=opt_name, loss=loss_name, metrics=['accuracy'])  # adam + cce
net.summary()

# # quick run on a small slice
# order = np.arange(ids_tr.shape[0])
# np.random.shuffle(order)
#
# xs_tr = ids_tr[order][:1000]
# ys_tr = onehot_y_tr[order][:1000]
#
# xs_te = ids_te[:100]
# ys_te = onehot_y_te[:100]

order = np.arange(ids_tr.shape[0])
np.random.shuffle(order)

xs_tr = ids_tr[order]
ys_tr = onehot_y_tr[order]

xs_te = ids_te
ys_te = onehot_y_te

# fit
net.fit(xs_tr, ys_tr,
        validation_data=(xs_te, ys_te),
        batch_size=128,
        epochs=10,
        verbose=2)
