#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Real-vs-fake news articles with a PyTorch recurrent classifier

A stacked LSTM over frozen GloVe vectors classifies news articles.
Includes: two LSTM layers, dropout, tqdm bars and a simple early stop.

Written to the 'outputs' folder:
- curves.png
- roc.png
- report.txt

Maintainer: example
"""

import pandas as pd
import re
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, roc_curve, auc, classification_report
import matplotlib.pyplot as plt
from nltk.corpus import stopwords
from collections import Counter
import string
import os
from datetime import datetime
from tqdm import tqdm

# Folder that receives figures and the report
out_folder = 'outputs'
os.makedirs(out_folder, exist_ok=True)

# Pick the accelerator when present
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# READ THE TWO CSV FILES
fake_csv = 'Fake.csv'
real_csv = 'True.csv'

fake_raw = pd.read_csv(fake_csv)
real_raw = pd.read_csv(real_csv)

# Take explicit copies so pandas does not complain
fake_df = fake_raw[['title', 'text']].copy()
real_df = real_raw[['title', 'text']].copy()

fake_df.loc[:, 'label'] = 0
real_df.loc[:, 'label'] = 1
real_df.loc[:, 'text'] = real_df['text'].apply(lambda s: s[s.find('-')+1:])  # drop the agency prefix

news = pd.concat([real_df, fake_df], ignore_index=True)

# CLEANING
news['text'] = news['text'].apply(lambda s: s.strip())

# raw-string patterns for the regular expressions
news['title'] = news['title'].apply(lambda s: re.sub(r'\[[^]]*\]', '', s))
news['text'] = news['text'].apply(lambda s: re.sub(r'\[[^]]*\]', '', s))

news['title'] = news['title'].apply(lambda s: re.sub(r'[()]', '', s))
news['text'] = news['text'].apply(lambda s: re.sub(r'[()]', '', s))

stop_set = stopwords.words('english')

def drop_stopwords(sentence):
    kept = []
    for tok in sentence.split():
        if tok.strip().lower() not in stop_set:
            kept.append(tok.strip())
    return ' '.join(kept)

news['title'] = news['title'].apply(lambda s: drop_stopwords(s))
news['text'] = news['text'].apply(lambda s: drop_stopwords(s))

def end_with_dot(sentence):
    if not sentence.endswith('.'):
        sentence += '.'
        return sentence
    else:
        return sentence

news['title'] = news['title'].apply(lambda s: end_with_dot(s))

news['joined'] = news[['title', 'text']].agg(' '.join, axis=1)
news['joined'] = news['joined'].apply(lambda s: re.sub(r' +', ' ', s))

# WORD VECTORS
vec_dim = 50
seq_len = 1000

# Word-to-index table
def make_vocab(docs):
    freq = Counter()
    for doc in docs:
        freq.update(doc.split())
    table = {w: pos + 1 for pos, (w, _) in enumerate(freq.most_common())}
    return table

word_ids = make_vocab(news['joined'].values)

# Turn each article into a fixed-length id list
def to_ids(doc, table, seq_len):
    ids = [table.get(w, 0) for w in doc.split()]
    if len(ids) < seq_len:
        ids = ids + [0] * (seq_len - len(ids))
    else:
        ids = ids[:seq_len]
    return ids

features = np.array([to_ids(doc, word_ids, seq_len) for doc in news['joined'].values])
targets = news['label'].to_list()

feat_tr, feat_te, tgt_tr, tgt_te = train_test_split(features, targets, test_size=0.2, random_state=42)

glove_file = 'glove.6B.50d.txt'

glove = {}
with open(glove_file, 'r', encoding='utf-8') as fh:
    for row in fh:
        parts = row.split()
        token = parts[0]
        vec = np.asarray(parts[1:], dtype='float32')
        glove[token] = vec

# Build the frozen embedding table
emb_table = np.zeros((len(word_ids) + 1, vec_dim))
for w, pos in word_ids.items():
    found = glove.get(w)
    if found is not None:
        emb_table[pos] = found

# Tensors for torch
feat_tr = torch.LongTensor(feat_tr).to(dev)
feat_te = torch.LongTensor(feat_te).to(dev)
tgt_tr = torch.FloatTensor(tgt_tr).to(dev)
tgt_te = torch.FloatTensor(tgt_te).to(dev)

# Minimal dataset wrapper
class ArticleSet(Dataset):
    def __init__(self, feats, labs):
        self.feats = feats
        self.labs = labs

    def __len__(self):
        return len(self.feats)

    def __getitem__(self, i):
        return self.feats[i], self.labs[i]

# Loaders
tr_set = ArticleSet(feat_tr, tgt_tr)
te_set = ArticleSet(feat_te, tgt_te)

tr_loader = DataLoader(tr_set, batch_size=64, shuffle=True)
te_loader = DataLoader(te_set, batch_size=64, shuffle=False)

# Network
class NewsLSTM(nn.Module):
    def __init__(self, n_words, emb_table, vec_dim):
        super(NewsLSTM, self).__init__()
        self.emb = nn.Embedding(n_words, vec_dim)
        self.emb.weight = nn.Parameter(torch.tensor(emb_table, dtype=torch.float32))
        self.emb.weight.requires_grad = False  # keep GloVe fixed
        
        self.rnn = nn.LSTM(vec_dim, 128, batch_first=True, dropout=0.1, num_layers=2)
        self.drop = nn.Dropout(0.1)
        self.hidden = nn.Linear(128, 128)
        self.head = nn.Linear(128, 1)
        
    def forward(self, x):
        x = self.emb(x)
        seq_out, _ = self.rnn(x)
        x = torch.max(seq_out, dim=1)[0]  # max over time
        x = self.drop(x)
        x = torch.relu(self.hidden(x))
        x = self.drop(x)
        x = torch.sigmoid(self.head(x))
        return x

# Build it
net = NewsLSTM(len(word_ids) + 1, emb_table, vec_dim).to(dev)
bce = nn.BCELoss()
opt = optim.Adam(net.parameters())

# Fit loop
def fit(net, tr_loader, bce, opt, n_epochs=100):
    hist_tr_loss = []
    hist_tr_acc = []
    hist_va_loss = []
    hist_va_acc = []
    
    for ep in range(n_epochs):
        net.train()
        loss_sum = 0.0
        hits = 0
        seen = 0
        
        # bar over training batches
        bar = tqdm(tr_loader, desc=f'epoch {ep+1}/{n_epochs} train')
        for xb, yb in bar:
            opt.zero_grad()
            probs = net(xb)
            loss = bce(probs.squeeze(), yb)
            loss.backward()
            opt.step()
            
            loss_sum += loss.item()
            guess = (probs.squeeze() > 0.5).float()
            seen += yb.size(0)
            hits += (guess == yb).sum().item()
            
            # refresh the bar
            bar.set_postfix(loss=loss.item(), acc=hits/seen)
        
        ep_loss = loss_sum / len(tr_loader)
        ep_acc = hits / seen
        hist_tr_loss.append(ep_loss)
        hist_tr_acc.append(ep_acc)
        
        # held-out pass
        net.eval()
        va_sum = 0.0
        hits = 0
        seen = 0
        
        # bar over held-out batches
        vbar = tqdm(te_loader, desc=f'epoch {ep+1}/{n_epochs} check')
        with torch.no_grad():
            for xb, yb in vbar:
                probs = net(xb)
                loss = bce(probs.squeeze(), yb)
                va_sum += loss.item()
                guess = (probs.squeeze() > 0.5).float()
                seen += yb.size(0)
                hits += (guess == yb).sum().item()
                
                # refresh the bar
                vbar.set_postfix(loss=loss.item(), acc=hits/seen)
        
        va_loss = va_sum / len(te_loader)
        va_acc = hits / seen
        hist_va_loss.append(va_loss)
        hist_va_acc.append(va_acc)
        
        # epoch line
        print(f'\nepoch {ep+1}/{n_epochs} done:')
        print(f'train loss {ep_loss:.4f} acc {ep_acc:.4f}')
        print(f'check loss {va_loss:.4f} acc {va_acc:.4f}')
        
        # stop as soon as the held-out loss rises
        if ep > 0 and va_loss > hist_va_loss[-2]:
            print('held-out loss went up, stopping')
            break
    
    return hist_tr_loss, hist_tr_acc, hist_va_loss, hist_va_acc

# Run training
hist_tr_loss, hist_tr_acc, hist_va_loss, hist_va_acc = fit(net, tr_loader, bce, opt)

# Curves
plt.figure(figsize=(10, 5))
plt.subplot(1, 2, 1)
plt.plot(hist_tr_acc, 'go-', label='train acc')
plt.plot(hist_va_acc, 'ro-', label='check acc')
plt.title('accuracy per epoch')
plt.legend()
plt.xlabel('epoch')
plt.ylabel('acc')

plt.subplot(1, 2, 2)
plt.plot(hist_tr_loss, 'go-', label='train loss')
plt.plot(hist_va_loss, 'ro-', label='check loss')
plt.title('loss per epoch')
plt.legend()
plt.xlabel('epoch')
plt.ylabel('loss')
plt.tight_layout()
plt.savefig(f'{out_folder}/curves.png')
plt.close()

# Final scoring on the held-out part
net.eval()
pred_lab = []
pred_prob = []
true_lab = []

with torch.no_grad():
    for xb, yb in te_loader:
        probs = net(xb)
        guess = (probs.squeeze() > 0.5).float()
        pred_lab.extend(guess.cpu().numpy())
        pred_prob.extend(probs.squeeze().cpu().numpy())
        true_lab.extend(yb.cpu().numpy())

# ROC
fp_rate, tp_rate, _ = roc_curve(true_lab, pred_prob)
area = auc(fp_rate, tp_rate)

plt.figure()
plt.plot(fp_rate, tp_rate, color='darkorange', lw=2, label=f'ROC (area {area:.2f})')
plt.plot([0, 1], [0, 1], color='navy', lw=2, linestyle='--')
plt.xlim([0.0, 1.0])
plt.ylim([0.0, 1.05])
plt.xlabel('FPR')
plt.ylabel('TPR')
plt.title('ROC curve')
plt.legend(loc="lower right")
plt.savefig(f'{out_folder}/roc.png')
plt.close()

# Tables
cmat = confusion_matrix(true_lab, pred_lab)
tn, fp, fn, tp = cmat.ravel()
report = classification_report(true_lab, pred_lab, target_names=['Fake', 'Real'])

# Write the report
with open(f'{out_folder}/report.txt', 'w') as fh:
    fh.write('Scores\n')
    fh.write('======\n\n')
    fh.write(f'Confusion:\n{cmat}\n\n')
    fh.write(f'TN: {tn}\n')
    fh.write(f'FP: {fp}\n')
    fh.write(f'FN: {fn}\n')
    fh.write(f'TP: {tp}\n\n')
    fh.write(f'AUC: {area:.4f}\n\n')
    fh.write('Per class:\n')
    fh.write(report)

print(f'\nwritten to {out_folder}/:')
print('- curves.png')
print('- roc.png')
print('- report.txt')
