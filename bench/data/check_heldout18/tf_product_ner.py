"""Word-level tagger for product titles: each title word gets a category tag.

Everything in one file: the pickled tokenizer helper, the Bi-LSTM tagger
class and the script that fits it.
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

MAX_TITLES = 1000000


# ---------------------------------------------------------------------------
# word ids
# ---------------------------------------------------------------------------
class TitleTokenizer(object):
    """Keeps a Keras Tokenizer and stores it as a pickle next to the models."""

    def __init__(self, seq_len=200, path_stem="./models/tokenizer"):
        self.seq_len = seq_len
        self.path_stem = path_stem
        self.keras_tok = None

    def dump(self, path_stem=None):
        if path_stem != None:
            self.path_stem = path_stem
        pickle.dump(self.keras_tok, open(self.path_stem + ".pickle", "wb"))

    def restore(self, path_stem=None):
        if path_stem != None:
            self.path_stem = path_stem
        self.keras_tok = pickle.load(open(self.path_stem + ".pickle", "rb"))

    def fit_vocab(self, title_texts, vocab_cap=80000):
        print('building the vocabulary ...')
        self.keras_tok = Tokenizer(nb_words=vocab_cap)
        self.keras_tok.fit_on_texts(title_texts)
        self.dump()
        print('vocabulary holds %s words' % len(self.keras_tok.word_index))

    def to_id_matrix(self, title_texts):
        """Turn titles into a left-padded (n_titles, seq_len) matrix of word ids."""
        id_lists = self.keras_tok.texts_to_sequences(title_texts)
        id_matrix = pad_sequences(id_lists, maxlen=self.seq_len)
        return id_matrix


# ---------------------------------------------------------------------------
# the tagging model
# ---------------------------------------------------------------------------
class TitleTagger(object):
    """Bidirectional LSTM over GloVe embeddings, plus its tag-name -> id table."""

    def __init__(self, path_stem=None):
        if path_stem != None:
            self.restore(path_stem)
        else:
            self.path_stem = 'models/ner'
            self.tag_model = None
            self.tag_index = {}

    def restore(self, path_stem=None):
        if path_stem != None:
            self.path_stem = path_stem
        self.tag_model = load_model(self.path_stem + '.h5')
        self.tag_index = json.load(open(self.path_stem + '.json', 'r'))

    def dump(self, path_stem=None):
        if path_stem != None:
            self.path_stem = path_stem
        self.tag_model.save(self.path_stem + '.h5')
        with open(self.path_stem + '.json', 'w') as fobj:
            json.dump(self.tag_index, fobj)

    def predict_tags(self, data_ids):
        """Per title, one dict per word giving the probability of every tag."""
        tag_probs = self.tag_model.predict(data_ids)
        all_rows = []
        for ri in range(tag_probs.shape[0]):
            sent_tags = []
            first_word = 0
            for ci in range(data_ids[ri].shape[0]):
                if data_ids[ri, ci] != 0:
                    break
                first_word += 1
            for ci in range(first_word, tag_probs.shape[1]):
                word_probs = {}
                for tag_name in self.tag_index:
                    word_probs[tag_name] = tag_probs[ri, ci, self.tag_index[tag_name]]
                sent_tags.append(word_probs)
            all_rows.append(sent_tags)
        return all_rows

    def tags_to_ids(self, tag_strs):
        """Give each tag string an integer id, adding unseen tags to the table."""
        id_list = []
        for tag_name in tag_strs:
            if not (tag_name in self.tag_index):
                self.tag_index[tag_name] = len(self.tag_index) + 1
            id_list.append(self.tag_index[tag_name])
        return id_list

    def build_label_tensor(self, tag_lists_in):
        """One-hot encode the tags of each title and pad all titles to 200 words."""
        sent_tags = []
        print('one-hot encoding the tags ...')
        for one_sent_tags in tag_lists_in:
            id_list = self.tags_to_ids(one_sent_tags)
            sent_tags.append(to_categorical(np.asarray(id_list), nb_classes=4))
        sent_tags = pad_sequences(sent_tags, maxlen=200)
        return sent_tags

    def build_network(self, word_tok, glove_folder='./data/', emb_dim=200, drop_frac=0.2, lstm_units=32):
        # load GloVe into a dict keyed by word
        print('loading GloVe ...')
        glove_vecs = {}
        fobj = open(os.path.join(glove_folder, 'glove.6B.' + str(emb_dim) + 'd.txt'), 'r')
        for text_line in fobj:
            fields = text_line.split()
            glove_vecs[fields[0]] = np.asarray(fields[1:], dtype='float32')
        fobj.close()
        print('%s GloVe words loaded' % len(glove_vecs))

        # one embedding row per vocabulary word (zeros where GloVe lacks it)
        print('building the embedding weights ...')
        emb_matrix = np.zeros((len(word_tok.keras_tok.word_index) + 1, emb_dim))
        for w, wid in list(word_tok.keras_tok.word_index.items()):
            glove_v = glove_vecs.get(w)
            if glove_v is not None:
                emb_matrix[wid] = glove_v

        print('stacking the layers ...')
        self.tag_model = Sequential()
        self.tag_model.add(Embedding(len(word_tok.keras_tok.word_index) + 1,
                                 emb_dim,
                                 weights=[emb_matrix],
                                 input_length=word_tok.seq_len,
                                 trainable=False,
                                 mask_zero=True))
        self.tag_model.add(Bidirectional(LSTM(lstm_units, return_sequences=True)))
        self.tag_model.add(TimeDistributed(Dense(len(self.tag_index) + 1)))
        self.tag_model.add(Activation('softmax'))

        print('compiling the tagger ...')
        self.tag_model.compile(loss='categorical_crossentropy',
                           optimizer='adam',
                           metrics=['acc'])

    def train_tagger(self, data_ids, label_tensor, val_frac=0.2, batch_n=256, n_epochs=2):
        print('fitting the tagger ...')
        # random order; the last val_frac of rows become the validation part
        perm = np.arange(data_ids.shape[0])
        np.random.shuffle(perm)
        data_ids = data_ids[perm]
        label_tensor = label_tensor[perm]
        val_count = int(val_frac * data_ids.shape[0])

        train_x = data_ids[:-val_count]
        train_y = label_tensor[:-val_count]
        val_x = data_ids[-val_count:]
        val_y = label_tensor[-val_count:]

        print(data_ids.shape, label_tensor.shape)

        self.dump()
        ckpt_cb = ModelCheckpoint(filepath=self.path_stem + '.h5', verbose=1, save_best_only=False)
        self.tag_model.fit(train_x, train_y, validation_data=(val_x, val_y),
                       callbacks=[ckpt_cb],
                       nb_epoch=n_epochs, batch_size=batch_n)
        self.eval_report(val_x, val_y, batch_n)

    def eval_report(self, test_x, test_y, batch_n=256):
        print('scoring held-out titles ...')
        tag_scores = self.tag_model.predict(test_x, batch_size=batch_n, verbose=1)
        pred_ids = np.argmax(tag_scores, axis=2).flatten()
        true_ids = np.argmax(test_y, axis=2).flatten()
        tag_names = [''] * (max(self.tag_index.values()) + 1)
        for tag_name in self.tag_index:
            tag_names[self.tag_index[tag_name]] = tag_name
        print(classification_report(true_ids, pred_ids, target_names=tag_names, digits=6,
                                    labels=range(len(tag_names))))


# ---------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------
def print_usage():
    print("""
run as: python tf_product_ner.py data_file.csv
csv columns: "title","brand","description","categories"
""")
    sys.exit(0)


def run_main(cli_args):
    if len(cli_args) < 2:
        print_usage()

    # titles and the tag of each of their words
    title_list, word_tags = [], []
    with open(sys.argv[1], 'rb') as fobj:
        csv_rows = csv.DictReader(fobj, fieldnames=["title", "brand", "description", "categories", "tags"])
        n_read = 0
        for record in csv_rows:
            n_read += 1
            title_list.append(record['title'])
            word_tags.append(record['tags'].split(' ')[:-1])
            if n_read >= MAX_TITLES:
                break
    print('%s titles loaded' % len(title_list))

    # titles -> word id matrix
    title_tok = TitleTokenizer()
    title_tok.restore()
    data_ids = title_tok.to_id_matrix(title_list)

    # tags -> one-hot label tensor
    ner_tagger = TitleTagger()
    label_tensor = ner_tagger.build_label_tensor(word_tags)

    # embedding, network, then fitting
    ner_tagger.build_network(title_tok)
    ner_tagger.train_tagger(data_ids, label_tensor)


if __name__ == "__main__":
    run_main(sys.argv)
