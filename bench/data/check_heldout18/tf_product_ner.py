"""Train a named-entity tagger for product titles (title words -> category tags).

Single-file version: the word tokenizer wrapper, the tagger class and the
training entry point live together here.
"""

import os
import sys
import csv
import json

import numpy as np
try:
    import cPickle as pickle
except ImportError:
    import pickle
from keras.callbacks import ModelCheckpoint
from keras.layers import Dense, Embedding, LSTM, Bidirectional, TimeDistributed, Activation
from keras.models import load_model, Sequential
from keras.utils.np_utils import to_categorical
from keras.preprocessing.text import Tokenizer
from keras.preprocessing.sequence import pad_sequences
from sklearn.metrics import classification_report

TEXT_LIMIT = 1000000


# ---------------------------------------------------------------------------
# tokenizer wrapper
# ---------------------------------------------------------------------------
class WordTokenizer(object):
    """Thin wrapper around the Keras tokenizer that is pickled to disk."""

    def __init__(self, max_sequence_length=200, prefix="./models/tokenizer"):
        self.max_sequence_length = max_sequence_length
        self.prefix = prefix
        self.tokenizer = None

    def save(self, prefix=None):
        if prefix != None:
            self.prefix = prefix
        pickle.dump(self.tokenizer, open(self.prefix + ".pickle", "wb"))

    def load(self, prefix=None):
        if prefix != None:
            self.prefix = prefix
        self.tokenizer = pickle.load(open(self.prefix + ".pickle", "rb"))

    def train(self, texts, max_nb_words=80000):
        print('Fitting the word index...')
        self.tokenizer = Tokenizer(nb_words=max_nb_words)
        self.tokenizer.fit_on_texts(texts)
        self.save()
        print('%s distinct tokens seen.' % len(self.tokenizer.word_index))

    def tokenize(self, texts):
        """Texts -> padded 2D matrix of word ids, shape (len(texts), max_sequence_length)."""
        seqs = self.tokenizer.texts_to_sequences(texts)
        padded = pad_sequences(seqs, maxlen=self.max_sequence_length)
        return padded


