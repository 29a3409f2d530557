import pandas as pd
import numpy as np
import data
import argparse
import torch

from util import read_reviews, columnize
from train import fit
from model import RNNModel

ap = argparse.ArgumentParser(description='LSTM text generator trained on review text')
ap.add_argument('--data', type=str, default='./data/',
                    help='location of the data corpus')
ap.add_argument('--model', type=str, default='LSTM',
                    help='type of recurrent net (RNN_TANH, RNN_RELU, LSTM, GRU)')
ap.add_argument('--type', type=str, default='word',
                    help='Whether to use character or word level embedding. (word|char)')

ap.add_argument('--emsize', type=int, default=200,
                    help='size of word embeddings')
ap.add_argument('--nhid', type=int, default=200,
                    help='number of hidden units per layer')
ap.add_argument('--nlayers', type=int, default=2,
                    help='number of layers')
ap.add_argument('--lr', type=float, default=20,
                    help='initial learning rate')
ap.add_argument('--clip', type=float, default=0.25,
                    help='gradient clipping')
ap.add_argument('--epochs', type=int, default=40,
                    help='upper epoch limit')
ap.add_argument('--batch_size', type=int, default=20, metavar='N',
                    help='batch size')
ap.add_argument('--bptt', type=int, default=35,
                    help='sequence length')
ap.add_argument('--dropout', type=float, default=0.2,
                    help='dropout applied to layers (0 = no dropout)')
ap.add_argument('--tied', action='store_true',
                    help='tie the word embedding and softmax weights')

ap.add_argument('--seed', type=int, default=1111,
                    help='random seed')
ap.add_argument('--cuda', action='store_true',
                    help='use CUDA')
ap.add_argument('--log-interval', type=int, default=200, metavar='N',
                    help='report interval')
ap.add_argument('--save', type=str, default='./output/model.pt',
                    help='path to save the final model')
ap.add_argument('--onnx-export', type=str, default='./output/',
                    help='path to export the final model in onnx format')
opts = ap.parse_args()

#

dev = torch.device("cuda" if opts.cuda else "cpu")
print(f"device: {dev}")

print('reading corpus')
corp = data.ReviewCorpus(opts)

print(corp.summary())
vocab_n = len(corp.dictionary)
lm = RNNModel(vocab_n, opts.emsize, opts.nhid, opts.nlayers, dropout=opts.dropout).to(dev)
xent = torch.nn.CrossEntropyLoss()

fit(opts, lm, corp, dev, xent)

#

