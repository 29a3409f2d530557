# -*- coding: utf-8 -*-
"""
Character- or word-level text generator: a stateful LSTM is fitted to a corpus
and then writes new text.  The command-line script plus the model class,
the token codec and the small utilities of the project, copied into one file.
"""
from __future__ import print_function
from argparse import ArgumentParser, ArgumentDefaultsHelpFormatter
from collections import Counter
import os
import pickle
import random
import re
import sys
import time

import colorama
import numpy as np
from tensorflow.keras.callbacks import Callback
from tensorflow.keras.layers import Dense, Dropout, Embedding, LSTM, TimeDistributed
from tensorflow.keras.models import load_model, Sequential

colorama.init()


# ----------------------------------------------------------------- utilities
def say_green(*parts, **opts_kw):
    print(colorama.Fore.GREEN, end='')
    print(*parts, **opts_kw)
    print(colorama.Style.RESET_ALL, end='')


def say_cyan(*parts, **opts_kw):
    print(colorama.Fore.CYAN, end='')
    print(*parts, **opts_kw)
    print(colorama.Style.RESET_ALL, end='')


def say_red(*parts, **opts_kw):
    print(colorama.Fore.RED, end='')
    print(*parts, **opts_kw)
    print(colorama.Style.RESET_ALL, end='')


def pick_index(p_vec, temp_t=1.0):
    """Sample an index from probabilities reweighted by a temperature."""
    p_vec = np.asarray(p_vec).astype(np.float64)
    p_vec += np.finfo(np.float64).tiny  # avoid log(0)
    p_vec = np.log(p_vec) / temp_t
    exp_p = np.exp(p_vec)
    p_vec = exp_p / np.sum(exp_p)
    one_draw = np.random.multinomial(1, p_vec, 1)
    return np.argmax(one_draw)


def split_words(txt):
    """Regex word splitter in the Treebank style; newlines become tokens."""
    subs = [
        (re.compile(r'(\s)"'), r'\1 “ '),
        (re.compile(r'([ (\[{<])"'), r'\1 “ '),
        (re.compile(r'([:,])([^\d])'), r' \1 \2'),
        (re.compile(r'([:,])$'), r' \1 '),
        (re.compile(r'\.\.\.'), r' ... '),
        (re.compile(r'([;@#$%&])'), r' \1 '),
        (re.compile(r'([?!\.])'), r' \1 '),
        (re.compile(r"([^'])' "), r"\1 ' "),
        (re.compile(r'([\]\[\(\)\{\}\<\>])'), r' \1 '),
        (re.compile(r'--'), r' -- '),
        (re.compile(r'"'), r' ” '),
        (re.compile(r"([^' ])('s|'m|'d) "), r"\1 \2 "),
        (re.compile(r"([^' ])('ll|'re|'ve|n't) "), r"\1 \2 "),
        (re.compile(r"\b(can)(not)\b"), r' \1 \2 '),
        (re.compile(r"\b(d)('ye)\b"), r' \1 \2 '),
        (re.compile(r"\b(gim)(me)\b"), r' \1 \2 '),
        (re.compile(r"\b(gon)(na)\b"), r' \1 \2 '),
        (re.compile(r"\b(got)(ta)\b"), r' \1 \2 '),
        (re.compile(r"\b(lem)(me)\b"), r' \1 \2 '),
        (re.compile(r"\b(mor)('n)\b"), r' \1 \2 '),
        (re.compile(r"\b(wan)(na)\b"), r' \1 \2 '),
        (re.compile(r'\n'), r' \\n ')
    ]
    txt = " " + txt + " "
    for rx, rep in subs:
        txt = rx.sub(rep, txt)
    return txt.split()