# ---------------------------------------------------------------------------
# tagger
# ---------------------------------------------------------------------------
class ProductNER(object):
    """Bi-LSTM word tagger; keeps the Keras model and the tag -> index map."""

    def __init__(self, prefix=None):
        if prefix != None:
            self.load(prefix)
        else:
            self.prefix = 'models/ner'
            self.model = None
            self.tag_map = {}

    def load(self, prefix=None):
        if prefix != None:
            self.prefix = prefix
        self.model = load_model(self.prefix + '.h5')
        self.tag_map = json.load(open(self.prefix + '.json', 'r'))

    def save(self, prefix=None):
        if prefix != None:
            self.prefix = prefix
        self.model.save(self.prefix + '.h5')
        with open(self.prefix + '.json', 'w') as fh:
            json.dump(self.tag_map, fh)

    def tag(self, data):
        """Return, for every sentence, a list of {tag: probability} dicts per word."""
        probs = self.model.predict(data)
        result = []
        for row in range(probs.shape[0]):
            per_sentence = []
            start = 0
            for col in range(data[row].shape[0]):
                if data[row, col] != 0:
                    break
                start += 1
            for col in range(start, probs.shape[1]):
                per_word = {}
                for name in self.tag_map:
                    per_word[name] = probs[row, col, self.tag_map[name]]
                per_sentence.append(per_word)
            result.append(per_sentence)
        return result

    def index_tags(self, tags):
        """Map tag strings to integer ids, growing the tag map as new tags appear."""
        ids = []
        for name in tags:
            if not (name in self.tag_map):
                self.tag_map[name] = len(self.tag_map) + 1
            ids.append(self.tag_map[name])
        return ids

    def get_labels(self, tag_sets):
        """One-hot every word tag of every sentence and pad to the sequence length."""
        per_sentence = []
        print('Building label tensors...')
        for tag_set in tag_sets:
            ids = self.index_tags(tag_set)
            per_sentence.append(to_categorical(np.asarray(ids), nb_classes=4))
        per_sentence = pad_sequences(per_sentence, maxlen=200)
        return per_sentence

    def compile(self, tokenizer, glove_dir='./data/', embedding_dim=200, dropout_fraction=0.2, hidden_dim=32):
        # read the GloVe vectors into a word -> vector dict
        print('Reading GloVe vectors...')
        vectors = {}
        fh = open(os.path.join(glove_dir, 'glove.6B.' + str(embedding_dim) + 'd.txt'), 'r')
        for line in fh:
            parts = line.split()
            vectors[parts[0]] = np.asarray(parts[1:], dtype='float32')
        fh.close()
        print('%s vectors read.' % len(vectors))

        # embedding matrix for the tokenizer vocabulary
        print('Filling the embedding matrix...')
        emb = np.zeros((len(tokenizer.tokenizer.word_index) + 1, embedding_dim))
        for word, idx in list(tokenizer.tokenizer.word_index.items()):
            vec = vectors.get(word)
            if vec is not None:
                emb[idx] = vec

        print('Assembling the network...')
        self.model = Sequential()
        self.model.add(Embedding(len(tokenizer.tokenizer.word_index) + 1,
                                 embedding_dim,
                                 weights=[emb],
                                 input_length=tokenizer.max_sequence_length,
                                 trainable=False,
                                 mask_zero=True))
        self.model.add(Bidirectional(LSTM(hidden_dim, return_sequences=True)))
        self.model.add(TimeDistributed(Dense(len(self.tag_map) + 1)))
        self.model.add(Activation('softmax'))

        print('Compiling...')
        self.model.compile(loss='categorical_crossentropy',
                           optimizer='adam',
                           metrics=['acc'])

    def train(self, data, labels, validation_split=0.2, batch_size=256, epochs=2):
        print('Training...')
        # shuffle, then hold the tail out for validation
        order = np.arange(data.shape[0])
        np.random.shuffle(order)
        data = data[order]
        labels = labels[order]
        n_val = int(validation_split * data.shape[0])

        x_tr = data[:-n_val]
        y_tr = labels[:-n_val]
        x_va = data[-n_val:]
        y_va = labels[-n_val:]

        print(data.shape, labels.shape)

        self.save()
        ckpt = ModelCheckpoint(filepath=self.prefix + '.h5', verbose=1, save_best_only=False)
        self.model.fit(x_tr, y_tr, validation_data=(x_va, y_va),
                       callbacks=[ckpt],
                       nb_epoch=epochs, batch_size=batch_size)
        self.evaluate(x_va, y_va, batch_size)

    def evaluate(self, x_test, y_test, batch_size=256):
        print('Evaluating...')
        scores = self.model.predict(x_test, batch_size=batch_size, verbose=1)
        predicted = np.argmax(scores, axis=2).flatten()
        expected = np.argmax(y_test, axis=2).flatten()
        names = [''] * (max(self.tag_map.values()) + 1)
        for name in self.tag_map:
            names[self.tag_map[name]] = name
        print(classification_report(expected, predicted, target_names=names, digits=6,
                                    labels=range(len(names))))


# ---------------------------------------------------------------------------
# entry point
# ---------------------------------------------------------------------------
def usage():
    print("""
USAGE: python tf_product_ner.py data_file.csv
FORMAT: "title","brand","description","categories"
""")
    sys.exit(0)


def main(argv):
    if len(argv) < 2:
        usage()

    # read titles and their per-word tags
    titles, tag_lists = [], []
    with open(sys.argv[1], 'rb') as fh:
        reader = csv.DictReader(fh, fieldnames=["title", "brand", "description", "categories", "tags"])
        seen = 0
        for row in reader:
            seen += 1
            titles.append(row['title'])
            tag_lists.append(row['tags'].split(' ')[:-1])
            if seen >= TEXT_LIMIT:
                break
    print('Read %s titles.' % len(titles))

    # word ids
    tok = WordTokenizer()
    tok.load()
    data = tok.tokenize(titles)

    # per-word one-hot labels
    tagger = ProductNER()
    labels = tagger.get_labels(tag_lists)

    # build and fit
    tagger.compile(tok)
    tagger.train(data, labels)


if __name__ == "__main__":
    main(sys.argv)
