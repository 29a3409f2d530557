# -*- coding: utf-8 -*-
"""
Stateful LSTM language model that learns a text corpus (character or word
level) and samples new text from it.  Command-line entry point, the model
wrapper, the vectorizer and the helper functions of the project in one file.
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


# ----------------------------------------------------------------- helpers
def print_green(*args, **kwargs):
    print(colorama.Fore.GREEN, end='')
    print(*args, **kwargs)
    print(colorama.Style.RESET_ALL, end='')


def print_cyan(*args, **kwargs):
    print(colorama.Fore.CYAN, end='')
    print(*args, **kwargs)
    print(colorama.Style.RESET_ALL, end='')


def print_red(*args, **kwargs):
    print(colorama.Fore.RED, end='')
    print(*args, **kwargs)
    print(colorama.Style.RESET_ALL, end='')


def sample_preds(probs, temperature=1.0):
    """Draw one index from a probability vector sharpened by `temperature`."""
    probs = np.asarray(probs).astype(np.float64)
    probs += np.finfo(np.float64).tiny  # keep log() finite
    probs = np.log(probs) / temperature
    expd = np.exp(probs)
    probs = expd / np.sum(expd)
    draw = np.random.multinomial(1, probs, 1)
    return np.argmax(draw)


def word_tokenize(text):
    """Penn-Treebank-like splitting that keeps newlines as their own token."""
    rules = [
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
    text = " " + text + " "
    for pattern, repl in rules:
        text = pattern.sub(repl, text)
    return text.split()


def word_detokenize(tokens):
    """Best-effort inverse of word_tokenize."""
    rules = [
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
    text = ' '.join(tokens)
    for pattern, repl in rules:
        text = pattern.sub(repl, text)
    return text.strip()


def find_random_seeds(text, num_seeds=50, max_seed_length=50):
    """Pick some reasonably long lines of the corpus to prime sampling."""
    lines = text.split('\n')
    if len(lines) > num_seeds * 4:
        lines = random.sample(lines, num_seeds * 4)
    lines = sorted(lines, key=len, reverse=True)[:num_seeds]
    return [ln[:max_seed_length].rsplit(None, 1)[0] for ln in lines]


def shape_for_stateful_rnn(ids, batch_size, seq_length, seq_step):
    """Cut the id vector into (input, target) windows laid out for a
    stateful RNN; targets are the inputs shifted by one step."""
    src = ids[:-1]
    tgt = ids[1:]
    src = _create_sequences(src, seq_length, seq_step)
    tgt = _create_sequences(tgt, seq_length, seq_step)
    src = _batch_sort_for_stateful_rnn(src, batch_size)
    tgt = _batch_sort_for_stateful_rnn(tgt, batch_size)
    # sparse categorical crossentropy wants a trailing axis on the targets
    tgt = tgt[:, :, np.newaxis]
    return src, tgt


def _create_sequences(vec, seq_length, seq_step):
    strips = []
    for start in range(0, seq_length, seq_step):
        tail = vec[start:]
        n_rows = tail.size // seq_length
        strips.append(np.resize(tail, (n_rows, seq_length)))
    return np.concatenate(strips)


def _batch_sort_for_stateful_rnn(rows, batch_size):
    # row k of batch n must continue row k of batch n-1, because the LSTM
    # state is carried over between batches
    n_batches = rows.shape[0] // batch_size
    n_rows = n_batches * batch_size
    out = np.zeros((n_rows, rows.shape[1]), dtype=np.int32)
    for lane in range(batch_size):
        lo = lane * n_batches
        out[lane::batch_size, :] = rows[lo:lo + n_batches, :]
    return out


# -------------------------------------------------------------- vectorizer
class Vectorizer:
    """Maps text to integer token ids and back (char or word level)."""
    def __init__(self, text, word_tokens, pristine_input, pristine_output):
        self.word_tokens = word_tokens
        self._pristine_input = pristine_input
        self._pristine_output = pristine_output

        toks = self._tokenize(text)
        print('corpus length:', len(toks))
        counts = Counter(toks)
        toks = [t[0] for t in counts.most_common()]  # frequent tokens first
        self._token_indices = {t: i for i, t in enumerate(toks)}
        self._indices_token = {i: t for i, t in enumerate(toks)}
        self.vocab_size = len(toks)
        print('vocab size:', self.vocab_size)

    def _tokenize(self, text):
        if not self._pristine_input:
            text = text.lower()
        if self.word_tokens:
            if self._pristine_input:
                return text.split()
            return word_tokenize(text)
        return text

    def _detokenize(self, toks):
        if self.word_tokens:
            if self._pristine_output:
                return ' '.join(toks)
            return word_detokenize(toks)
        return ''.join(toks)

    def vectorize(self, text):
        ids = []
        for tok in self._tokenize(text):
            if tok in self._token_indices:
                ids.append(self._token_indices[tok])
            else:
                print_red('Ignoring unrecognized token:', tok)
        return np.array(ids, dtype=np.int32)

    def unvectorize(self, vec):
        return self._detokenize([self._indices_token[i] for i in vec.tolist()])


# ------------------------------------------------------------------- model
class LiveSamplerCallback(Callback):
    """Print a few samples after every epoch."""
    def __init__(self, meta_model):
        super(LiveSamplerCallback, self).__init__()
        self.meta_model = meta_model

    def on_epoch_end(self, epoch, logs=None):
        print()
        print_green('Sampling model...')
        self.meta_model.update_sample_model_weights()
        for temp in [0.2, 0.5, 1.0, 1.2]:
            print('Using diversity:', temp)
            self.meta_model.sample(diversity=temp)
            print('-' * 50)


class MetaModel:
    """Owns the corpus vectorizer, a training model and a batch-1 sampler."""
    def __init__(self):
        self.train_model = None
        self.sample_model = None
        self.seeds = None
        self.vectorizer = None

    def _load_data(self, data_dir, word_tokens, pristine_input, pristine_output,
                   batch_size, seq_length, seq_step):
        try:
            with open(os.path.join(data_dir, 'input.txt')) as fh:
                corpus = fh.read()
        except FileNotFoundError:
            print_red("No input.txt in data_dir")
            sys.exit(1)

        no_val = True
        try:
            with open(os.path.join(data_dir, 'validate.txt')) as fh:
                corpus_val = fh.read()
                no_val = False
        except FileNotFoundError:
            pass  # validation text is optional

        self.seeds = find_random_seeds(corpus)
        joined = corpus if no_val else '\n'.join([corpus, corpus_val])
        self.vectorizer = Vectorizer(joined, word_tokens,
                                     pristine_input, pristine_output)

        ids = self.vectorizer.vectorize(corpus)
        xs, ys = shape_for_stateful_rnn(ids, batch_size, seq_length, seq_step)
        print('x.shape:', xs.shape)
        print('y.shape:', ys.shape)
        if no_val:
            return xs, ys, None, None

        ids_val = self.vectorizer.vectorize(corpus_val)
        xs_val, ys_val = shape_for_stateful_rnn(ids_val, batch_size,
                                                seq_length, seq_step)
        print('x_val.shape:', xs_val.shape)
        print('y_val.shape:', ys_val.shape)
        return xs, ys, xs_val, ys_val

    def _build_models(self, batch_size, embedding_size, rnn_size, num_layers):
        net = Sequential()
        net.add(Embedding(self.vectorizer.vocab_size, embedding_size,
                          batch_input_shape=(batch_size, None)))
        for _ in range(num_layers):
            net.add(LSTM(rnn_size, stateful=True, return_sequences=True))
            net.add(Dropout(0.2))
        net.add(TimeDistributed(Dense(self.vectorizer.vocab_size,
                                      activation='softmax')))
        # integer targets, so no one-hot label tensor is needed
        net.compile(loss='sparse_categorical_crossentropy',
                    optimizer='rmsprop', metrics=['accuracy'])
        net.summary()

        self.train_model = net
        cfg = net.get_config()
        cfg['layers'][0]['config']['batch_input_shape'] = (1, None)
        self.sample_model = Sequential.from_config(cfg)
        self.sample_model.trainable = False

    def update_sample_model_weights(self):
        self.sample_model.set_weights(self.train_model.get_weights())

    def train(self, data_dir, word_tokens, pristine_input, pristine_output,
              batch_size, seq_length, seq_step, embedding_size, rnn_size,
              num_layers, num_epochs, live_sample):
        print_green('Loading data...')
        t0 = time.time()
        xs, ys, xs_val, ys_val = self._load_data(data_dir, word_tokens,
                                                 pristine_input, pristine_output,
                                                 batch_size, seq_length, seq_step)
        print_red('Data load time', time.time() - t0)

        print_green('Building model...')
        t0 = time.time()
        self._build_models(batch_size, embedding_size, rnn_size, num_layers)
        print_red('Model build time', time.time() - t0)

        print_green('Training...')
        t0 = time.time()
        val_pair = (xs_val, ys_val) if (xs_val is not None) else None
        hooks = [LiveSamplerCallback(self)] if live_sample else None
        self.train_model.fit(xs, ys, validation_data=val_pair,
                             batch_size=batch_size, shuffle=False,
                             epochs=num_epochs, verbose=1, callbacks=hooks)
        self.update_sample_model_weights()
        print_red('Training time', time.time() - t0)

    def sample(self, seed=None, length=None, diversity=1.0):
        self.sample_model.reset_states()
        if length is None:
            length = 100 if self.vectorizer.word_tokens else 500
        if seed is None:
            seed = random.choice(self.seeds)
            print('Using seed: ', end='')
            print_cyan(seed)
            print('-' * 50)

        probs = None
        seed_ids = self.vectorizer.vectorize(seed)
        print_cyan(seed, end=' ' if self.vectorizer.word_tokens else '')
        for tok in np.nditer(seed_ids):
            probs = self.sample_model.predict(np.array([[tok]]), verbose=0)

        drawn = np.array([], dtype=np.int32)
        for _ in range(length):
            tok = 0
            if probs is not None:
                tok = sample_preds(probs[0][0], diversity)
            drawn = np.append(drawn, tok)
            probs = self.sample_model.predict(np.array([[tok]]), verbose=0)
        out = self.vectorizer.unvectorize(drawn)
        print(out)
        return out

    def __getstate__(self):
        # Keras models are saved separately, not pickled
        state = self.__dict__.copy()
        del state['train_model']
        del state['sample_model']
        return state


def save(meta, data_dir):
    keras_path = os.path.join(data_dir, 'model.h5')
    pkl_path = os.path.join(data_dir, 'model.pkl')
    meta.sample_model.save(filepath=keras_path)
    pickle.dump(meta, open(pkl_path, 'wb'))
    print_green('Model saved to', pkl_path, keras_path)


# -------------------------------------------------------------- entry point
def main():
    cli = ArgumentParser(formatter_class=ArgumentDefaultsHelpFormatter)
    cli.add_argument('--data-dir', type=str, default='data/tinyshakespeare')
    cli.add_argument('--live-sample', action='store_true')
    cli.add_argument('--word-tokens', action='store_true')
    cli.add_argument('--pristine-input', action='store_true')
    cli.add_argument('--pristine-output', action='store_true')
    cli.add_argument('--embedding-size', type=int, default=64)
    cli.add_argument('--rnn-size', type=int, default=128)
    cli.add_argument('--num-layers', type=int, default=2)
    cli.add_argument('--batch-size', type=int, default=32)
    cli.add_argument('--seq-length', type=int, default=50)
    cli.add_argument('--seq-step', type=int, default=25)
    cli.add_argument('--num-epochs', type=int, default=50)
    opts = cli.parse_args()

    meta = MetaModel()
    meta.train(**vars(opts))
    save(meta, opts.data_dir)


if __name__ == '__main__':
    main()
