# -*- coding: utf-8 -*-
import os
import pandas as pd
import numpy as np
import pickle
from tqdm import tqdm
from collections import Counter
from sklearn.model_selection import train_test_split
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
import torch.nn.functional as F
from time import time
import gc
import warnings
warnings.filterwarnings("ignore")
import logging
import random
from utils import set_random_seed, get_logger, ensure_dir, str2bool, str2float

dev = torch.device('cuda:1' if torch.cuda.is_available() else 'cpu')
train = False
run_id = int(random.SystemRandom().random() * 100000)

logging.basicConfig(
    filename="log/sessrec_{}.log".format(run_id),
    level=logging.INFO,
    format='%(asctime)s | %(message)s'
)
tag = 'narm'

sessions = pd.read_csv('data/sessions_train.csv')
test_sessions = pd.read_csv('data/phase2/sessions_test_task1.csv')
print(f'sessions {sessions.shape}, test sessions {test_sessions.shape}')
logging.info(f'sessions {sessions.shape}, test sessions {test_sessions.shape}')
catalog = pd.read_csv('data/products_train.csv')
print(f'catalog {catalog.shape}')
logging.info(f'catalog {catalog.shape}')
asin2id = dict(zip(catalog['id'].unique(), range(1, catalog['id'].nunique()+1)))
id2asin = dict(zip(range(1, catalog['id'].nunique()+1), catalog['id'].unique()))
n_products = catalog['id'].nunique() + 1

per_market = dict()
markets = ['UK', 'DE', 'JP', 'IT', 'FR', 'ES']

for mkt in markets:
    per_market[mkt] = [asin2id[a] for a in list(catalog[catalog['locale']==mkt]['id'].unique())]
    
def parse_history(s):
    s = s.replace('[', '').replace(']', '').replace("'", '').replace('\n', ' ').replace('\r', ' ')
    ids = [asin2id[tok] for tok in s.split() if tok]
    return ids


sessions['prev_items'] = sessions['prev_items'].apply(lambda s: parse_history(s))
test_sessions['prev_items'] = test_sessions['prev_items'].apply(lambda s: parse_history(s))

sessions['next_item'] = sessions['next_item'].apply(lambda a: asin2id[a])

fit_df, hold_df, _, _ = train_test_split(
    sessions, sessions['locale'], test_size=0.1, random_state=2023, stratify=sessions['locale'])

print(f'fit {fit_df.shape}, hold-out {hold_df.shape}')
logging.info(f'fit {fit_df.shape}, hold-out {hold_df.shape}')
train = (list(fit_df["prev_items"]), list(fit_df["next_item"]))
valid = (list(hold_df["prev_items"]), list(hold_df["next_item"]))


def pad_fit_batch(batch):
    batch.sort(key=lambda pair: len(pair[0]), reverse=True)  # longest first for packing
    lengths = [len(h) for h, _ in batch]
    targets = []
    padded = torch.zeros(len(batch), max(lengths)).long()
    for k, (h, y) in enumerate(batch):
        padded[k, :lengths[k]] = torch.LongTensor(h)
        targets.append(y)

    return padded, torch.tensor(targets).long(), lengths

class HistoryTargetSet(Dataset):

    def __init__(self, pairs):
        self.pairs = pairs

    def __getitem__(self, k):
        return self.pairs[0][k], self.pairs[1][k]

    def __len__(self):
        return len(self.pairs[0])

def make_fit_loader(pairs, bs=512):
    ds = HistoryTargetSet(pairs)
    loader = DataLoader(ds, batch_size=bs, shuffle=True, collate_fn=pad_fit_batch, drop_last=True)

    return loader


