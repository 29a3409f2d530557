#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Character-level LSTM that learns to write rap lyrics.

(one-hot windows of 50 characters, next-character target)
"""

import pandas as pd
import numpy as np
import random
import sys

from keras.callbacks import LambdaCallback
from keras.models import Sequential
from keras.layers import Dense, Activation
from keras.layers import LSTM
from keras.optimizers import RMSprop

lyrics_data = pd.read_csv('lyrics.csv')
train_lyrics = np.array(lyrics_data.iloc[:, 5])
corpus = ""
for i in range(0, train_lyrics.size):
    if(i % 10 == 0):
        corpus += str(train_lyrics[i])
    
vocab = sorted(list(set(corpus)))
char_to_id = dict((c, i) for i, c in enumerate(vocab))
id_to_char = dict((i, c) for i, c in enumerate(vocab))

window = 50
stride = 3
windows = []
next_letters = []
for i in range(0, len(corpus) - window, stride):
    windows.append(corpus[i: i + window])
    next_letters.append(corpus[i + window])
print('windows cut:', len(windows))

x = np.zeros((len(windows), window, len(vocab)), dtype=np.bool)
y = np.zeros((len(windows), len(vocab)), dtype=np.bool)
for i, win_text in enumerate(windows):
    for pos, ch in enumerate(win_text):
        x[i, pos, char_to_id[ch]] = 1
    y[i, char_to_id[next_letters[i]]] = 1


print('assembling the network')
model = Sequential()
model.add(LSTM(128, input_shape=(window, len(vocab))))
model.add(Dense(len(vocab)))
model.add(Activation('softmax'))

optimizer = RMSprop(lr=0.01)
model.compile(loss='categorical_crossentropy', optimizer=optimizer)

def draw_index(probs, temp=1.0):
    probs = np.asarray(probs).astype('float64')
    probs = np.log(probs) / temp
    exp_probs = np.exp(probs)
    probs = exp_probs / np.sum(exp_probs)
    one_draw = np.random.multinomial(1, probs, 1)
    return np.argmax(one_draw)

def after_epoch(epoch, epoch_logs):
    print()
    if(epoch > 95):
        print('--- sample text after epoch %d\n' % epoch)
        for temp_value in [0.2, 0.5, 1.0]:
            
            print('--- temperature', temp_value)
            out_text = 'life'
            win_text = out_text
        
            for i in range(1000):
                
                x_seed = np.zeros((1, window, len(vocab)))
                for pos, ch in enumerate(win_text):
                    x_seed[0, pos, char_to_id[ch]] = 1.
        
                probs = model.predict(x_seed, verbose=0)[0]
                next_id = draw_index(probs, temp_value)
                next_letter = id_to_char[next_id]
                out_text += next_letter
                win_text = win_text[1:] + next_letter
                sys.stdout.write(next_letter)
                sys.stdout.flush()
                
            print()

gen_callback = LambdaCallback(on_epoch_end=after_epoch)

model.fit(x, y,
          batch_size=128,
          epochs=100,
          callbacks=[gen_callback])

print("fit finished")
model.save('lyrics_model.h5')
del model
print("weights written")
