
# coding: utf-8

####

# character-level LSTM text generator (Keras), after the keras text-generation example;
# every time step predicts the next character (many-to-many through a time-distributed dense head)

####
from __future__ import print_function
from keras.models import Sequential
from keras.layers import Dense, Activation, Dropout
from keras.layers import LSTM,TimeDistributedDense,SimpleRNN
from keras.utils.data_utils import get_file
import numpy as np
from time import sleep
import random
import sys

##alternative corpus, disabled:

#corpus_path = get_file('nietzsche.txt', origin='https://s3.amazonaws.com/text-datasets/nietzsche.txt')
#corpus = open(corpus_path).read().lower()
corpus = open('./textdatasets/tinyshakesepare.txt').read().lower()
print('characters in corpus:', len(corpus))

vocab = sorted(list(set(corpus)))
print('distinct characters:', len(vocab))
char_to_id = dict((ch, i) for i, ch in enumerate(vocab))
id_to_char = dict((i, ch) for i, ch in enumerate(vocab))

# cut the text into overlapping windows of maxlen characters;
#the target window is the input window moved one character to the right,
#e.g. with maxlen=3 over 'abcdefghi':
# abc -> bcd, bcd -> cde, ...
seq_len = 40
stride = 1
in_seqs = []
out_seqs = []
for i in range(0, len(corpus) - seq_len+1, stride):
    in_seqs.append(corpus[i: i + seq_len])
    out_seqs.append(corpus[i+1:i +1+ seq_len])
print('windows:', len(in_seqs))

print('one-hot encoding')
X_onehot = np.zeros((len(in_seqs), seq_len, len(vocab)), dtype=np.bool)
y_onehot = np.zeros((len(in_seqs),seq_len, len(vocab)), dtype=np.bool) # one-hot target per time step
for i, seq_s in enumerate(in_seqs):
    for pos, ch_t in enumerate(seq_s):
        X_onehot[i, pos, char_to_id[ch_t]] = 1

for i, seq_s in enumerate(out_seqs):
    for pos, ch_t in enumerate(seq_s):
        y_onehot[i, pos, char_to_id[ch_t]] = 1


print ('encoding done')


# two stacked LSTM layers
print('assembling network')
char_model = Sequential()
#(input_shape variant not used)
char_model.add(LSTM(512, input_dim=len(vocab),return_sequences=True)) # no fixed input length
char_model.add(LSTM(512, return_sequences=True))
char_model.add(Dropout(0.2))
char_model.add(TimeDistributedDense(len(vocab)))
char_model.add(Activation('softmax'))

char_model.compile(loss='categorical_crossentropy', optimizer='rmsprop')

print ('network ready')

# fit one epoch per round and report the loss

print (char_model.summary())

for round_i in range(1, 6):
    print()
    print('-' * 50)
    print('round', round_i)
    fit_hist=char_model.fit(X_onehot, y_onehot, batch_size=128, nb_epoch=1,verbose=0)
    sleep(0.1) # short pause between rounds

    # (checkpointing every few rounds was left disabled)
    #
    #
    #

    #
    print ('loss:')
    print (fit_hist.history['loss'][0])
    print (fit_hist)
    print()


# #### sampling
# greedy generation from a seed prompt
# (quality depends on how long it trained)

prompt="brutus:"
print ("prompt:", prompt)
print ('generated:')
sys.stdout.write(prompt),
#
for i in range(320):
    x_prompt=np.zeros((1, len(prompt), len(vocab)))
    for pos, ch_t in enumerate(prompt):
        x_prompt[0, pos, char_to_id[ch_t]] = 1.
    probs = char_model.predict(x_prompt, verbose=0)[0]
    #
    next_id=np.argmax(probs[len(prompt)-1])


    #
    #
    #
    #
    next_ch = id_to_char[next_id]
    prompt = prompt + next_ch

    #
    #
    #
    #
    sys.stdout.write(next_ch)

sys.stdout.flush()
