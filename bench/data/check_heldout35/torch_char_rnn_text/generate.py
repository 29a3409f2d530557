#!/usr/bin/env python
# character-level RNN text model, sampler

import torch
import os
import argparse

from helpers import *
from model import *

def sample_text(rnn_model, seed_text='A', n_chars_out=100, temperature=0.8, cuda=False):
    hidden = rnn_model.zero_hidden(1)
    seed_ids = Variable(chars_to_ids(seed_text).unsqueeze(0))

    if cuda:
        hidden = hidden.cuda()
        seed_ids = seed_ids.cuda()
    produced = seed_text

    # run the seed through the network to warm up the hidden state
    for p in range(len(seed_text) - 1):
        _, hidden = rnn_model(seed_ids[:,p], hidden)

    inp = seed_ids[:,-1]

    for p in range(n_chars_out):
        out, hidden = rnn_model(inp, hidden)

        # draw the next character from the softened distribution
        weights = out.data.view(-1).div(temperature).exp()
        chosen = torch.multinomial(weights, 1)[0]

        # append it and feed it back in
        next_char = alphabet_chars[chosen]
        produced += next_char
        inp = Variable(chars_to_ids(next_char).unsqueeze(0))
        if cuda:
            inp = inp.cuda()

    return produced

# command-line use
if __name__ == '__main__':

# options
    arg_parser = argparse.ArgumentParser()
    arg_parser.add_argument('filename', type=str)
    arg_parser.add_argument('-p', '--seed_text', type=str, default='A')
    arg_parser.add_argument('-l', '--n_chars_out', type=int, default=100)
    arg_parser.add_argument('-t', '--temperature', type=float, default=0.8)
    arg_parser.add_argument('--cuda', action='store_true')
    opts = arg_parser.parse_args()

    rnn_model = torch.load(opts.filename)
    del opts.filename
    print(sample_text(rnn_model, **vars(opts)))

