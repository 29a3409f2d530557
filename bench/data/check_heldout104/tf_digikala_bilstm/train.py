#!/usr/bin/env python
# -*- coding: utf-8 -*-
import json
import random
import re
import pickle
import argparse
import logging

import numpy as np
from sklearn.model_selection import train_test_split
from hazm import word_tokenize, Normalizer

from defaults import *

cli = argparse.ArgumentParser(prog='shop-review-polarity')

cli.add_argument('--full_data_path', '-d', help='Path of the raw crawl file', default=FULL_DATA_PATH)
cli.add_argument('--model_path', '-P', help='Path of the saved network', default=MODEL_PATH)
cli.add_argument('--processed_pickle_data_path', '-p', help='Path of the cached encoded data',
                 default=PROCESSED_PICKLE_DATA_PATH)
cli.add_argument('--max_length', '-m', help='Longest review kept, in tokens', type=int, default=COMMENT_MAX_LENGTH)
cli.add_argument('--batch_size', '-b', help='Minibatch size', type=int, default=BATCH_SIZE)
cli.add_argument('--seed', '-s', help='Seed for random', type=int, default=SEED)
cli.add_argument('--epoch', '-e', help='Number of epochs', type=int, default=EPOCH)
cli.add_argument('--training_data_ready', '-t', help='Use the cached encoded data', action='store_true')
cli.add_argument('--data_model_ready', '-M', help='Use the saved network', action='store_true')
cli.add_argument('--interactive', '-i', help='Ask for reviews at the end', action='store_true')
cli.add_argument('--verbosity', '-v', help='repeat for more output. 0: Error, 1: Warning, 2: Info, 3: Debug',
                 action='count')

cli.description = "Fits a small recurrent classifier on crawled shop reviews to predict their polarity"

cli.epilog = "Polarity demo for a shop review crawl"

opts = cli.parse_args()

# imported late so that -h prints without the backend banner
from keras.layers import Dense, Embedding, LSTM
from keras.layers.wrappers import Bidirectional
from keras.models import Sequential, load_model
from keras.preprocessing import sequence

raw_path = opts.full_data_path

batch = opts.batch_size
random.seed(opts.seed)

use_cached_data = opts.training_data_ready
use_saved_model = opts.data_model_ready
cache_path = opts.processed_pickle_data_path
net_path = opts.model_path
n_epochs = opts.epoch

ask_user = opts.interactive

max_tokens = opts.max_length

level = opts.verbosity
if not level:
    level = 0

# logging setup
logging.basicConfig(format='%(asctime)s - %(levelname)s - %(message)s', level=40 - level * 10)
'''
Output conventions:
print for results
logging.debug for tracing
logging.info for progress
logging.warn for warnings that could be avoided
logging.warning for warnings that cannot
logging.error, logging.exception, logging.critical for failures (they do not raise by themselves)
'''

fa_normalizer = Normalizer()


def keep_labelled(path):
    with open(path, 'r', encoding='utf8') as fh:
        items = []
        for line in fh.readlines():
            record = json.loads(line)
            reviews = record.get('cmts', None)
            score = record.get('r', None)
            group = record.get('c', None)
            if reviews is None or len(reviews) == 0 or group is None or score is None:
                continue
            kept = []
            for review in reviews:
                polarity = review.get('pol', None)
                if polarity is not None and polarity != 0:
                    kept.append(review)
            if len(kept) == 0:
                continue
            record['cmts'] = kept
            items.append(record)
        return items


def split_words(text):
    text = text.replace('.', ' ')
    text = re.sub('\s+', ' ', text).strip()
    text = text.replace('\u200c', ' ').replace('\n', '').replace('\r', '').replace('ي', 'ی').replace('ك', 'ک')
    clean = fa_normalizer.normalize(text)
    words = word_tokenize(clean)
    return words


def flatten_reviews(items):
    groups = set()
    reviews_out = []
    for item in items:
        group = item.get('c', None)
        groups.add(group)
        reviews = item.get('cmts', [])
        for review in reviews:
            polarity = review.get('pol', None)
            if polarity is None:
                print('missing polarity')
            if polarity == -1:
                polarity = 0
            body = review.get('txt', '')
            if body is None:
                body = ''
            words = split_words(body)
            reviews_out.append({
                'pol': polarity,
                'tokens': words
            })
    return reviews_out


