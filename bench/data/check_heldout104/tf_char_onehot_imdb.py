import glob
import os
from random import shuffle
import numpy as np
# from keras.models import Sequential
# from keras.layers import Dense, Dropout, Embedding, Flatten, LSTM


def read_review_folder(root_dir):
  pos_dir = os.path.join(root_dir, 'pos')
  neg_dir = os.path.join(root_dir, 'neg')
  print(pos_dir)
  print(neg_dir)
  POSITIVE = 1
  NEGATIVE = 0
  samples = []
  for path in glob.glob(os.path.join(pos_dir, '*.txt')):
    with open(path, 'r') as fh:
      samples.append((POSITIVE, fh.read()))
  for path in glob.glob(os.path.join(neg_dir, '*.txt')):
    # print("reading negative review", path)
    with open(path, 'r') as fh:
      samples.append((NEGATIVE, fh.read()))
      shuffle(samples)
  return samples


def gather_targets(samples):
  targets = []
  for item in samples:
    targets.append(item[0])
  return targets


def mean_length(samples):
  n_chars = 0
  for item in samples:
    n_chars += len(item[1])
  return n_chars / len(samples)


def to_char_lists(samples):
  char_lists = []
  ALLOWED = 'abcdefghijklmnopqrstuvwxyz0123456789"\'?!.,:; '
  for item in samples:

    chars = []
    for ch in item[1].lower():
      if ch in ALLOWED:
        chars.append(ch)
      else:
        chars.append('UNK')
    char_lists.append(chars)
  return char_lists


def fix_length(char_lists, maxlen=1000):
  fixed = []
  for chars in char_lists:
    if len(chars) > maxlen:
      cut = chars[:maxlen]
    elif len(chars) < maxlen:
      missing = maxlen - len(chars)
      cut = chars + ['PAD'] * missing
    else:
      cut = chars
    fixed.append(cut)
  return fixed


def build_char_maps(char_lists):
  alphabet = set()
  for chars in char_lists:
    alphabet.update(set(chars))
    ch_to_idx = dict((c, i) for i, c in enumerate(alphabet))
    idx_to_ch = dict((i, c) for i, c in enumerate(alphabet))
  return ch_to_idx, idx_to_ch


def one_hot_chars(char_lists, ch_to_idx, maxlen=1500):
  grid = np.zeros((len(char_lists), maxlen, len(ch_to_idx.keys())))
  for i, chars in enumerate(char_lists):
    for t, ch in enumerate(chars):
      grid[i, t, ch_to_idx[ch]] = 1
  return grid


reviews = read_review_folder('dataset/train')
targets = gather_targets(reviews)
char_lists = to_char_lists(reviews)
# alphabet_maps = build_char_maps(char_lists)
padded_chars = fix_length(char_lists, maxlen=1000)
ch_to_idx, idx_to_ch = build_char_maps(padded_chars)
onehot_reviews = one_hot_chars(padded_chars, ch_to_idx, 1000)
"""
one row per review, each row maxlen characters long,
every character turned into a one-hot vector as wide
as the character alphabet
"""
"""
resulting array: (reviews, characters, alphabet size)"""
# print(onehot_reviews.shape)

cut = int(len(onehot_reviews) * .8)
x_tr = onehot_reviews[:cut]
y_tr = targets[:cut]
x_te = onehot_reviews[cut:]
y_te = targets[cut:]
x_tr_path = 'x_train.npy'
y_tr_path = 'y_train.npy'
x_te_path = 'x_test.npy'
y_te_path = 'y_test.npy'
np.save(x_tr_path, x_tr)
np.save(y_tr_path, y_tr)
np.save(x_te_path, x_te)
np.save(y_te_path, y_te)
