import keras
import numpy as np


corpus_file = keras.utils.get_file(
    'nietzsche.txt',
    origin='https://s3.amazonaws.com/text-datasets/nietzsche.txt')
corpus = open(corpus_file).read().lower()
print('characters in corpus:', len(corpus))

# window of characters the model reads
window = 60

# stride between consecutive windows
stride = 3

# input windows
windows = []

# the character that follows each window
followers = []

# cut the corpus into overlapping windows
for pos in range(0, len(corpus) - window, stride):
    windows.append(corpus[pos: pos + window])
    followers.append(corpus[pos + window]) # target: the character right after the window
print('windows cut:', len(windows))

# sorted alphabet of the corpus
alphabet = sorted(list(set(corpus)))
print('alphabet size:', len(alphabet))
# character -> position in the alphabet
char_pos = dict((ch, alphabet.index(ch)) for ch in alphabet)

# one-hot encode windows and targets
print('Encoding...')
inputs = np.zeros((len(windows), window, len(alphabet)), dtype=np.bool)   # one-hot input windows
targets = np.zeros((len(windows), len(alphabet)), dtype=np.bool)
for row, win in enumerate(windows):
    for col, ch in enumerate(win):
        inputs[row, col, char_pos[ch]] = 1
    targets[row, char_pos[followers[row]]] = 1
    
    
# network
from keras import layers

net = keras.models.Sequential()
net.add(layers.LSTM(128, input_shape=(window, len(alphabet)))) # a single recurrent layer
net.add(layers.Dense(len(alphabet), activation='softmax')) # next-character distribution

opt = keras.optimizers.RMSprop(lr=0.01)
net.compile(loss='categorical_crossentropy', optimizer=opt)


# reweight a probability vector by a temperature and draw one index
def draw(probs, temperature=1.0):
    probs = np.asarray(probs).astype('float64')
    probs = np.log(probs) / temperature
    exp_probs = np.exp(probs)
    probs = exp_probs / np.sum(exp_probs)
    draws = np.random.multinomial(1, probs, 1)
    return np.argmax(draws)

import random
import sys

for round_no in range(1, 60):
    print('round', round_no)
    # one pass over the encoded windows
    net.fit(inputs, targets,
              batch_size=128,
              epochs=1)

    # pick a random seed window
    seed_at = random.randint(0, len(corpus) - window - 1)
    seed = corpus[seed_at: seed_at + window]
    print('=== seed: "' + seed + '"')

    for temperature in [0.2, 0.5, 1.0, 1.2]:
        print('=== temperature:', temperature)
        sys.stdout.write(seed)

        # produce 400 characters
        for k in range(400):
            probe = np.zeros((1, window, len(alphabet)))
            for col, ch in enumerate(seed):
                probe[0, col, char_pos[ch]] = 1.

            probs = net.predict(probe, verbose=0)[0]
            picked = draw(probs, temperature)
            picked_char = alphabet[picked]

            seed += picked_char
            seed = seed[1:]

            sys.stdout.write(picked_char)
            sys.stdout.flush()
        print()