def encode_reviews(reviews, vocab):
    xs = []
    ys = []
    for review in reviews:
        xs.append([vocab[w] for w in review['tokens']])
        ys.append(review['pol'])
    return np.asarray(xs), np.asarray(ys)


def collect_words(reviews):
    words = set()
    for review in reviews:
        for w in review['tokens']:
            words.add(w)
    return words


def number_words(words):
    vocab = dict()
    k = 1
    for w in words:
        vocab[w] = k
        k += 1
    vocab['UNK'] = k
    return vocab


def build_net(n_words):
    net = Sequential()
    net.add(Embedding(n_words + 1, 128))
    net.add(Bidirectional(LSTM(128, dropout=0.2, recurrent_dropout=0.2)))
    net.add(Dense(2, activation='softmax'))

    net.compile(loss='sparse_categorical_crossentropy',
                optimizer='adam',
                metrics=['accuracy'])

    net.summary()
    return net


if use_cached_data:
    with open(cache_path, 'rb') as fh:  # default: processed_data.pickle
        X, y, vocab = pickle.load(fh)
else:
    print('Keeping labelled reviews...')
    items = keep_labelled(raw_path)  # default: data/results.jl

    print('Tokenising reviews...')
    reviews = flatten_reviews(items)

    print('Collecting words...')
    words = collect_words(reviews)

    print('Numbering words...')
    vocab = number_words(words)

    print('Encoding reviews...')
    X, y = encode_reviews(reviews, vocab)

    with open(PROCESSED_PICKLE_DATA_PATH, 'wb') as fh:
        pickle.dump((X, y, vocab), fh)

X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.2, random_state=42)

X_tr = sequence.pad_sequences(X_tr, maxlen=max_tokens)
X_te = sequence.pad_sequences(X_te, maxlen=max_tokens)

if use_saved_model:
    net = load_model(net_path)
else:
    net = build_net(len(vocab))
    net.fit(X_tr, y_tr,
            batch_size=batch,
            epochs=n_epochs,
            validation_data=(X_te, y_te))
    net.save(MODEL_PATH)

probs = net.predict(X_te, batch_size=batch)

n_right = 0

true_per_class = [0, 0]
pred_per_class = [0, 0]
hit_per_class = [0, 0]

for k in range(probs.shape[0]):
    gold = y_te[k]
    p = probs[k]
    guess = -1

    if p[gold] > p[1 - gold]:
        guess = gold
    else:
        guess = 1 - gold

    true_per_class[gold] += 1
    pred_per_class[guess] += 1

    if gold == guess:
        n_right += 1
        hit_per_class[gold] += 1

print('accuracy', n_right / probs.shape[0])
print(true_per_class)
print(pred_per_class)
print(hit_per_class)

prec_neg = hit_per_class[0] / pred_per_class[0]
prec_pos = hit_per_class[1] / pred_per_class[1]

rec_neg = hit_per_class[0] / true_per_class[0]
rec_pos = hit_per_class[1] / true_per_class[1]

print("precision-", prec_neg)
print("precision+", prec_pos)
print("recall-", rec_neg)
print("recall+", rec_pos)

f1_neg = 2 * (prec_neg * rec_neg) / (prec_neg + rec_neg)
f1_pos = 2 * (prec_pos * rec_pos) / (prec_pos + rec_pos)

print("f1-", f1_neg)
print("f1+", f1_pos)

print('>>> Ask mode')
while ask_user:
    body = input('review: ')
    words = split_words(body)
    ids = [[vocab.get(w, vocab['UNK']) for w in words]]
    X_one = sequence.pad_sequences(ids, maxlen=max_tokens)
    out = net.predict(X_one)
    print(' - : ', str(round(out[0][0] * 100, 4)) + '%')
    print(' + : ', str(round(out[0][1] * 100, 4)) + '%', '\n')
