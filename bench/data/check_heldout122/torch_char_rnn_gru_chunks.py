import matplotlib.pyplot as plt
import matplotlib.ticker as ticker
import time, math

import torch
import torch.nn as nn
from torch.autograd import Variable

import string
import random
import codecs
import re
import argparse

# Options
ap = argparse.ArgumentParser(description='character GRU language model')
ap.add_argument('--chunk_len', type=int, default=100, metavar='N',
                    help='characters per training chunk (default: 100)')
ap.add_argument('--epochs', type=int, default=4000, metavar='N',
                    help='training iterations (default: 4000)')
ap.add_argument('--lr', type=float, default=0.005, metavar='LR',
                    help='step size (default: 0.005)')
ap.add_argument('--no-cuda', action='store_true', default=False,
                    help='turn off the GPU')
ap.add_argument('--seed', type=int, default=1, metavar='S',
                    help='seed (default: 1)')
ap.add_argument('--log-interval', type=int, default=50, metavar='N',
                    help='iterations between progress lines')
ap.add_argument('--hidden_size', type=int, default=100, metavar='N',
                    help='GRU width (default: 100)')
ap.add_argument('--n_layers', type=int, default=1, metavar='N',
                    help='GRU depth (default: 1)')
opts = ap.parse_args()
opts.cuda = not opts.no_cuda and torch.cuda.is_available()

torch.manual_seed(opts.seed)
if opts.cuda:
    torch.cuda.manual_seed(opts.seed)

#############  TEXT   ################
# Alphabet
alphabet = string.printable
n_symbols = len(alphabet)

# the whole training text
corpus = codecs.open("input.txt", "r", "utf-8").read()
print('%d characters in the corpus.'%(len(corpus)))

# characters -> index tensor
def to_ids(s):
    n = len(s)
    ids = torch.LongTensor(n)
    for k in range(n):
        ids[k] = alphabet.index(s[k])

    return Variable(ids)

# a random slice of the text
def pick_chunk(corpus,chunk_len):
    lo = random.randint(0,len(corpus) - chunk_len)
    hi = lo + chunk_len + 1
    return corpus[lo:hi]

def sample_pair(corpus, chunk_len):
    piece = pick_chunk(corpus, chunk_len)
    x = to_ids(piece[:-1])
    y = to_ids(piece[1:])
    return x, y

##############   Utilities   ##############
def elapsed(t0):
    s = time.time() - t0
    m = math.floor(s / 60)
    s -= m * 60
    return '%dm %ds' % (m, s)

##############   Model   ###################
class CharGRU(nn.Module):
    def __init__(self, n_in, n_out, width, depth):
        super(CharGRU,self).__init__()
        self.n_in = n_in
        self.n_out = n_out
        self.width = width
        self.depth = depth

        self.embed = nn.Embedding(n_in, width)
        self.gru = nn.GRU(width, width, depth)
        self.head = nn.Linear(width, n_out)

    def forward(self,x,h):
        e = self.embed(x.view(1,-1))
        out, h = self.gru(e.view(1,1,-1),h)
        out = self.head(out.view(1,-1))
        return out, h

    def zero_state(self):
        return Variable(torch.Tensor(depth, 1, width).fill_(0))

###############   sampling / training   ###############
def sample_text(seed_str='A', length=100, temperature=0.5):
    h = net.zero_state()
    text = seed_str
    seed_ids = to_ids(seed_str)

    # warm the state up on the seed
    for k in range(len(seed_str)-1):
        _,h = net(seed_ids[k], h)

    # then generate length characters
    x = seed_ids[-1]
    for k in range(length):
        out, h = net(x, h)

        # draw from the tempered distribution
        probs = out.data.view(-1).div(temperature).exp()
        pick = torch.multinomial(probs, 1)[0]
        ch = alphabet[pick]
        text += ch

        x = to_ids(ch)

    return text

def step(x, y):
    h = net.zero_state()
    net.zero_grad()
    loss = 0

    # unroll over the chunk
    for k in range(len(x)):
        out, h = net(x[k], h)
        loss += loss_fn(out, y[k])

    # update
    loss.backward()
    opt.step()

    return loss.data[0]/len(x)

###############   Run   #################
n_iters = opts.epochs
log_every = opts.log_interval
curve_every = 10
width = opts.hidden_size
depth = opts.n_layers
lr = opts.lr
chunk_len = opts.chunk_len

net = CharGRU(n_symbols, width, n_symbols, depth)
opt = torch.optim.Adam(net.parameters(), lr=lr)
loss_fn = nn.CrossEntropyLoss()

t0 = time.time()
curve = []
running = 0

for it in range(1, n_iters + 1):
    loss = step(*sample_pair(corpus, chunk_len))
    running += loss

    if it % log_every == 0:
        print('[%s (%d %d%%) %.4f]' % (elapsed(t0), it, it / n_iters * 100, loss))
        print(sample_text('Wh', 100), '\n')

    if it % curve_every == 0:
        curve.append(running / curve_every)
        running = 0

# loss curve
plt.figure()
plt.plot(curve)
plt.show()

# a final sample
print(sample_text('Th', 200, temperature=0.5))
