# _*_ coding: utf-8 _*_

import os
import sys
import torch
from torch.nn import functional as F
import numpy as np
from torchtext import data
from torchtext import datasets
from torchtext.vocab import Vectors, GloVe

def load_dataset(test_sen=None):

    """
    Builds the IMDB fields, vocabulary (with 300-d GloVe vectors) and bucketed iterators.

    Every review is padded or cut to 200 tokens (fix_length). The vocabulary comes from the
    training reviews only; its vectors are looked up in GloVe 6B.

    The training reviews are split once more into train and validation parts, and a
    BucketIterator groups reviews of similar length into batches of 32.
    """
    
    splitter = lambda s: s.split()
    FIELD = data.Field(sequential=True, tokenize=splitter, lower=True, include_lengths=True, batch_first=True, fix_length=200)
    TARGET = data.LabelField(tensor_type=torch.FloatTensor)
    tr_set, te_set = datasets.IMDB.splits(FIELD, TARGET)
    FIELD.build_vocab(tr_set, vectors=GloVe(name='6B', dim=300))
    TARGET.build_vocab(tr_set)

    emb_weights = FIELD.vocab.vectors
    print ("vocabulary size: " + str(len(FIELD.vocab)))
    print ("embedding matrix: ", FIELD.vocab.vectors.size())
    print ("label vocabulary: " + str(len(TARGET.vocab)))

    tr_set, va_set = tr_set.split() # hold out part of the training reviews for validation
    tr_iter, va_iter, te_iter = data.BucketIterator.splits((tr_set, va_set, te_set), batch_size=32, sort_key=lambda ex: len(ex.text), repeat=False, shuffle=True)

    '''The library's default iterators would also do'''
    # tr_iter, te_iter = datasets.IMDB.iters(batch_size=32)

    n_vocab = len(FIELD.vocab)

    return FIELD, n_vocab, emb_weights, tr_iter, va_iter, te_iter
