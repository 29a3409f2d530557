SEQ_LEN = 100 # tokens kept per article
EMB_DIM = 200 # size of the word vectors
VAL_FRAC = 0.16 # share held out for validation
TEST_FRAC = 0.2 # share held out for testing

from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from keras.utils import to_categorical
import numpy as np

with open('words_set.txt', 'r', encoding='utf-8') as fh:
    articles = fh.readlines()

with open('labels_set.txt', 'r', encoding='utf-8') as fh:
    topics = fh.readlines()

tok = Tokenizer()
tok.fit_on_texts(articles)
id_seqs = tok.texts_to_sequences(articles)
vocab = tok.word_index
print('Vocabulary size: %s' % len(vocab))
feats = pad_sequences(id_seqs, maxlen=SEQ_LEN)
targets = to_categorical(np.asarray(topics))
print('Feature array shape:', feats.shape)
print('Target array shape:', targets.shape)

cut_a = int(len(feats)*(1-VAL_FRAC-TEST_FRAC))
cut_b = int(len(feats)*(1-TEST_FRAC))
xa = feats[:cut_a]
ya = targets[:cut_a]
xv = feats[cut_a:cut_b]
yv = targets[cut_a:cut_b]
xt = feats[cut_b:]
yt = targets[cut_b:]
print('training articles: '+str(len(xa)))
print('validation articles: '+str(len(xv)))
print('test articles: '+str(len(xt)))

from keras.layers import Dense, Input, Flatten, Dropout
from keras.layers import Conv1D, MaxPooling1D, Embedding
from keras.models import Sequential

net = Sequential()
net.add(Embedding(len(vocab) + 1, EMB_DIM, input_length=SEQ_LEN))
net.add(Dropout(0.2))
net.add(Conv1D(250, 3, padding='valid', activation='relu', strides=1))
net.add(MaxPooling1D(3))
net.add(Flatten())
net.add(Dense(EMB_DIM, activation='relu'))
net.add(Dense(targets.shape[1], activation='softmax'))
net.summary()

net.compile(loss='categorical_crossentropy',
            optimizer='rmsprop',
            metrics=['acc'])
net.fit(xa, ya, validation_data=(xv, yv), epochs=100, batch_size=128)
net.save('word_vector_cnn.h5')
print(net.evaluate(xt, yt))
