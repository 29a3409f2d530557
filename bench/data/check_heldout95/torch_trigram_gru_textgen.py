import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import nltk
import string
import unidecode
import random
import torch
use_gpu = torch.cuda.is_available()
if(use_gpu):
    print('GPU found, using it.')
else:
    print('No GPU here; keep the epoch count very low on CPU.')
spooky_df = pd.read_csv('../input/train.csv')
poe_lines = spooky_df[spooky_df['author'] == 'EAP']["text"]
poe_lines[:5]
corpus = list(poe_lines[:100])
def glue(parts):
    return ' '.join(s for s in parts)
corpus = glue(corpus)
len(corpus.split())
stopset = set(nltk.corpus.stopwords.words('english'))
punct = set(string.punctuation)
lemmer = nltk.stem.wordnet.WordNetLemmatizer()
def tidy(doc):
        no_stop = " ".join([w for w in doc.split() if w not in stopset])
        no_punct = "".join(ch for ch in no_stop if ch not in punct)
        lemmed = " ".join(lemmer.lemmatize(w) for w in no_punct.split())
        return lemmed
tokens = tidy(corpus).lower().split()
triples = [([tokens[k], tokens[k + 1]], tokens[k + 2])
            for k in range(len(tokens) - 2)]
seq_len=len(triples)
print(triples[:3])
words = set(tokens)
n_words=len(words)
w2i = {w: k for k, w in enumerate(words)}
ctx_list=[]
tgt_list=[]
for ctx, nxt in triples:
        ctx_ids = torch.tensor([w2i[w] for w in ctx], dtype=torch.long)
        ctx_list.append(ctx_ids)
        nxt_id = torch.tensor([w2i[nxt]], dtype=torch.long)
        tgt_list.append(nxt_id)
import torch
import torch.nn as nn
from torch.autograd import Variable
class WordGRU(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, n_layers=1):
        super(WordGRU, self).__init__()
        self.n_in = n_in
        self.n_hidden = n_hidden
        self.n_out = n_out
        self.n_layers = n_layers
        self.embed = nn.Embedding(n_in, n_hidden)
        self.gru = nn.GRU(n_hidden*2, n_hidden, n_layers,batch_first=True,
                          bidirectional=False)
        self.proj = nn.Linear(n_hidden, n_out)
    def forward(self, ids, h):
        ids = self.embed(ids.view(1, -1))
        out, h = self.gru(ids.view(1, 1, -1), h)
        out = self.proj(out.view(1, -1))
        return out, h
    def fresh_state(self):
        return Variable(torch.zeros(self.n_layers, 1, self.n_hidden))
def fit_once(ctxs, tgts):
    h = gen.fresh_state().cuda()
    gen.zero_grad()
    loss = 0
    for c in range(seq_len):
        out, h = gen(ctxs[c].cuda(), h)
        loss += xent(out, tgts[c].cuda())
    loss.backward()
    gen_opt.step()
    return loss.data.item() / seq_len
import time, math
def elapsed(t0):
    s = time.time() - t0
    m = math.floor(s / 60)
    s -= m * 60
    return '%dm %ds' % (m, s)
n_epochs = 300
report_every = 100
curve_every = 10
n_hidden = 100
n_layers = 1
lr = 0.015
gen = WordGRU(n_words, n_hidden, n_words, n_layers)
gen_opt = torch.optim.Adam(gen.parameters(), lr=lr)
xent = nn.CrossEntropyLoss()
t0 = time.time()
curve = []
loss_sum = 0
if(use_gpu):
    gen.cuda()
for ep in range(1, n_epochs + 1):
    loss = fit_once(ctx_list,tgt_list)
    loss_sum += loss
    if ep % report_every == 0:
        print('[%s (%d %d%%) %.4f]' % (elapsed(t0), ep, ep / n_epochs * 50, loss))
    if ep % curve_every == 0:
        curve.append(loss_sum / curve_every)
        loss_sum = 0
import matplotlib.pyplot as plt
import matplotlib.ticker as ticker
plt.figure()
plt.plot(curve)
def sample_text(seed='this process', n_new=100, temp=0.8):
    h = gen.fresh_state().cuda()
    for p in range(n_new):
        seed_ids = torch.tensor([w2i[w] for w in seed.split()], dtype=torch.long).cuda()
        ctx_ids = seed_ids[-2:] # the two last words feed the net
        out, h = gen(ctx_ids, h)
        dist = out.data.view(-1).div(temp).exp()
        pick = torch.multinomial(dist, 1)[0]
        next_word = list(w2i.keys())[list(w2i.values()).index(pick)]
        seed += " " + next_word
    return seed
print(sample_text('this process', 40, temp=1))
print(sample_text('i might', 30, temp=1))
