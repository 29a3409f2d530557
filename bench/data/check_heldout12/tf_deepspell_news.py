# encoding: utf-8
'''
Character-level spelling corrector trained on news text

(seq2seq LSTM)
'''

from __future__ import print_function, division, unicode_literals

import os
from collections import Counter
import re
import numpy as np
from numpy.random import choice as pick_random, randint as rand_int, shuffle as shuffle_inplace, seed as seed_rng, rand
from numpy import zeros as zeros_arr # pylint:disable=no-name-in-module

from keras.models import Sequential
from keras.engine.training import slice_X
from keras.layers import Activation, TimeDistributed, Dense, RepeatVector, Dropout
from keras.layers import recurrent

seed_rng(123) # fixed seed

# network and data settings
ROUNDS = 20000
EPOCHS_PER_ROUND = 5
CELL = recurrent.LSTM
ENC_DEPTH = 2
DEC_DEPTH = 2
DROP_RATE = 0.3
BATCH_N = 500
UNITS = 700
INIT_SCHEME = "he_normal" # He-normal weight init
LEN_MAX = 40
LEN_MIN = 3
REVERSE_INPUT = True
NOISE_RATE = 0.2 / LEN_MAX
TOP_CHARS = 100 # size of the kept alphabet
ALPHABET = list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .")

# text normalisation patterns:
SPACE_RUN_RE = re.compile(r'[^\S\n]+', re.UNICODE) # runs of blanks other than newline
DASH_RE = re.compile(r'[\-\˗\֊\‐\‑\‒\–\—\⁻\₋\−\﹣\－]', re.UNICODE)
QUOTE_RE = re.compile(r'&#39;|[ʼ՚＇‘’‛❛❜ߴߵ`‵´ˊˋ{}{}{}{}{}{}{}{}{}]'.format(unichr(768), unichr(769), unichr(832),
                                                                                      unichr(833), unichr(2387), unichr(5151),
                                                                                      unichr(5152), unichr(65344), unichr(8242)),
                                  re.UNICODE)
OPEN_BRACKET_RE = re.compile(r'[\(\[\{\⁽\₍\❨\❪\﹙\（]', re.UNICODE)
CLOSE_BRACKET_RE = re.compile(r'[\)\]\}\⁾\₎\❩\❫\﹚\）]', re.UNICODE)
KEEP_CURRENCY = """¥£₪$€฿₨"""
KEEP_PUNCT = """-!?/;"'%&<>.()[]{}@#:,|=*"""
STRIP_RE = re.compile(r'[^\w\s{}{}]'.format(re.escape(KEEP_CURRENCY), re.escape(KEEP_PUNCT)), re.UNICODE)

def inject_typos(text_s, noise_rate):
    """Inject random typos (replace, drop, insert, swap)."""
    if rand() < noise_rate * len(text_s):
        pos = rand_int(len(text_s))
        text_s = text_s[:pos] + pick_random(ALPHABET[:-1]) + text_s[pos + 1:]
    if rand() < noise_rate * len(text_s):
        pos = rand_int(len(text_s))
        text_s = text_s[:pos] + text_s[pos + 1:]
    if len(text_s) < LEN_MAX and rand() < noise_rate * len(text_s):
        pos = rand_int(len(text_s))
        text_s = text_s[:pos] + pick_random(ALPHABET[:-1]) + text_s[pos:]
    if rand() < noise_rate * len(text_s):
        pos = rand_int(len(text_s) - 1)
        text_s = (text_s[:pos] + text_s[pos + 1] + text_s[pos] +
                    text_s[pos + 2:])
    return text_s

