# Kaggle notebook exported to a script: a character-level LSTM writes text

# in the style of the Nietzsche corpus, one character at a time

# (numeric and table helpers first)



import numpy as np # arrays

import pandas as pd # tables



# the notebook's inputs are mounted read-only under ../input/

# so list them to see what is there



import os

print(os.listdir("../input"))



# outputs go to the working directory
import keras

corpus_text = open('../input/nietzsche.txt').read().lower()

print('characters in corpus:', len(corpus_text))
maxlen = 60



stride = 3



window_texts = []



target_chars = []



for i in range(0, len(corpus_text) - maxlen, stride):

    window_texts.append(corpus_text[i: i + maxlen])

    target_chars.append(corpus_text[i + maxlen])



print('windows cut:', len(window_texts))

vocab_chars = sorted(list(set(corpus_text)))

print('distinct characters', len(vocab_chars))

char_to_idx = dict((ch, vocab_chars.index(ch)) for ch in vocab_chars)



print('one-hot encoding the windows...')



x = np.zeros((len(window_texts), maxlen, len(vocab_chars)), dtype=np.bool)

y = np.zeros((len(window_texts), len(vocab_chars)), dtype=np.bool)



for i, window in enumerate(window_texts):

    for t, ch in enumerate(window):

        x[i, t, char_to_idx[ch]] = 1

    y[i, char_to_idx[target_chars[i]]] = 1
from keras import layers



model = keras.models.Sequential()

model.add(layers.LSTM(128, input_shape=(maxlen, len(vocab_chars))))

model.add(layers.Dense(len(vocab_chars), activation='softmax'))
rms_optimizer = keras.optimizers.RMSprop(lr=0.01)

model.compile(loss='categorical_crossentropy', optimizer=rms_optimizer)
def draw_index(probs, temperature=1.0):

    probs = np.asarray(probs).astype('float64')

    probs = np.log(probs)/ temperature

    exp_probs = np.exp(probs)

    probs = exp_probs / np.sum(exp_probs)

    draws = np.random.multinomial(1, probs, 1)

    return np.argmax(draws)
import random

import sys



for epoch in range(1, 60):

    print('pass', epoch)

    model.fit(x, y, batch_size=128, epochs=1)

    seed_start = random.randint(0, len(corpus_text) - maxlen - 1)

    written = corpus_text[seed_start: seed_start + maxlen]

    print('--- seed text: "' + written + '"')

    

    for temperature in [0.2, 0.5, 1.0, 1.2]:

        print('------ sampling temperature', temperature)

        sys.stdout.write(written)

        

        for i in range(400):

            onehot_in = np.zeros((1, maxlen, len(vocab_chars)))

            for t, ch in enumerate(written):

                onehot_in[0, t, char_to_idx[ch]] = 1

            

            probs = model.predict(onehot_in, verbose=0)[0]

            picked = draw_index(probs, temperature)

            picked_char = vocab_chars[picked]

            

            written += picked_char

            written = written[1:]

            

            sys.stdout.write(picked_char)