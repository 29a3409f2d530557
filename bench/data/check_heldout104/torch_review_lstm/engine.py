# -*- coding: utf-8 -*-

import re
import tensorflow as tf
import numpy as np
import nltk

nltk.download('stopwords')
from tensorflow import keras
import torch.nn.functional as F
#import matplotlib.pyplot as plt

from nltk.stem import PorterStemmer
from sklearn.model_selection import train_test_split
from tensorflow.keras.preprocessing.text import Tokenizer
from tensorflow.keras.preprocessing.sequence import pad_sequences

from pipeline.reading import Reader
from pipeline.cleaning import Cleaner
from pipeline.tokens import Sequencer
from pipeline.loaders import Splitter
from pipeline.net import LSTM
from pipeline.fit_eval import Runner

max_features = 2000
batch_size = 50
vocab_size = max_features

# read the review table
table = Reader().read()
print(table)

cleaner = Cleaner()

"""# clean every review"""

table['content'] = table['content'].apply(cleaner.clean_text)  # run the cleaner on each review

# score 5 has far more reviews than the others, so the classes get rebalanced

"""# rebalance"""

balanced = cleaner.rebalance(table)

""" # turn text into id sequences """
vocab, X = Sequencer().to_ids(balanced)

"""# encode the scores """
enc, Y = cleaner.encode_labels(balanced)

splitter = Splitter()

X_tr, X_te, Y_tr, Y_te = splitter.split(X, Y)

x_val, y_val, train_loader, val_loader = splitter.loaders(X_tr, X_te, Y_tr, Y_te)

"""# the network"""
net = LSTM(vocab_size, 128, 64)
print(net)

Runner().run(10, net, train_loader, x_val, val_loader, Y_te)