def one_hot_pairs(noisy_lines, clean_lines, symbols=None):
    """One-hot encode noisy inputs and clean targets."""
    print('encoding one-hot arrays')
    symbols = symbols or ALPHABET
    x_len_max = max(len(noisy) for noisy in noisy_lines)
    y_len_max = max(len(target_line) for target_line in clean_lines)
    n_pairs = len(noisy_lines)
    codec = CharCodec(symbols)
    X_onehot = zeros_arr((n_pairs, x_len_max, len(symbols)), dtype=np.bool)
    for i in xrange(len(noisy_lines)):
        seq_text = noisy_lines.pop()
        for j, ch in enumerate(seq_text):
            X_onehot[i, j, codec.sym_to_idx[ch]] = 1
    y_onehot = zeros_arr((n_pairs, y_len_max, len(symbols)), dtype=np.bool)
    for i in xrange(len(clean_lines)):
        seq_text = clean_lines.pop()
        for j, ch in enumerate(seq_text):
            y_onehot[i, j, codec.sym_to_idx[ch]] = 1

    # hold out the last tenth for validation only
    cut = int(len(X_onehot) - len(X_onehot) / 10)
    (train_X, val_X) = (slice_X(X_onehot, 0, cut), slice_X(X_onehot, cut))
    (train_y, val_y) = (y_onehot[:cut], y_onehot[cut:])

    print(train_X.shape)
    print(train_y.shape)

    return train_X, val_X, train_y, val_y, y_len_max, codec

def build_seq_model(out_steps, symbols=None):
    """Assemble the encoder-decoder network."""
    print('assembling network')
    symbols = symbols or ALPHABET
    spell_model = Sequential()
    for depth_i in range(ENC_DEPTH):
        spell_model.add(recurrent.LSTM(UNITS, input_shape=(None, len(symbols)), init=INIT_SCHEME,
                                 return_sequences=depth_i + 1 < ENC_DEPTH))
        spell_model.add(Dropout(DROP_RATE))
    # repeat the encoding once per output step for the decoder
    spell_model.add(RepeatVector(out_steps))
    for _ in range(DEC_DEPTH):
        spell_model.add(recurrent.LSTM(UNITS, return_sequences=True, init=INIT_SCHEME))
        spell_model.add(Dropout(DROP_RATE))

    spell_model.add(TimeDistributed(Dense(len(symbols), init=INIT_SCHEME)))
    spell_model.add(Activation('softmax'))

    spell_model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
    return spell_model

class Tint(object):
    """ANSI colours for the console."""
    good = '\033[92m'
    bad = '\033[91m'
    reset = '\033[0m'

class CharCodec(object):
    """Maps characters to one-hot indices and back."""
    def __init__(self, symbols):
        self.symbols = sorted(set(symbols))
        self.sym_to_idx = dict((ch, i) for i, ch in enumerate(self.symbols))
        self.idx_to_sym = dict((i, ch) for i, ch in enumerate(self.symbols))

    def to_text(self, X_onehot, use_argmax=True):
        """Turn one-hot rows (or ids) back into text."""
        if use_argmax:
            X_onehot = X_onehot.argmax(axis=-1)
        return ''.join(self.idx_to_sym[idx_val] for idx_val in X_onehot)

def train_rounds(spell_model, train_X, train_y, val_X, val_y, codec):
    """Repeated fit rounds with sample predictions."""
    # each round: fit a few epochs, then print predictions for random validation rows
    for round_i in range(1, ROUNDS):
        print()
        print('-' * 50)
        print('round', round_i)
        spell_model.fit(train_X, train_y, batch_size=BATCH_N, nb_epoch=EPOCHS_PER_ROUND, validation_data=(val_X, val_y))
        # show ten random validation rows
        for _ in range(10):
            pick = rand_int(0, len(val_X))
            one_X, one_y = val_X[np.array([pick])], val_y[np.array([pick])]
            pred_ids = spell_model.predict_classes(one_X, verbose=0)
            shown_q = codec.to_text(one_X[0])
            expected = codec.to_text(one_y[0])
            predicted = codec.to_text(pred_ids[0], use_argmax=False)
            if REVERSE_INPUT:
                print('in ', shown_q[::-1]) # undo the reversal
            else:
                print('in ', shown_q)
            print('out', expected)
            print(Tint.good + '☑' + Tint.reset if expected == predicted else Tint.bad + '☒' + Tint.reset, predicted)
            print('---')

