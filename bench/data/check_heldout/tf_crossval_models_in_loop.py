# source: https://github.com/keras-team/keras/issues/2689 (script pasted by the user, "How to release model's GPU memory in cross-validation?")
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import numpy as np
from sklearn.preprocessing import MultiLabelBinarizer
from keras.models import Sequential
from keras.layers import Embedding, Dropout, LSTM, Dense, Activation

HIDDEN = 200
VOCAB = 100000
SEQ_LEN = 50
N_LABELS = 10
N_ROWS = 10000

tokens = np.random.randint(VOCAB, size=(N_ROWS, SEQ_LEN))
tokens_test = np.random.randint(VOCAB, size=(N_ROWS, SEQ_LEN))
answers = np.random.randint(N_LABELS, size=(N_ROWS, 1))
answers = MultiLabelBinarizer().fit_transform(answers)

print('tokens:', tokens.shape)
print('answers:', answers.shape)

for fold in range(10):
    print('fold {}'.format(fold))

    net = Sequential()
    net.add(Embedding(input_dim=VOCAB, output_dim=HIDDEN, input_length=SEQ_LEN))
    net.add(Dropout(.2))
    net.add(LSTM(HIDDEN))
    net.add(Dropout(.5))
    net.add(Dense(N_LABELS))
    net.add(Activation('softmax'))
    net.compile(loss='categorical_crossentropy', optimizer='RMSprop')

    net.fit(tokens, answers, nb_epoch=1, show_accuracy=True)
    guesses = net.predict(tokens_test)

    # the user wants this fold's model and its GPU memory gone here