def join_words(tok_list):
    """Undo split_words as far as possible."""
    subs = [
        (re.compile(r'[ ]?\\n[ ]?'), r'\n'),
        (re.compile(r"\b(can)\s(not)\b"), r'\1\2'),
        (re.compile(r"\b(d)\s('ye)\b"), r'\1\2'),
        (re.compile(r"\b(gim)\s(me)\b"), r'\1\2'),
        (re.compile(r"\b(gon)\s(na)\b"), r'\1\2'),
        (re.compile(r"\b(got)\s(ta)\b"), r'\1\2'),
        (re.compile(r"\b(lem)\s(me)\b"), r'\1\2'),
        (re.compile(r"\b(mor)\s('n)\b"), r'\1\2'),
        (re.compile(r"\b(wan)\s(na)\b"), r'\1\2'),
        (re.compile(r"([^' ]) ('ll|'re|'ve|n't)\b"), r"\1\2"),
        (re.compile(r"([^' ]) ('s|'m|'d)\b"), r"\1\2"),
        (re.compile(r'[ ]?”'), r'"'),
        (re.compile(r'[ ]?--[ ]?'), r'--'),
        (re.compile(r'([\[\(\{\<]) '), r'\1'),
        (re.compile(r' ([\]\)\}\>])'), r'\1'),
        (re.compile(r'([\]\)\}\>]) ([:;,.])'), r'\1\2'),
        (re.compile(r"([^']) ' "), r"\1' "),
        (re.compile(r' ([?!\.])'), r'\1'),
        (re.compile(r'([^\.])\s(\.)([\]\)}>"\']*)\s*$'), r'\1\2\3'),
        (re.compile(r'([#$]) '), r'\1'),
        (re.compile(r' ([;%:,])'), r'\1'),
        (re.compile(r'(“)[ ]?'), r'"')
    ]
    txt = ' '.join(tok_list)
    for rx, rep in subs:
        txt = rx.sub(rep, txt)
    return txt.strip()


def pick_seed_lines(txt, n_seeds=50, seed_chars=50):
    """Return the starts of some of the longest corpus lines, used as primers."""
    corpus_lines = txt.split('\n')
    if len(corpus_lines) > n_seeds * 4:
        corpus_lines = random.sample(corpus_lines, n_seeds * 4)
    corpus_lines = sorted(corpus_lines, key=len, reverse=True)[:n_seeds]
    return [line_s[:seed_chars].rsplit(None, 1)[0] for line_s in corpus_lines]


def stateful_windows(id_vec, batch_n, win_len, win_step):
    """Build next-token training windows (x, y) ordered for a stateful RNN;
    y is x moved one token ahead."""
    x_win = id_vec[:-1]
    y_win = id_vec[1:]
    x_win = _strided_rows(x_win, win_len, win_step)
    y_win = _strided_rows(y_win, win_len, win_step)
    x_win = _interleave_for_state(x_win, batch_n)
    y_win = _interleave_for_state(y_win, batch_n)
    # give y a last axis of size 1 for the sparse categorical loss
    y_win = y_win[:, :, np.newaxis]
    return x_win, y_win


def _strided_rows(arr, win_len, win_step):
    chunks = []
    for offset in range(0, win_len, win_step):
        rest = arr[offset:]
        row_count = rest.size // win_len
        chunks.append(np.resize(rest, (row_count, win_len)))
    return np.concatenate(chunks)


def _interleave_for_state(windows, batch_n):
    # slot k of every batch must carry on the text of slot k of the batch
    # before it, since the LSTM keeps its state from batch to batch
    batch_count = windows.shape[0] // batch_n
    row_count = batch_count * batch_n
    ordered = np.zeros((row_count, windows.shape[1]), dtype=np.int32)
    for slot in range(batch_n):
        first = slot * batch_count
        ordered[slot::batch_n, :] = windows[first:first + batch_count, :]
    return ordered


