'''
Toxic comment tagging (six labels)
Data: Kaggle Jigsaw toxic comment set
Model: GloVe embeddings, a small LSTM and
        global max pooling over time
'''
# -------------------------------------------------
from __future__ import print_function, division
from builtins import range
# py2/py3 compatibility
# (needs the `future` package)

# ----------- helpers -------------------------------
import os
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

# ------------ network libs -------------------------
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.layers import Dense, Input, GlobalMaxPool1D, SpatialDropout1D, LSTM
from keras.models import Model
from keras.layers import Conv1D, MaxPool1D, Embedding, Dropout
from keras.optimizers import Adam
# ----------------------------------------------------
from settings import *
from sklearn.metrics import roc_auc_score

# ----------------------------------------------------
# where the GloVe text file lives
glove_file = os.path.expanduser("~") + f'/EMBEDDINGS/glove.6B.{EMBEDDIN_DIM}d.txt'
# token -> vector lookup
with open(glove_file, 'r') as fh:
    glove = {
        row.split()[0]: np.asarray(row.split()[1:])
        for row in fh
    }
    print(f"loaded {len(glove)} vectors")

# comments and their six labels
print('reading comments ....')
frame = pd.read_csv('data/kaggle_toxic_comment_challenge/train.csv')
texts = frame['comment_text'].fillna("DUMMY_VALUE").values
label_cols = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]
y_all = frame[label_cols].values

# word counts per comment (for choosing a length)
n_words = np.array([len(s.split()) for s in texts])
# print(np.min(n_words))
# print(np.max(n_words))
# print(int(np.mean(n_words)))

# fit the tokenizer and turn texts into id lists
tok = Tokenizer(num_words=MAX_VOCAB_SIZE)
tok.fit_on_texts(texts)
id_lists = tok.texts_to_sequences(texts)

# vocabulary: word -> id
vocab = tok.word_index
print(f"{len(vocab)} distinct tokens")

# pad / cut every comment
# to a fixed width  [N x T]
x_all = pad_sequences(id_lists, maxlen=MAX_SEQUENCE_LENGTH)
print(f"input matrix shape: {x_all.shape}")

# pretrained weight matrix
print('building the embedding matrix....')
n_rows = min(MAX_VOCAB_SIZE, len(vocab) + 1)
# V x D
weights = np.zeros((n_rows, EMBEDDIN_DIM))
for w, k in vocab.items():
    if k < MAX_VOCAB_SIZE:
        vec = glove.get(w, None)
        if vec is not None:
            weights[k] = vec
print(weights.shape)

# ----------------- network -----------------------------------
# 1) frozen embedding
emb_layer = Embedding(
    n_rows,
    EMBEDDIN_DIM,
    weights=[weights],
    input_length=MAX_SEQUENCE_LENGTH,
    trainable=False
)

# 2) recurrent body ...........................................
# the input is N x T,
# so the Input layer takes
# a length of T
inp = Input(shape=(MAX_SEQUENCE_LENGTH,))
h = emb_layer(inp)
h = LSTM(15, return_sequences=True)(h)
h = GlobalMaxPool1D()(h)
out = Dense(len(label_cols), activation='sigmoid')(h)

net = Model(inp, out)
net.compile(
    loss='binary_crossentropy',
    optimizer=Adam(lr=0.1),
    metrics= ['accuracy']
)

# ----------------- compile again ----------------------------
net = Model(inp, out)
net.compile(
    loss='binary_crossentropy',
    optimizer='rmsprop',
    metrics=['accuracy']
)

# ----------------- fit ---------------------------------------
hist = net.fit(
    x_all,
    y_all,
    batch_size=BATCH_SIZE,
    epochs=EPOCH,
    validation_split=VALIDATION_SPLIT
)

# ---------------- curves -------------------------------------
# loss
plt.plot(hist.history['loss'], label='loss')
plt.plot(hist.history['val_loss'], label='val_loss')
plt.legend()
plt.show()

# accuracy
plt.plot(hist.history['accuracy'], label='accuracy')
plt.plot(hist.history['val_accuracy'], label='val_accuracy')

plt.legend()
plt.show()

# --------- ROC AUC -------------------------------------------
scores = net.predict(x_all)
# scored on every row, the training rows included
# (fit only held out the last 20% for its own
# validation numbers)
per_label = []
for j in range(6):
    a = roc_auc_score(y_all[:, j], scores[:, j])
    per_label.append(a)

print()
print(f"mean ROC AUC : {np.mean(per_label)}")
