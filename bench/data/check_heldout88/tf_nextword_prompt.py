import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Embedding, LSTM, Dense

corpus = input("Type some text: ")
tok = Tokenizer()
corpus = corpus.lower()

tok.fit_on_texts([corpus])
n_words = len(tok.word_index)
print("Distinct words: ",n_words)

tok.word_index
# print(tok.word_index)

ngram_rows = []
for row in corpus.split("\n"):
    ids = tok.texts_to_sequences([row])[0]
    for k in range(1, len(ids)):
        prefix = ids[:k+1]
        ngram_rows.append(prefix)

# print(ngram_rows)
longest = max([len(r) for r in ngram_rows])
ngram_rows = np.array(pad_sequences(ngram_rows, maxlen=longest, padding='pre'))

feats = ngram_rows[:,:-1]
nxt = ngram_rows[:,-1]

nxt = tf.keras.utils.to_categorical(nxt, num_classes=n_words+1)

net = Sequential()
net.add(Embedding(n_words+1, 10, input_length=longest-1))
net.add(LSTM(150))
net.add(Dense(n_words+1, activation='sigmoid'))
net.summary()

net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
hist = net.fit(feats, nxt, epochs=10, verbose=1)

