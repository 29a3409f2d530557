import numpy as np 
import pandas as pd 
import json 
import csv 
import random 

from tensorflow.keras.preprocessing.text import Tokenizer 
from tensorflow.keras.preprocessing.sequence import pad_sequences 
from tensorflow.keras.utils import to_categorical 
from tensorflow.keras import regularizers 

import pprint 
import tensorflow.compat.v1 as tf 
from tensorflow.python.framework import ops 
from sklearn.model_selection import train_test_split 
from sklearn import preprocessing 
tf.disable_eager_execution() 

# load the table 
news = pd.read_csv("news.csv") 
news.head() 
news = news.drop(["Unnamed: 0"], axis=1) 
news.head(5) 
# labels to integers 
enc = preprocessing.LabelEncoder() 
enc.fit(news['label']) 
news['label'] = enc.transform(news['label']) 
vec_dim = 50
seq_len = 54
cut = 'post'
pad = 'post'
unk = "<OOV>"
n_rows = 3000
held_frac = .1
titles = [] 
bodies = [] 
targets = [] 
for r in range(n_rows): 
	titles.append(news['title'][r]) 
	bodies.append(news['text'][r]) 
	targets.append(news['label'][r]) 
tok = Tokenizer() 
tok.fit_on_texts(titles) 
word_ids = tok.word_index 
n_words = len(word_ids) 
seqs = tok.texts_to_sequences(titles) 
padded = pad_sequences( 
	seqs, padding=pad, truncating=cut) 
cut_at = int(held_frac * n_rows) 
tr_seqs = padded[cut_at:n_rows] 
te_seqs = padded[0:cut_at] 
te_targets = targets[0:cut_at] 
tr_targets = targets[cut_at:n_rows] 
glove = {} 
with open('glove.6B.50d.txt') as fh: 
	for row in fh: 
		parts = row.split() 
		token = parts[0] 
		vec = np.asarray(parts[1:], dtype='float32') 
		glove[token] = vec 

# embedding table for the title vocabulary 
emb_table = np.zeros((n_words+1, vec_dim)) 
for token, k in word_ids.items(): 
	found = glove.get(token) 
	if found is not None: 
		emb_table[k] = found 
net = tf.keras.Sequential([ 
	tf.keras.layers.Embedding(n_words+1, vec_dim, 
							input_length=seq_len, weights=[ 
								emb_table], 
							trainable=False), 
	tf.keras.layers.Dropout(0.2), 
	tf.keras.layers.Conv1D(64, 5, activation='relu'), 
	tf.keras.layers.MaxPooling1D(pool_size=4), 
	tf.keras.layers.LSTM(64), 
	tf.keras.layers.Dense(1, activation='sigmoid') 
]) 
net.compile(loss='binary_crossentropy', 
			optimizer='adam', metrics=['accuracy']) 
net.summary() 
n_epochs = 50

x_tr = np.array(tr_seqs) 
y_tr = np.array(tr_targets) 
x_te = np.array(te_seqs) 
y_te = np.array(te_targets) 

hist = net.fit(x_tr, y_tr, 
					epochs=n_epochs, 
					validation_data=(x_te, 
									y_te), 
					verbose=2) 
# try one made-up headline 
headline = "Minister to visit Spain in show of support"

# classify it 
one = tok.texts_to_sequences([headline])[0] 
one = pad_sequences([one], maxlen=54, 
						padding=pad, 
						truncating=cut) 
if(net.predict(one, verbose=0)[0][0] >= 0.5): 
	print("predicted: real") 
else: 
	print("predicted: fake") 