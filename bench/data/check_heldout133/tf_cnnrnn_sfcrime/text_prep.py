import os
import re
import sys
import json
import pickle
import logging
import itertools
import numpy as np
import pandas as pd
import gensim as gs
from pprint import pprint
from collections import Counter
from tensorflow.contrib import learn

logging.getLogger().setLevel(logging.INFO)

def normalise(txt):
	txt = re.sub(r"[^A-Za-z0-9:(),!?\'\`]", " ", txt)
	txt = re.sub(r" : ", ":", txt)
	txt = re.sub(r"\'s", " \'s", txt)
	txt = re.sub(r"\'ve", " \'ve", txt)
	txt = re.sub(r"n\'t", " n\'t", txt)
	txt = re.sub(r"\'re", " \'re", txt)
	txt = re.sub(r"\'d", " \'d", txt)
	txt = re.sub(r"\'ll", " \'ll", txt)
	txt = re.sub(r",", " , ", txt)
	txt = re.sub(r"!", " ! ", txt)
	txt = re.sub(r"\(", " \( ", txt)
	txt = re.sub(r"\)", " \) ", txt)
	txt = re.sub(r"\?", " \? ", txt)
	txt = re.sub(r"\s{2,}", " ", txt)
	return txt.strip().lower()

def random_vectors(word_to_id):
	table = {}
	for tok in word_to_id:
		table[tok] = np.random.uniform(-0.25, 0.25, 300)
	return table

def pad_all(rows, filler="<PAD/>", fixed_len=None):
	"""Bring every token list to one length"""
	if fixed_len is None: # training
		target_len = max(len(r) for r in rows)
	else: # inference
		logging.critical('inference: using the stored sequence length')
		target_len = fixed_len
	logging.critical('sequence length is {}'.format(target_len))

	out_rows = []
	for k in range(len(rows)):
		row = rows[k]
		missing = target_len - len(row)

		if missing < 0: # inference: truncate rows that are too long
			logging.info('truncating a row longer than the stored length')
			new_row = row[0:target_len]
		else:
			new_row = row + [filler] * missing
		out_rows.append(new_row)
	return out_rows

def make_vocab(rows):
	counts = Counter(itertools.chain(*rows))
	id_to_word = [pair[0] for pair in counts.most_common()]
	word_to_id = {tok: pos for pos, tok in enumerate(id_to_word)}
	return word_to_id, id_to_word

def batches(pairs, batch_size, num_epochs, shuffle=True):
	pairs = np.array(pairs)
	n = len(pairs)
	per_epoch = int(n / batch_size) + 1

	for ep in range(num_epochs):
		if shuffle:
			order = np.random.permutation(np.arange(n))
			mixed = pairs[order]
		else:
			mixed = pairs

		for b in range(per_epoch):
			lo = b * batch_size
			hi = min((b + 1) * batch_size, n)
			yield mixed[lo:hi]

def read_corpus(path):
	frame = pd.read_csv(path, compression='zip')
	keep = ['Category', 'Descript']
	drop_cols = list(set(frame.columns) - set(keep))

	frame = frame.drop(drop_cols, axis=1)
	frame = frame.dropna(axis=0, how='any', subset=keep)
	frame = frame.reindex(np.random.permutation(frame.index))

	class_names = sorted(list(set(frame[keep[0]].tolist())))
	n_classes = len(class_names)
	eye = np.zeros((n_classes, n_classes), int)
	np.fill_diagonal(eye, 1)
	class_to_vec = dict(zip(class_names, eye))

	token_rows = frame[keep[1]].apply(lambda t: normalise(t).split(' ')).tolist()
	target_rows = frame[keep[0]].apply(lambda c: class_to_vec[c]).tolist()

	token_rows = pad_all(token_rows)
	word_to_id, id_to_word = make_vocab(token_rows)

	ids = np.array([[word_to_id[tok] for tok in row] for row in token_rows])
	onehot = np.array(target_rows)
	return ids, onehot, word_to_id, id_to_word, frame, class_names

if __name__ == "__main__":
	csv_file = './data/train.csv.zip'
	read_corpus(csv_file)