# --------------------------------------------------------------- token codec
class TokenCodec:
    """Converts between text and integer ids, by character or by word."""
    def __init__(self, txt, by_word, raw_in, raw_out):
        self.word_level = by_word
        self._raw_in = raw_in
        self._raw_out = raw_out

        token_list = self._split(txt)
        print('tokens in the corpus:', len(token_list))
        freq = Counter(token_list)
        token_list = [tk[0] for tk in freq.most_common()]  # ids ordered by frequency
        self._tok2id = {tk: i for i, tk in enumerate(token_list)}
        self._id2tok = {i: tk for i, tk in enumerate(token_list)}
        self.n_vocab = len(token_list)
        print('distinct tokens:', self.n_vocab)

    def _split(self, txt):
        if not self._raw_in:
            txt = txt.lower()
        if self.word_level:
            if self._raw_in:
                return txt.split()
            return split_words(txt)
        return txt

    def _join(self, token_list):
        if self.word_level:
            if self._raw_out:
                return ' '.join(token_list)
            return join_words(token_list)
        return ''.join(token_list)

    def encode(self, txt):
        id_vec = []
        for tok_id in self._split(txt):
            if tok_id in self._tok2id:
                id_vec.append(self._tok2id[tok_id])
            else:
                say_red('token not in the vocabulary, skipped:', tok_id)
        return np.array(id_vec, dtype=np.int32)

    def decode(self, arr):
        return self._join([self._id2tok[i] for i in arr.tolist()])


# -------------------------------------------------------------------- network
class EpochSampleCallback(Callback):
    """At the end of each epoch, write some generated text."""
    def __init__(self, owner):
        super(EpochSampleCallback, self).__init__()
        self.owner = owner

    def on_epoch_end(self, epoch, logs=None):
        print()
        say_green('generating text ...')
        self.owner.sync_generator()
        for div in [0.2, 0.5, 1.0, 1.2]:
            print('temperature', div)
            self.owner.generate(spread=div)
            print('-' * 50)


