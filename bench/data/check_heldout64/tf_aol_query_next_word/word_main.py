from numpy import array
from pickle import dump
from keras.preprocessing.text import Tokenizer
from keras.utils import to_categorical
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import LSTM
from keras.layers import Embedding

from word_tools import read_text
import numpy as np

# read the query log
src_path = 'data/aol/full/train.query.sequences.txt'
# src_path = 'data/aol/full/small_sample.txt'
raw = read_text(src_path)
queries = raw.split('\n')

# word ids for every query
vocab = Tokenizer()
vocab.fit_on_texts(queries) # build the word index
id_rows = vocab.texts_to_sequences(queries) # each query as a list of ids
# number of word ids
n_words = len(vocab.word_index) + 1

# pad every row to the longest query
longest = max(len(r) for r in id_rows)
for r in id_rows:
    if len(r) != longest:
        missing = longest - len(r)
        for _ in range(missing):
            r.append(0)
print('longest query: ', longest)
# inputs are all but the last id, target is the last id
id_rows = array(id_rows)
inputs, target = id_rows[:,:-1], id_rows[:,-1]
target = to_categorical(target, num_classes=n_words)
in_len = inputs.shape[1]

# network
net = Sequential()
net.add(Embedding(n_words, longest, input_length=in_len))
net.add(LSTM(100, return_sequences=True))
net.add(LSTM(100))
net.add(Dense(100, activation='relu'))
net.add(Dense(n_words, activation='softmax'))
print(net.summary())

# loss / optimiser
net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
# training (128 per batch)
net.fit(inputs, target, batch_size=128, epochs=20)
 
# keep the weights
net.save('next_word.h5')
# keep the word index
dump(vocab, open('vocab.pkl', 'wb'))
