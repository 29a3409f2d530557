from tensorflow import keras
from tensorflow.keras import layers
import numpy as np
import random
import sys

fh = open('nietzsche.txt', 'r')
corpus = fh.read().lower()
fh.close()
print('Characters in corpus:', len(corpus))

# cut the text into overlapping windows

window = 60
stride = 12  # 3
windows = []
following = []

for k in range(0, len(corpus) - window, stride):
    windows.append(corpus[k: k + window])
    following.append(corpus[k + window])

print('Windows:', len(windows))

alphabet = sorted(list(set(corpus)))
print('Distinct characters:', len(alphabet))
char_pos = dict((ch, alphabet.index(ch)) for ch in alphabet)

print('One-hot encoding...')
x = np.zeros((len(windows), window, len(alphabet)), dtype=np.bool)
y = np.zeros((len(windows), len(alphabet)), dtype=np.bool)

for k, w in enumerate(windows):
    for t, ch in enumerate(w):
        x[k, t, char_pos[ch]] = 1
    y[k, char_pos[following[k]]] = 1

# network

net = keras.Sequential()
net.add(layers.LSTM(128, input_shape=(window, len(alphabet))))
net.add(layers.Dense(len(alphabet), activation='softmax'))

opt = keras.optimizers.RMSprop(lr=0.01)
net.compile(loss='categorical_crossentropy', optimizer=opt)


def draw(probs, temperature=1.0):
    probs = np.asarray(probs).astype('float64')
    probs = np.log(probs) / temperature
    e = np.exp(probs)
    probs = e / np.sum(e)
    one = np.random.multinomial(1, probs, 1)
    return np.argmax(one)


net.fit(x, y, batch_size=128, epochs=1)  # 60 epochs took too long

seed_at = random.randint(0, len(corpus) - window - 1)

text_so_far = corpus[seed_at: seed_at + window]

print('--- seed: "' + text_so_far + '"')

for temperature in [0.2, 0.5, 1.0, 1.2]:
    print('\n\n------ temperature:', temperature)
    sys.stdout.write(text_so_far)
    for k in range(400):
        enc = np.zeros((1, window, len(alphabet)))

        for t, ch in enumerate(text_so_far):
            enc[0, t, char_pos[ch]] = 1

        probs = net.predict(enc, verbose=0)[0]
        nxt = draw(probs, temperature)
        ch_next = alphabet[nxt]

        text_so_far += ch_next
        text_so_far = text_so_far[1:]

        sys.stdout.write(ch_next)