def normalize_text(raw_text):
    """Normalise dashes, quotes, brackets and strip other symbols."""
    cleaned = SPACE_RUN_RE.sub(' ', raw_text.strip())
    cleaned = DASH_RE.sub('-', cleaned)
    cleaned = QUOTE_RE.sub("'", cleaned)
    cleaned = OPEN_BRACKET_RE.sub("(", cleaned)
    cleaned = CLOSE_BRACKET_RE.sub(")", cleaned)
    cleaned = STRIP_RE.sub('', cleaned)
    return cleaned

def load_news_lines(_unused_arg=""):
    """Load and filter the news corpus."""
    print("loading corpus")
    corpus_text = open(os.path.expanduser("~/downloads/training-monolingual/news.2011.en.shuffled")).read().decode('utf-8')
    print("corpus loaded")
    corpus_text = normalize_text(corpus_text)
    print("corpus normalised")
    char_counts = Counter(corpus_text)
    common_chars = {ch_key for ch_key, _n in char_counts.most_common(TOP_CHARS)}
    print("".join(sorted(common_chars)))
    kept_lines = [line_s.strip() for line_s in corpus_text.split('\n')]
    print("{} corpus lines in total".format(len(kept_lines)))
    kept_lines = [line_s for line_s in kept_lines if line_s and not bool(set(line_s) - common_chars)]
    print("{} lines kept".format(len(kept_lines)))
    return kept_lines

def make_noisy_pairs(pending):
    """Cut lines into short targets and noisy inputs."""
    print("building pairs")
    noisy_lines, clean_lines, seen = [], [], set()
    while pending:
        line_s = pending.pop()
        while len(line_s) > LEN_MIN:
            if len(line_s) <= LEN_MAX:
                target_line = line_s
                line_s = ""
            else:
                cut_pos = line_s.rfind(" ", LEN_MIN, LEN_MAX - 1)
                if cut_pos > -1:
                    target_line = line_s[:cut_pos]
                    line_s = line_s[len(target_line) + 1:]
                else:
                    cut_pos = line_s.rfind(" ") # search the whole line
                    if cut_pos == -1:
                        break # nothing left to cut
                    else:
                        line_s = line_s[cut_pos + 1:]
                        continue
            if target_line and target_line in seen:
                continue
            seen.add(target_line)
            clean_lines.append(target_line)
        if rand_int(100000) == 8: # occasional progress dot
            print('.', end="")
    print('shuffling', end=" ")
    shuffle_inplace(clean_lines)
    print("ok")
    for k_idx, target_line in enumerate(clean_lines):
        noisy = inject_typos(target_line, NOISE_RATE)
        noisy += '.' * (LEN_MAX - len(noisy))
        target_line += "." * (LEN_MAX - len(target_line))
        clean_lines[k_idx] = target_line
        assert len(target_line) == LEN_MAX
        noisy = noisy[::-1] if REVERSE_INPUT else noisy
        noisy_lines.append(noisy)

    return noisy_lines, clean_lines

def run_news():
    """Entry point."""
    noisy_lines, clean_lines = make_noisy_pairs(load_news_lines())
    target_chars = set.union(*(set(target_line) for target_line in clean_lines))
    source_chars = set.union(*(set(noisy) for noisy in noisy_lines))
    symbols = list(set.union(target_chars, source_chars))
    train_X, val_X, train_y, val_y, y_len_max, codec = one_hot_pairs(noisy_lines, clean_lines, symbols)
    print("target length / symbols", y_len_max, "".join(symbols))
    spell_model = build_seq_model(y_len_max, symbols)
    train_rounds(spell_model, train_X, train_y, val_X, val_y, codec)

if __name__ == '__main__':
    run_news()
