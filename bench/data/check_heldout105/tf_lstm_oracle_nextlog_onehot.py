#conding:utf-8

from keras.callbacks import LambdaCallback
from keras.models import Sequential
from keras.layers import Dense, Activation
from keras.layers import LSTM
from keras.optimizers import RMSprop
import numpy as np
import pandas as pd
import random
import sys
import io

print('reading alert log...')
raw = pd.read_csv('./data/dljydb.log', header=None)
msgs = raw[2].values
print('messages:', len(msgs))

vocab = sorted(list(set(msgs)))
print ('distinct messages:', len(vocab))
msg_to_id = dict((m, k) for k, m in enumerate(vocab))
id_to_msg = dict((k, m) for k, m in enumerate(vocab))

n_holdout = 3000#the last n_holdout messages are kept for checking
ctx = 30
hop = 3
contexts = []
following = []
for k in range(0, len(msgs) - ctx - n_holdout, hop):
    contexts.append(msgs[k: k + ctx])
    following.append(msgs[k + ctx])
print('training contexts:', len(contexts))

print('one-hot encoding...')
xs = np.zeros((len(contexts), ctx, len(vocab)), dtype=np.bool)
ys = np.zeros((len(contexts), len(vocab)), dtype=np.bool)
for k, seq in enumerate(contexts):
    for t, m in enumerate(seq):
        xs[k, t, msg_to_id[m]] = 1
    ys[k, msg_to_id[following[k]]] = 1

# two stacked LSTMs and a softmax over the vocabulary
print('building...')
net = Sequential()
net.add(LSTM(128, return_sequences=True, input_shape=(ctx, len(vocab))))
#net.add(LSTM(128, return_sequences=True))
net.add(LSTM(128))
net.add(Dense(len(vocab), activation='softmax'))

rms = RMSprop(lr=0.01)
net.compile(loss='categorical_crossentropy', optimizer=rms)

#from keras.utils import plot_model
#plot_model(net, to_file='./results/model.png')

def draw(probs, temperature=1.0):
    # pick one index from a probability vector
    probs = np.asarray(probs).astype('float64')
    probs = np.log(probs) / temperature
    e = np.exp(probs)
    probs = e / np.sum(e)
    draws = np.random.multinomial(1, probs, 1)
    return np.argmax(draws)

#after each epoch, measure precision on held-out messages
def after_epoch(ep, logs):
    print('\n===== epoch %d check' % ep)

    horizon = 20
    prec =0.                                                                 
    rec = 0.
    trials = 20                                                                   
    for tr in range(trials):
        begin = random.randint(len(msgs) - n_holdout, 
                len(msgs) - ctx - horizon - 1)

        guessed = []
        actual = []
        window = msgs[begin: begin + ctx]

        prec_t =0.
        rec_t = 0.
        for k in range(horizon): #predict horizon messages
            one = np.zeros((1, ctx, len(vocab)))
            for t, m in enumerate(window):
                one[0, t, msg_to_id[m]] = 1.

            p = net.predict(one, verbose=0)[0]
            #nxt = draw(p, diversity)
            nxt = np.argmax(p)
            nxt_msg = id_to_msg[nxt]
            guessed.append(nxt)
            actual.append(msg_to_id[msgs[begin + ctx+k]])

            window = np.append(window[1:],nxt_msg)

            #print('%d: %d: %s' % (k,nxt,nxt_msg))
            #print('%d: %d: %s' %(k, msg_to_id[msgs[begin + ctx+k]],
            #        msgs[begin + ctx+k]))
            #sys.stdout.flush()
        for k in range(horizon):
            if (guessed[k] in actual):
                prec_t += 1.
            if (actual[k] in guessed):
                rec_t += 1.
        prec_t = prec_t/horizon
        prec += prec_t
        rec_t = rec_t/horizon
        rec += rec_t
        print('%d precision: %.4f' % (tr, prec_t))
        print('%d recall: %.4f' %(tr, rec_t))
    prec = prec/trials
    rec = rec /trials
    print('mean precision: %.4f' % prec)
    print('mean recall: %.4f' % rec)
    print ()

cb = LambdaCallback(on_epoch_end=after_epoch)

net.fit(xs, ys,
          batch_size=128,
          epochs=2,
          callbacks=[cb])

#print("architecture saved")
arch = net.to_json()
with open("./results/model_arch.json", "w") as fh:
    fh.write(arch)
#print("weights saved")
net.save_weights("./results/model_w.h5")
