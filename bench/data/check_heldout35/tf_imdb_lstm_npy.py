import numpy
from keras.datasets import imdb
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import LSTM
from keras.layers.embeddings import Embedding
from keras.preprocessing import sequence
# same seed every run so results repeat
numpy.random.seed(7)

with open('X_train.npy', 'r') as fh:
    train_X = numpy.load(fh)

with open('y_train.npy', 'r') as fh:
    train_y = numpy.load(fh)

with open('X_test.npy', 'r') as fh:
    test_X = numpy.load(fh)

with open('y_test.npy', 'r') as fh:
    test_y = numpy.load(fh)

# cut or pad every review to a fixed length
review_len = 500
train_X = sequence.pad_sequences(train_X, maxlen=review_len)
test_X = sequence.pad_sequences(test_X, maxlen=review_len)

# embedding -> LSTM -> sigmoid
vocab_words = 5000
embed_dim = 32
model = Sequential()
model.add(Embedding(vocab_words, embed_dim, input_length=review_len))
model.add(LSTM(100, return_sequences = False))
model.add(Dense(1, activation='sigmoid'))
model.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])
print(model.summary())

model.fit(train_X, train_y, validation_data=(test_X, test_y), epochs=3, batch_size=64)
