# source: https://github.com/jaedonvisva/sentiment_analysis/blob/fe5d6a9553955e83abf62200b1224bf0996759ef/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import pandas as pd
frame = pd.read_csv("airline_tweets.csv")
subset = frame[['text','airline_sentiment']]
subset = subset[subset['airline_sentiment'] != 'neutral']
label_codes = subset.airline_sentiment.factorize()
texts = subset.text.values

from tensorflow.keras.preprocessing.text import Tokenizer
tok = Tokenizer(num_words=5000)
tok.fit_on_texts(texts)

vocab_count = len(tok.word_index) + 1

seqs = tok.texts_to_sequences(texts)

from tensorflow.keras.preprocessing.sequence import pad_sequences
padded = pad_sequences(seqs, maxlen=200)


from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM,Dense, Dropout, SpatialDropout1D
from tensorflow.keras.layers import Embedding
embed_dim = 32
clf = Sequential()
clf.add(Embedding(vocab_count, embed_dim, input_length=200))
clf.add(SpatialDropout1D(0.25))
clf.add(LSTM(50, dropout=0.5, recurrent_dropout=0.5))
clf.add(Dropout(0.2))
clf.add(Dense(1, activation='sigmoid'))
clf.compile(loss='binary_crossentropy',optimizer='adam', metrics=['accuracy'])

hist = clf.fit(padded,label_codes[0],validation_split=0.2, epochs=5, batch_size=32)

import matplotlib.pyplot as plt
plt.plot(hist.history['accuracy'], label='train acc')
plt.plot(hist.history['val_accuracy'], label='val acc')
plt.legend()
plt.show()

plt.plot(hist.history['loss'], label='train loss')
plt.plot(hist.history['val_loss'], label='val loss')
plt.legend()
plt.show()
