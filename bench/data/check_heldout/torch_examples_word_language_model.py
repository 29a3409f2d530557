# source: https://github.com/pytorch/examples/blob/cd01f93000a6679e768700dd29e417a1e5fd10e5/word_language_model/main.py + data.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import math
import os
import time
from io import open

import torch
import torch.nn as nn

import model

data_dir = './data/wikitext-2'
arch = 'LSTM'
emsize = 200
nhid = 200
nlayers = 2
clip = 0.25
n_epochs = 40
batch_size = 20
bptt = 35
dropout = 0.2
tied = False
log_every = 200
save_path = 'model.pt'
nhead = 2
use_cuda = True

torch.manual_seed(1111)
device = torch.device("cuda" if use_cuda else "cpu")


class Vocabulary(object):
    def __init__(self):
        self.word2idx = {}
        self.idx2word = []

    def add_word(self, word):
        if word not in self.word2idx:
            self.idx2word.append(word)
            self.word2idx[word] = len(self.idx2word) - 1
        return self.word2idx[word]

    def __len__(self):
        return len(self.idx2word)


class TextCorpus(object):
    def __init__(self, path):
        self.vocab = Vocabulary()
        self.train = self.tokenize(os.path.join(path, 'train.txt'))
        self.valid = self.tokenize(os.path.join(path, 'valid.txt'))
        self.test = self.tokenize(os.path.join(path, 'test.txt'))

    def tokenize(self, path):
        with open(path, 'r', encoding="utf8") as f:
            for line in f:
                for word in line.split() + ['<eos>']:
                    self.vocab.add_word(word)
        with open(path, 'r', encoding="utf8") as f:
            per_line = []
            for line in f:
                ids = []
                for word in line.split() + ['<eos>']:
                    ids.append(self.vocab.word2idx[word])
                per_line.append(torch.tensor(ids).type(torch.int64))
            ids = torch.cat(per_line)
        return ids


corpus = TextCorpus(data_dir)


def to_columns(data, bsz):
    n = data.size(0) // bsz
    data = data.narrow(0, 0, n * bsz)
    data = data.view(bsz, -1).t().contiguous()
    return data.to(device)


eval_batch_size = 10
train_data = to_columns(corpus.train, batch_size)
val_data = to_columns(corpus.valid, eval_batch_size)
test_data = to_columns(corpus.test, eval_batch_size)

ntokens = len(corpus.vocab)
if arch == 'Transformer':
    lm = model.TransformerModel(ntokens, emsize, nhead, nhid, nlayers, dropout).to(device)
else:
    lm = model.RNNModel(arch, ntokens, emsize, nhid, nlayers, dropout, tied).to(device)

criterion = nn.CrossEntropyLoss()


def detach_state(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(detach_state(v) for v in h)


def chunk(source, i):
    n = min(bptt, len(source) - 1 - i)
    return source[i:i + n], source[i + 1:i + 1 + n].view(-1)


def evaluate(source):
    lm.eval()
    total = 0.
    if arch != 'Transformer':
        hidden = lm.init_hidden(eval_batch_size)
    with torch.no_grad():
        for i in range(0, source.size(0) - 1, bptt):
            data, targets = chunk(source, i)
            if arch == 'Transformer':
                output = lm(data)
            else:
                output, hidden = lm(data, hidden)
                hidden = detach_state(hidden)
            total += len(data) * criterion(output.view(-1, ntokens), targets).item()
    return total / (len(source) - 1)


def train():
    lm.train()
    total = 0.
    started = time.time()
    if arch != 'Transformer':
        hidden = lm.init_hidden(batch_size)
    for batch, i in enumerate(range(0, train_data.size(0) - 1, bptt)):
        data, targets = chunk(train_data, i)
        lm.zero_grad()
        if arch == 'Transformer':
            output = lm(data)
        else:
            hidden = detach_state(hidden)
            output, hidden = lm(data, hidden)
        loss = criterion(output.view(-1, ntokens), targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(lm.parameters(), clip)
        for p in lm.parameters():
            p.data.add_(-lr, p.grad.data)
        total += loss.item()
        if batch % log_every == 0 and batch > 0:
            cur = total / log_every
            print(epoch, batch, lr, (time.time() - started) * 1000 / log_every, cur, math.exp(cur))
            total = 0
            started = time.time()


lr = 20
best_val = None
try:
    for epoch in range(1, n_epochs + 1):
        train()
        val_loss = evaluate(val_data)
        print(epoch, val_loss, math.exp(val_loss))
        if not best_val or val_loss < best_val:
            with open(save_path, 'wb') as f:
                torch.save(lm, f)
            best_val = val_loss
        else:
            lr /= 4.0
except KeyboardInterrupt:
    print('stopped early')

with open(save_path, 'rb') as f:
    lm = torch.load(f)
    if arch in ['RNN_TANH', 'RNN_RELU', 'LSTM', 'GRU']:
        lm.rnn.flatten_parameters()

test_loss = evaluate(test_data)
print(test_loss, math.exp(test_loss))
