#!/usr/bin/env python
# character-level RNN text model, trainer

import torch
import torch.nn as nn
from torch.autograd import Variable
import argparse
import os

from tqdm import tqdm

from helpers import *
from model import *
from generate import *

# command-line options
arg_parser = argparse.ArgumentParser()
arg_parser.add_argument('filename', type=str)
arg_parser.add_argument('--model', type=str, default="gru")
arg_parser.add_argument('--n_epochs', type=int, default=2000)
arg_parser.add_argument('--print_every', type=int, default=100)
arg_parser.add_argument('--hidden_size', type=int, default=100)
arg_parser.add_argument('--n_layers', type=int, default=2)
arg_parser.add_argument('--learning_rate', type=float, default=0.01)
arg_parser.add_argument('--chunk_len', type=int, default=200)
arg_parser.add_argument('--batch_size', type=int, default=100)
arg_parser.add_argument('--shuffle', action='store_true')
arg_parser.add_argument('--cuda', action='store_true')
opts = arg_parser.parse_args()

if opts.cuda:
    print("Running on the GPU")

corpus_text, corpus_len = read_corpus_file(opts.filename)

def sample_train_batch(chunk_len, batch_size):
    inp = torch.LongTensor(batch_size, chunk_len)
    target = torch.LongTensor(batch_size, chunk_len)
    for bi in range(batch_size):
        start_pos = random.randint(0, corpus_len - chunk_len)
        end_pos = start_pos + chunk_len + 1
        piece = corpus_text[start_pos:end_pos]
        inp[bi] = chars_to_ids(piece[:-1])
        target[bi] = chars_to_ids(piece[1:])
    inp = Variable(inp)
    target = Variable(target)
    if opts.cuda:
        inp = inp.cuda()
        target = target.cuda()
    return inp, target

def train_step(inp, target):
    hidden = rnn_model.zero_hidden(opts.batch_size)
    if opts.cuda:
        hidden = hidden.cuda()
    rnn_model.zero_grad()
    loss = 0

    for c in range(opts.chunk_len):
        logits, hidden = rnn_model(inp[:,c], hidden)
        loss += ce_loss(logits.view(opts.batch_size, -1), target[:,c])

    loss.backward()
    rnn_optimizer.step()

    return loss.data[0] / opts.chunk_len

def save_model():
    model_filename = os.path.splitext(os.path.basename(opts.filename))[0] + '.pt'
    torch.save(rnn_model, model_filename)
    print('Model written to %s' % model_filename)

# build the network, then train

rnn_model = CharRecurrentNet(
    n_alphabet,
    opts.hidden_size,
    n_alphabet,
    cell=opts.model,
    n_layers=opts.n_layers,
)
rnn_optimizer = torch.optim.Adam(rnn_model.parameters(), lr=opts.learning_rate)
ce_loss = nn.CrossEntropyLoss()

if opts.cuda:
    rnn_model.cuda()

t_start = time.time()
loss_history = []
loss_running = 0

try:
    print("Running %d training steps..." % opts.n_epochs)
    for epoch in tqdm(range(1, opts.n_epochs + 1)):
        loss = train_step(*sample_train_batch(opts.chunk_len, opts.batch_size))
        loss_running += loss

        if epoch % opts.print_every == 0:
            print('[%s (%d %d%%) %.4f]' % (elapsed_str(t_start), epoch, epoch / opts.n_epochs * 100, loss))
            print(sample_text(rnn_model, 'Wh', 100, cuda=opts.cuda), '\n')

    print("Writing the model...")
    save_model()

except KeyboardInterrupt:
    print("Interrupted, writing the model first...")
    save_model()

