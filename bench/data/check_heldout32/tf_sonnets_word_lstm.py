from keras.preprocessing.sequence import pad_sequences
from keras.layers import Embedding, LSTM, Dense, Dropout, Bidirectional
from keras.preprocessing.text import Tokenizer
from keras.models import Sequential
from keras.optimizers import Adam
from keras import regularizers
import keras.utils as ku 
import numpy as np 
import tensorflow
print(tensorflow.__version__)


word_tokenizer = Tokenizer()
raw_text = open('./write/data/sonnets.txt').read()
poem_lines = raw_text.lower().split("\n")

word_tokenizer.fit_on_texts(poem_lines)
vocab_total = len(word_tokenizer.word_index) + 1

ngram_seqs = []
for poem_line in poem_lines:
    line_tokens = word_tokenizer.texts_to_sequences([poem_line])[0]
    for k in range(1, len(line_tokens)):
        prefix_seq = line_tokens[:k+1]
        ngram_seqs.append(prefix_seq)


# left-pad every prefix to the longest one
max_seq_len = max([len(s) for s in ngram_seqs])
ngram_seqs = np.array(pad_sequences(ngram_seqs, maxlen=max_seq_len, padding='pre'))

# all tokens but the last are inputs, the last one is the target word
train_X, next_word_labels = ngram_seqs[:,:-1], ngram_seqs[:,-1]

next_word_labels = ku.to_categorical(next_word_labels, num_classes=vocab_total)

lm_model = Sequential()

lm_model.add(Embedding(vocab_total, 100, input_length=max_seq_len-1))
lm_model.add(Bidirectional(LSTM(150, return_sequences=True)))
lm_model.add(Dropout(0.2))
lm_model.add(LSTM(100))
'''
an earlier variant put a vocabulary-wide dense layer here with
l2 weight and l1 activity penalties;
it was dropped in favour of the half-vocabulary layer below
'''
lm_model.add(Dense((int)(vocab_total/2), activation='relu', kernel_regularizer=regularizers.l2(0.01)))
lm_model.add(Dense(vocab_total, activation='softmax'))

# a custom Adam learning rate was tried once

lm_model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
print(lm_model.summary())

train_history = lm_model.fit(train_X, next_word_labels, epochs=100, verbose=1)

import matplotlib.pyplot as plt
train_acc = train_history.history['acc']
train_loss = train_history.history['loss']

epoch_axis = range(len(train_acc))

plt.plot(epoch_axis, train_acc, 'b', label='accuracy on training prefixes')
plt.title('Accuracy while fitting')

plt.figure()

plt.plot(epoch_axis, train_loss, 'b', label='loss on training prefixes')
plt.title('Loss while fitting')
plt.legend()

plt.show()

start_text = "Shall I compare thee to a summer's day"
n_new_words = 100
  
for _ in range(n_new_words):
    line_tokens = word_tokenizer.texts_to_sequences([start_text])[0]
    line_tokens = pad_sequences([line_tokens], maxlen=max_seq_len-1, padding='pre')
    predicted_idx = lm_model.predict_classes(line_tokens, verbose=0)
    chosen_word = ""
    for vocab_word, vocab_idx in word_tokenizer.word_index.items():
        if vocab_idx == predicted_idx:
            chosen_word = vocab_word
            break
    start_text += " " + chosen_word
print(start_text)
