import random
import numpy as np
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM,Dense, Activation
from tensorflow.keras.optimizers import RMSprop

lyrics_file = 'charlie.txt'

corpus = open(lyrics_file,'rb').read().decode(encoding='utf-8').lower()

corpus = corpus[1000:30000]

alphabet = sorted(set(corpus))

ch2i = dict((ch,k) for k,ch in enumerate(alphabet))
i2ch = dict((k,ch) for k,ch in enumerate(alphabet))

WINDOW =40
STRIDE =3

windows = []
next_ch = []

for k in range(0, len(corpus) - WINDOW, STRIDE):
    windows.append(corpus[k: k+WINDOW])
    next_ch.append(corpus[k+WINDOW])

xs= np.zeros((len(windows),WINDOW, len(alphabet)),dtype=bool)
ys= np.zeros((len(windows), len(alphabet)), dtype=bool)

for k,windows in enumerate(windows):
    for t,alphabet in enumerate(windows):
        xs[k,t,ch2i[alphabet]] =1
    ys[k,ch2i[next_ch[k]]] =1

net= Sequential ()
net.add(LSTM(128,input_shape = (WINDOW, len(alphabet))))
net.add(Dense(len(alphabet)))
net.add(Activation('softmax'))

net.compile(loss= 'categorical crossentropy',optimizer = RMSprop ( lr= 0.01))
net.fit(xs,ys,batch_size = 256 , epochs =4)

net.save("charlie_new_song")
