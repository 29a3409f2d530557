import sys
from matplotlib import pyplot
from keras.preprocessing import text
from keras.models import Sequential
from keras.utils import to_categorical
from keras.layers import Dense, Dropout, LSTM, Embedding, GRU
import play_prep as pp


window_len = 50
sample_len =500
by_char=True
bs = 256
n_epochs = 1
talk = 1
val_frac = .01

x_all, y_all, tok = pp.build_windows(char_level=by_char,seq_size=window_len, verbose=talk)

n_vocab = len(tok.word_index) +1

if talk:
    print('Assembling the network')
net = Sequential()
net.add(Embedding(n_vocab, 500, mask_zero=True, input_length=window_len))
net.add(GRU(500, return_sequences=True))
net.add(Dropout(0.2))
net.add(GRU(500, return_sequences=True))
net.add(Dropout(0.2))
net.add(GRU(500))
net.add(Dense(n_vocab, activation='softmax'))

print(net.summary())

net.compile(loss='sparse_categorical_crossentropy',  optimizer='adam')


hist = net.fit(x_all[:1000000,:], y_all[:1000000], verbose=1, epochs=n_epochs, batch_size=bs, validation_split=val_frac)


print(pp.sample_text(net, tok, sample_len, window_len, by_char, verbose=talk))
