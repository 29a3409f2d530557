import pandas as pd
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Embedding, LSTM, Dense
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from sklearn.model_selection import train_test_split

reviews = pd.read_csv("imdb_reviews_clean.csv")

texts = reviews['review']
target = reviews['sentiment'].map({'positive':1, 'negative':0})

tok = Tokenizer(num_words=5000)
tok.fit_on_texts(texts)
seqs = tok.texts_to_sequences(texts)
padded = pad_sequences(seqs, maxlen=200)

x_tr, x_te, y_tr, y_te = train_test_split(padded, target, test_size=0.2)

clf = Sequential()
clf.add(Embedding(5000, 128))
clf.add(LSTM(128))
clf.add(Dense(1, activation='sigmoid'))

clf.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])
clf.fit(x_tr, y_tr, epochs=5, batch_size=64, validation_data=(x_te, y_te))