class TextGenModel:
    """Holds the codec, the batched training net and a one-sequence generator."""
    def __init__(self):
        self.train_net = None
        self.gen_net = None
        self.seed_lines = None
        self.codec = None

    def _read_corpus(self, corpus_dir, by_word, raw_in, raw_out,
                   batch_n, win_len, win_step):
        try:
            with open(os.path.join(corpus_dir, 'input.txt')) as fobj:
                corpus_txt = fobj.read()
        except FileNotFoundError:
            say_red("corpus_dir has no input.txt")
            sys.exit(1)

        val_missing = True
        try:
            with open(os.path.join(corpus_dir, 'validate.txt')) as fobj:
                val_txt = fobj.read()
                val_missing = False
        except FileNotFoundError:
            pass  # a validate.txt file is not required

        self.seed_lines = pick_seed_lines(corpus_txt)
        all_txt = corpus_txt if val_missing else '\n'.join([corpus_txt, val_txt])
        self.codec = TokenCodec(all_txt, by_word,
                                     raw_in, raw_out)

        id_vec = self.codec.encode(corpus_txt)
        train_x, train_y = stateful_windows(id_vec, batch_n, win_len, win_step)
        print('train inputs', train_x.shape)
        print('train targets', train_y.shape)
        if val_missing:
            return train_x, train_y, None, None

        val_ids = self.codec.encode(val_txt)
        val_x, val_y = stateful_windows(val_ids, batch_n,
                                                win_len, win_step)
        print('validation inputs', val_x.shape)
        print('validation targets', val_y.shape)
        return train_x, train_y, val_x, val_y

    def _make_nets(self, batch_n, emb_w, lstm_w, depth):
        seq_net = Sequential()
        seq_net.add(Embedding(self.codec.n_vocab, emb_w,
                          batch_input_shape=(batch_n, None)))
        for _ in range(depth):
            seq_net.add(LSTM(lstm_w, stateful=True, return_sequences=True))
            seq_net.add(Dropout(0.2))
        seq_net.add(TimeDistributed(Dense(self.codec.n_vocab,
                                      activation='softmax')))
        # the targets are ids, so the loss is the sparse variant
        seq_net.compile(loss='sparse_categorical_crossentropy',
                    optimizer='rmsprop', metrics=['accuracy'])
        seq_net.summary()

        self.train_net = seq_net
        net_cfg = seq_net.get_config()
        net_cfg['layers'][0]['config']['batch_input_shape'] = (1, None)
        self.gen_net = Sequential.from_config(net_cfg)
        self.gen_net.trainable = False

    def sync_generator(self):
        self.gen_net.set_weights(self.train_net.get_weights())

    def fit(self, data_dir, word_tokens, pristine_input, pristine_output,
              batch_size, seq_length, seq_step, embedding_size, rnn_size,
              num_layers, num_epochs, live_sample):
        say_green('reading the corpus ...')
        tic = time.time()
        train_x, train_y, val_x, val_y = self._read_corpus(data_dir, word_tokens,
                                                 pristine_input, pristine_output,
                                                 batch_size, seq_length, seq_step)
        say_red('seconds to read:', time.time() - tic)

        say_green('building the networks ...')
        tic = time.time()
        self._make_nets(batch_size, embedding_size, rnn_size, num_layers)
        say_red('seconds to build:', time.time() - tic)

        say_green('fitting ...')
        tic = time.time()
        val_data_pair = (val_x, val_y) if (val_x is not None) else None
        cb_list = [EpochSampleCallback(self)] if live_sample else None
        self.train_net.fit(train_x, train_y, validation_data=val_data_pair,
                             batch_size=batch_size, shuffle=False,
                             epochs=num_epochs, verbose=1, callbacks=cb_list)
        self.sync_generator()
        say_red('seconds to fit:', time.time() - tic)

    def generate(self, prime=None, n_tokens=None, spread=1.0):
        self.gen_net.reset_states()
        if n_tokens is None:
            n_tokens = 100 if self.codec.word_level else 500
        if prime is None:
            prime = random.choice(self.seed_lines)
            print('primer: ', end='')
            say_cyan(prime)
            print('-' * 50)

        p_vec = None
        prime_ids = self.codec.encode(prime)
        say_cyan(prime, end=' ' if self.codec.word_level else '')
        for tok_id in np.nditer(prime_ids):
            p_vec = self.gen_net.predict(np.array([[tok_id]]), verbose=0)

        gen_ids = np.array([], dtype=np.int32)
        for _ in range(n_tokens):
            tok_id = 0
            if p_vec is not None:
                tok_id = pick_index(p_vec[0][0], spread)
            gen_ids = np.append(gen_ids, tok_id)
            p_vec = self.gen_net.predict(np.array([[tok_id]]), verbose=0)
        text_out = self.codec.decode(gen_ids)
        print(text_out)
        return text_out

    def __getstate__(self):
        # the Keras nets are written to .h5 on their own and left out of the pickle
        pickled = self.__dict__.copy()
        del pickled['train_net']
        del pickled['gen_net']
        return pickled


def persist(tg_model, corpus_dir):
    h5_path = os.path.join(corpus_dir, 'model.h5')
    pickle_path = os.path.join(corpus_dir, 'model.pkl')
    tg_model.gen_net.save(filepath=h5_path)
    pickle.dump(tg_model, open(pickle_path, 'wb'))
    say_green('written:', pickle_path, h5_path)


# ------------------------------------------------------------------ command line
def cli_main():
    argp = ArgumentParser(formatter_class=ArgumentDefaultsHelpFormatter)
    argp.add_argument('--data-dir', type=str, default='data/tinyshakespeare')
    argp.add_argument('--live-sample', action='store_true')
    argp.add_argument('--word-tokens', action='store_true')
    argp.add_argument('--pristine-input', action='store_true')
    argp.add_argument('--pristine-output', action='store_true')
    argp.add_argument('--embedding-size', type=int, default=64)
    argp.add_argument('--rnn-size', type=int, default=128)
    argp.add_argument('--num-layers', type=int, default=2)
    argp.add_argument('--batch-size', type=int, default=32)
    argp.add_argument('--seq-length', type=int, default=50)
    argp.add_argument('--seq-step', type=int, default=25)
    argp.add_argument('--num-epochs', type=int, default=50)
    parsed = argp.parse_args()

    tg_model = TextGenModel()
    tg_model.fit(**vars(parsed))
    persist(tg_model, parsed.data_dir)


if __name__ == '__main__':
    cli_main()
