from keras.models import Sequential
from keras.layers import Dense, Activation
from keras.layers import LSTM
from keras.optimizers import RMSprop

import numpy as np
import random
import sys

class Settings():

    """

    Constants shared by the data preparation and the network

    """

    window = 40
    stride = 3
    corpus_file = "lyric.txt"
    rounds = 60
    epochs = 1


    # switch used by the author only: reads a folder of articles
    # through the helper module instead of one file

    use_articles = False

class Corpus:

    """

    Everything derived from the corpus

    raw<string>
        the full text being modelled

    alphabet set<char>
        every distinct character of raw

    to_id D<char:integer>
        character -> integer

    to_char D<integer:char>
        integer -> character

    windows List<String>
        overlapping slices of length window

    targets
        the character after each slice

    X
        one-hot slices

    y
        one-hot targets


    """

    def __init__(self, **fields):
        for name, val  in fields.items():
            self.__dict__[name] = val

    @staticmethod
    def build(corpus_file):

        """

        Produce every array the network needs

        """

        def load_raw(path):

            """

            Read the corpus from disk

            path<string> -> string

            """
            if Settings.use_articles:

                from process import read_data
                return read_data()

            with open(path, 'r') as fh:
                return fh.read().lower()

        raw = load_raw(corpus_file)

        def make_maps():

            """

            Collect the distinct characters and index them both ways

            -> set<char>, dic<char:int>,
            """

            alphabet = sorted(list(set(raw)))

            to_id = {ch:k for k, ch in enumerate(alphabet)}
            to_char = {k:ch for k, ch in enumerate(alphabet)}

            return alphabet, to_id, to_char

        alphabet, to_id, to_char = make_maps()

        def cut_windows():


            """

            Slice the corpus into overlapping training windows

            -> List<String>, List <Char>

            """

            windows = []
            targets = []

            for k in range(0,len(raw) - Settings.window, Settings.stride):
                windows.append(raw[k: k + Settings.window])
                targets.append(raw[k + Settings.window])

            return windows, targets

        windows, targets = cut_windows()

        def one_hot():

            """
            Encode every window as a one-hot tensor

            -> Tensor

            """

            X = np.zeros((len(windows), Settings.window, len(alphabet)), dtype=np.bool)
            y = np.zeros((len(windows), len(alphabet)), dtype=np.bool)

            for k, win in enumerate(windows):
                for t, ch in enumerate(win):

                    X[k, t, to_id[ch]] = 1
                y[k, to_id[targets[k]]] = 1

            return X, y
        X, y = one_hot()

        return Corpus(
                raw = raw,
                alphabet = alphabet,
                to_id = to_id,
                to_char = to_char,
                windows = windows,
                targets = targets,
                X = X,
                y = y
                )

class Writer():

    def __init__(self, corpus):
        self.corpus  = corpus

    @staticmethod
    def pick(probs, temperature=1.0):

        """
        draw one index from a probability vector

        probs = e ^(log(probs) / temp) / sum (exp_probs)

        argmax of a multinomial draw

        probs ->
        temperature ->

        int
        """

        probs = np.asarray(probs).astype('float64')
        probs = np.log(probs) / temperature
        e = np.exp(probs)
        probs = e / np.sum(e)
        draw = np.random.multinomial(1, probs, 1)
        return np.argmax(draw)

    @staticmethod
    def make_net(alphabet):

        """


        One LSTM layer followed by a softmax over the alphabet

        alphabet set<chars> -> Model


        """


        net = Sequential()
        net.add(LSTM(128, input_shape=(Settings.window, len(alphabet))))
        net.add(Dense(len(alphabet)))
        net.add(Activation('softmax'))

        opt = RMSprop(lr=0.01)
        net.compile(loss='categorical_crossentropy', optimizer=opt)

        return net

    def run(self):

        """

        Fit the network and print samples after every round.

        """

        net = Writer.make_net(self.corpus.alphabet)

        for rnd in range(1,60):

            net.fit(self.corpus.X,self.corpus.y, batch_size = 128, epochs = Settings.epochs)
            begin = random.randint(0, len(self.corpus.raw) - Settings.window - 1)

            for temp in [0.2, 0.5, 1.0, 1.2]:

                print()
                print('----- temperature:', temp)

                out = ''
                seed = self.corpus.raw[begin: begin + Settings.window]
                out += seed

                sys.stdout.write(out)

                for k in range(400):

                    x = np.zeros((1, Settings.window, len(self.corpus.alphabet)))
                    for t, ch in enumerate(seed):
                        x[0, t, self.corpus.to_id[ch]] = 1.

                    probs = net.predict(x, verbose=0)[0]
                    nxt = Writer.pick(probs, temp)
                    nxt_ch = self.corpus.to_char[nxt]

                    out += nxt_ch
                    seed = seed[1:] + nxt_ch

                    sys.stdout.write(nxt_ch)
                    sys.stdout.flush()

if __name__ == "__main__":

    c = Corpus.build('nietzsche.txt')
    w = Writer(c)
    w.run()