class AttnGRURec(nn.Module):

    def __init__(self, n_items, hidden_size, embedding_dim, n_layers=1):
        super(AttnGRURec, self).__init__()
        self.n_items = n_items
        self.hidden_size = hidden_size
        self.n_layers = n_layers
        self.embedding_dim = embedding_dim
        self.item_emb = nn.Embedding(self.n_items + 1, self.embedding_dim, padding_idx=0)
        self.in_drop = nn.Dropout(0.25) # input dropout
        self.rnn = nn.GRU(self.embedding_dim, self.hidden_size, self.n_layers, batch_first=True)
        self.proj_seq = nn.Linear(self.hidden_size, self.hidden_size, bias=False)
        self.proj_last = nn.Linear(self.hidden_size, self.hidden_size, bias=False)
        self.score_v = nn.Linear(self.hidden_size, 1, bias=False)
        self.ctx_drop = nn.Dropout(0.5) # context dropout
        self.bilinear = nn.Linear(self.embedding_dim, 2 * self.hidden_size, bias=False)
        # self.sm = nn.Softmax()
        self.device = dev

        # self.act = nn.Tanh()

    def forward(self, seq, lengths):
        h0 = self.init_hidden(seq.size(0))
        e = self.in_drop(self.item_emb(seq))
        e = pack_padded_sequence(e, lengths, batch_first=True)
        out, h0 = self.rnn(e, h0)
        out, lengths = pad_packed_sequence(out, batch_first=True)

        # last layer's final state
        h_last = h0[-1]
        # out = out.permute(1, 0, 2)

        global_ctx = h_last
        k1 = self.proj_seq(out.contiguous().view(-1, self.hidden_size)).view(out.size())
        k2 = self.proj_last(h_last)
        valid = torch.where(seq > 0, torch.tensor([1.], device=self.device),
                            torch.tensor([0.], device=self.device))
        k2_b = k2.unsqueeze(1).expand_as(k1)
        k2_m = valid.unsqueeze(2).expand_as(k1) * k2_b

        w = self.score_v(torch.sigmoid(k1 + k2_m).view(-1, self.hidden_size)).view(valid.size())
        local_ctx = torch.sum(w.unsqueeze(2).expand_as(out) * out, 1)

        ctx = torch.cat([local_ctx, global_ctx], 1)
        ctx = self.ctx_drop(ctx)

        # ctx = self.act(ctx)

        all_items = self.item_emb(torch.arange(self.n_items + 1).to(self.device))
        logits = torch.matmul(ctx, self.bilinear(all_items).permute(1, 0))
        # logits = self.sm(logits)

        return logits

    def init_hidden(self, batch_size):
        return torch.zeros((self.n_layers, batch_size, self.hidden_size), requires_grad=True).to(self.device)

class SampledSoftmaxLoss(nn.Module):
    def __init__(self, reg=0, eps=1e-6):
        super(SampledSoftmaxLoss, self).__init__()
        self.reg = reg
        self.eps = eps

    def forward(self, pos, neg):
        pos = torch.exp(pos)
        neg = torch.exp(neg)
        nll = - torch.log(pos / (pos + torch.sum(neg, dim=1, keepdim=True)) + self.eps)

        return nll.sum() + self.reg


def rank_metrics(top_ids, targets, k_top):
    # (B, k), (B,)
    tgt = torch.repeat_interleave(targets.view(-1, 1), dim=1, repeats=k_top)  # (B, k)
    where = torch.where(top_ids - tgt == 0)
    n_hit = len(where[0])
    rr = 0
    dcg = 0
    for p in where[1]:
        rr += 1 / (p.float() + 1)
        dcg += 1 / torch.log2(p.float() + 2)
    return n_hit, dcg, rr


n_vocab = n_products
emb_dim = 64
epochs = 100
lr = 1e-3
hidden_size = 100
n_layers = 1
k_top = 100
gamma = 1e-5
mix_k = 100
bs = 64

net = AttnGRURec(n_vocab, hidden_size, emb_dim, n_layers).to(dev)
print(net)
for pname, p in net.named_parameters():
    print(str(pname) + '\t' + str(p.shape) + '\t' +
                              str(p.device) + '\t' + str(p.requires_grad))
n_total = sum([p.nelement() for p in net.parameters()])
print(n_total)

n_params = sum(p.numel() for p in net.parameters())
reg = gamma * n_params
ce = nn.CrossEntropyLoss()
adam = torch.optim.Adam(net.parameters(), lr=lr)

