import torch
import torch.nn as nn
from torch.autograd import Variable
import argparse
import os
import string

from helpers import *
from model import *
from generate import *

# SETTINGS
cli = argparse.ArgumentParser()
cli.add_argument('train_file', type=str)
cli.add_argument('test_file', type=str)
cli.add_argument('save_file', type=str)
cli.add_argument('--n_epochs', type=int, default=2000)
cli.add_argument('--print_every', type=int, default=500)
cli.add_argument('--hidden_size', type=int, default=128)
cli.add_argument('--n_layers', type=int, default=1)
cli.add_argument('--learning_rate', type=float, default=0.01)
cli.add_argument('--chunk_len', type=int, default=200)
cli.add_argument('--rnn_class', type=str, default='gru')
cli.add_argument('--batch_size', type=int, default=128)
cli.add_argument('--dropout', type=float, default=0.0)
cli.add_argument('--cuda', action='store_true')
opts = cli.parse_args()

opts.cuda = opts.cuda and torch.cuda.is_available()
if opts.cuda:
    print("running on the GPU")

def train_step(net, opt, inp, tgt):
    ''' one optimisation step on a batch '''
    net.train()

    state = net.init_hidden(opts.batch_size)
    if opts.cuda:
        if opts.rnn_class == 'lstm':
            state = (state[0].cuda(), state[1].cuda())
        else:
            state = state.cuda()

    crit = nn.CrossEntropyLoss()

    net.zero_grad()
    total = 0
    for step in range(opts.chunk_len):
        out, state = net(inp[:,step], state)
        total += crit(out.view(opts.batch_size, -1), tgt[:, step])

    # clip the gradient norm
    nn.utils.clip_grad_norm(net.parameters(), 5)

    total.backward()
    opt.step()

    return total.data[0] / opts.chunk_len

def eval_step(net, inp, tgt):
    ''' loss on a held-out batch '''
    net.eval()

    state = net.init_hidden(opts.batch_size)
    if opts.cuda:
        if opts.rnn_class == 'lstm':
            state = (state[0].cuda(), state[1].cuda())
        else:
            state = state.cuda()

    crit = nn.CrossEntropyLoss()

    total = 0
    for step in range(opts.chunk_len):
        out, state = net(inp[:,step], state)
        total += crit(out.view(opts.batch_size, -1), tgt[:, step])

    return total.data[0] / opts.chunk_len

def sample_batch(txt, chunk_len, batch_size):
    ''' random chunks of the text '''
    if opts.cuda:
        inp = torch.cuda.LongTensor(batch_size, chunk_len)
        tgt = torch.cuda.LongTensor(batch_size, chunk_len)
    else:
        inp = torch.LongTensor(batch_size, chunk_len)
        tgt = torch.LongTensor(batch_size, chunk_len)

    for row in range(batch_size):
        lo = random.randint(0, len(txt) - chunk_len - 1)
        hi = lo + chunk_len + 1
        piece = txt[lo:hi]

        inp[row] = char_tensor(piece[:-1])
        tgt[row] = char_tensor(piece[1:])

    return Variable(inp), Variable(tgt)

def store(net, path):
    ''' write the whole model '''
    torch.save(net, path)
    print('Model written to {}.'.format(path))

def main():
    alphabet = string.printable
    n_symbols = len(alphabet)

    # network
    net = CharRNN(n_symbols, opts.hidden_size, n_symbols,
                    rnn_class=opts.rnn_class, n_layers=opts.n_layers,
                    dropout=opts.dropout)

    for w in net.parameters():
        nn.init.uniform(w, -0.08, 0.08)
    print(net)

    # optimiser
    opt = torch.optim.Adam(net.parameters(), lr=opts.learning_rate)

    if opts.cuda:
        net.cuda()

    t0 = time.time()

    # read the corpora
    train_txt = unidecode.unidecode(open(opts.train_file, encoding='utf-8', errors='ignore').read())
    test_txt = unidecode.unidecode(open(opts.test_file, encoding='utf-8', errors='ignore').read())

    # loop
    try:
        print("Running %d epochs..." % opts.n_epochs)
        tr_hist = []
        for ep in range(1, opts.n_epochs + 1):
            inp, tgt = sample_batch(train_txt, opts.chunk_len, opts.batch_size)
            tr_hist.append(train_step(net, opt, inp, tgt))

            if ep % opts.print_every == 0:
                n_eval = 100
                te_hist = []
                for k in range(n_eval):
                    inp, tgt  = sample_batch(test_txt, opts.chunk_len, opts.batch_size)
                    te_hist.append(eval_step(net, inp, tgt))
                te_loss = np.mean(te_hist)
                tr_loss = np.mean(tr_hist)

                print('[%s (%d %d%%) train:%.4f test:%.4f]' % (time_since(t0), ep, ep / opts.n_epochs * 100, tr_loss, te_loss))
                tr_hist = []

                text_out, _ = generate(net, 'a', cuda=opts.cuda)
                print(text_out, '\n')

                print("Checkpointing...")
                store(net, '{}_E{}'.format(opts.save_file, ep))

        print("Writing the final model: ", opts.save_file)
        store(net, opts.save_file)

    except KeyboardInterrupt:
        print("Interrupted, saving first...")
        store(net, '{}_Q{}'.format(opts.save_file, ep))

if __name__=='__main__':
    main()