if train:
    print("fitting:")

    fit_loader = make_fit_loader(train, bs)
    hold_loader = make_fit_loader(valid, bs=512)

    ckpt_dir = 'ckpt/{}'.format(run_id)
    ensure_dir(ckpt_dir)

    best_rr = 0
    best_hit = 0
    best_dcg = 0
    for epoch in range(epochs):
        if epoch == 0:
            t0 = time()
        print('lr %.4e' % adam.param_groups[0]['lr'])
        logging.info('lr %.4e' % adam.param_groups[0]['lr'])
        net.train()
        for it, (hist, tgt, lengths) in tqdm(enumerate(fit_loader), total=len(fit_loader), desc='fit'):
            hist, tgt = hist.to(dev), tgt.to(dev)
            logits = net(hist, lengths)
            loss = ce(logits, tgt)
            loss.backward()
            adam.step()
            adam.zero_grad()
        print('epoch {0} | loss {loss:.4f}'.format(epoch, loss=loss.item()))
        logging.info('epoch {0} | loss {loss:.4f}'.format(epoch, loss=loss.item()))
        ckpt_path = '{}/{}_{}.pt'.format(ckpt_dir, run_id, tag)
        torch.save(net.state_dict(), ckpt_path)

        with torch.no_grad():
            net.eval() 
            HIT, DCG, RR = 0, 0, 0
            seen = 0
            for hist, tgt, lengths in tqdm(hold_loader, total=len(hold_loader), desc='hold-out'):
                hist, tgt = hist.to(dev), tgt.to(dev)
                probs = F.softmax(net(hist, lengths)[:, 1:], dim=1)  # drop the padding column
                order = probs.argsort(dim=1, descending=True)
                top_ids = order[:, :k_top] + 1  # back to 1-based product ids
                n_hit, dcg, rr = rank_metrics(top_ids, tgt, k_top)
                seen += len(top_ids)  # sessions scored so far
                HIT += n_hit
                DCG += dcg
                RR += rr
            HIT /= seen
            DCG /= seen
            RR /= seen
            print('hit@{} = {}'.format(k_top, HIT))
            print('ndcg@{} = {}'.format(k_top, DCG))
            print('mrr@{} = {}'.format(k_top, RR))
            logging.info('hit@{} = {}'.format(k_top, HIT))
            logging.info('ndcg@{} = {}'.format(k_top, DCG))
            logging.info('mrr@{} = {}'.format(k_top, RR))
            if best_rr < RR:
                best_net = net
                best_rr = RR
                best_hit, best_dcg = HIT, DCG
                ckpt_path = '{}/{}_{}.pt'.format(ckpt_dir, run_id, tag)
                torch.save(best_net.state_dict(), ckpt_path)
                print('new best kept.')
            if epoch == 0:
                t1 = time()
                print('first epoch took {} min'.format((t1 - t0) / 60))

    print('best mrr', best_rr)
    print('hit at best', best_hit)
    print('ndcg at best', best_dcg)


def pad_test_batch(batch):
    batch.sort(key=lambda h: len(h), reverse=True)  # longest first for packing
    lengths = [len(h) for h in batch]
    padded = torch.zeros(len(batch), max(lengths)).long()
    for k, (h) in enumerate(batch):
        padded[k, :lengths[k]] = torch.LongTensor(h)
    return padded, lengths

class HistoryOnlySet(Dataset):

    def __init__(self, hists):
        self.hists = hists

    def __getitem__(self, k):
        return self.hists[k]

    def __len__(self):
        return len(self.hists)

def make_test_loader(hists, bs=512):
    ds = HistoryOnlySet(hists)
    loader = DataLoader(ds, batch_size=bs, shuffle=True, collate_fn=pad_test_batch, drop_last=False)
    return loader

test = list(test_sessions["prev_items"])
test_loader = make_test_loader(test, bs=bs)

all_top = []
net.eval()
for hist, lengths in tqdm(test_loader, total=len(test_loader)):
    # (B, len)
    hist = hist.to(dev)
    probs = F.softmax(net(hist, lengths)[:, 1:], dim=1)
    order = probs.argsort(dim=1, descending=True)
    top_ids = order[:, :k_top] + 1  # (B, k)
    # print(hist.shape, top_ids.shape)
    all_top.append(top_ids)

all_top = torch.cat(all_top, axis=0)
print(all_top.shape)

raw_test = pd.read_csv('data/phase2/sessions_test_task1.csv')
all_top = all_top.cpu().numpy()
assert len(all_top) == len(raw_test)
decoded = []
for k, row in tqdm(enumerate(all_top), total=len(all_top)):
    asins = [id2asin[i] for i in row]
    decoded.append(asins)

raw_test['next_item_prediction'] = decoded
raw_test[['locale', 'next_item_prediction']].to_parquet('output/{}_{}.parquet'.format(run_id, tag), engine='pyarrow')
