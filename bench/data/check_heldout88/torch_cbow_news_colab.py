# -*- coding: utf-8 -*-
"""bag_of_embeddings.ipynb

Exported from a Colab notebook.

Notebook source:
    (a Colab drive link)

Based on a course page about text classification with averaged word embeddings.
"""

from google.colab import drive
drive.mount("/content/drive")

import os
from pathlib import Path

cwd = Path(os.getcwd())
work_dir = cwd / "drive" / "My Drive" /"NH_dacon"
os.chdir(work_dir)

# IPython magics were commented out on export.
import torch
from torch import nn

import torchtext

from collections import defaultdict
import time

import pandas as pd
import csv
import numpy as np

import matplotlib.pyplot as plt

# nicer plot style
# %config InlineBackend.figure_format = 'retina' 
plt.style.use('seaborn')

class MeanEmbeddingClassifier(nn.Module):
  def __init__(self, text_field, class_field, emb_dim, n_hidden=20, dropout=0.1):
    super().__init__()
    n_vocab = len(text_field.vocab)
    n_out = len(class_field.vocab)
    self.embedding = nn.Embedding(n_vocab, emb_dim)
    self.hidden_layer = nn.Linear(emb_dim, n_hidden)
    self.top_layer = nn.Linear(n_hidden, n_out) # output scores
    self.dropout = nn.Dropout(dropout)

  def forward(self, docs):
    # docs holds token ids with shape (max_len, n_docs): one column per document,
    # padded to the longest document of the batch.

    # look up every token's vector
    # -> (max_len, n_docs, emb_dim)
    vecs = self.embedding(docs)
    # average over the token axis
    # -> (n_docs, emb_dim)
    avg = vecs.mean(dim=0)
    # dropout (active in training mode only)
    avg_drop = self.dropout(avg)
    h = torch.relu(self.hidden_layer(avg_drop))
    logits = self.top_layer(h)
    return logits

# # frame = pd.read_csv('./news_train.csv')
# frame = pd.read_csv('./news_train.csv')
# tr_frame, va_frame = train_test_split(frame,random_state=2020,test_size=0.2)

# tr_frame[:5]
# va_frame[:5]

# experiment: build the examples from a DataFrame
# TXT = torchtext.data.Field(sequential=True, tokenize=lambda x: x.split())
# LBL = torchtext.data.LabelField(is_target=True)
# fields = [('text', TXT), ('label', LBL)] 

# def load_examples(frame, fields):
#     exs = []
#     for row in frame.itertuples():
#         cols = line.strip().split(maxsplit=doc_start)
#         doc = row.content
#         lbl = row.info
#         exs.append(torchtext.data.Example.fromlist([doc, lbl], fields))
#     return torchtext.data.Dataset(exs, fields)

# tr_set = load_examples(tr_frame, fields)

import csv
def load_examples(csv_path, fields, c_col=3, l_col=-1):
    with open(csv_path, encoding='utf-8') as fh:
      rows = csv.reader(fh)
      next(rows) # header line
      exs = []
      for row in rows:
        doc = row[c_col]
        # print(doc)
        lbl = row[l_col]
        # print(lbl)
        exs.append(torchtext.data.Example.fromlist([doc, lbl], fields))
    return torchtext.data.Dataset(exs, fields)

# TXT = torchtext.data.Field(sequential=True, tokenize=lambda x: x.split())
# LBL = torchtext.data.LabelField(is_target=True)
# fields = [('text', TXT), ('label', LBL)]

# # frame = pd.read_csv('./news_train.csv')
# # tr_frame, va_frame = train_test_split(frame,random_state=2020,test_size=0.2)
# all_set = load_examples('./news_train.csv', fields)

def score_batch(logits, criterion, gold):
    pred = logits.argmax(dim=1)
    n_ok = (pred == gold).sum().item()
    return n_ok, criterion(logits, gold).item()

# def main():

# Fields: one for the (already tokenized) text, one for the class label.
# The text is whitespace-tokenized already,
# so splitting on spaces is enough.
TXT = torchtext.data.Field(sequential=True, tokenize=lambda x: x.split())
LBL = torchtext.data.LabelField(is_target=True)
fields = [('text', TXT), ('label', LBL)]

# # frame = pd.read_csv('./news_train.csv')
# # tr_frame, va_frame = train_test_split(frame,random_state=2020,test_size=0.2)
all_set = load_examples('./news_train.csv', fields)
tr_set, va_set = all_set.split([0.9, 0.1])

# vocabularies from the training part
TXT.build_vocab(tr_set, max_size=30000)
LBL.build_vocab(tr_set)

# the classifier with one hidden layer
net = MeanEmbeddingClassifier(TXT, LBL, emb_dim=32)   

print(net)

# move to the GPU
dev = 'cuda'
net.to(dev)

# BucketIterator batches documents of similar length together
# so that little padding is needed.
# (torchtext BucketIterator docs)
tr_iter = torchtext.data.BucketIterator(
    tr_set,
    device=dev,
    batch_size=128,
    sort_key=lambda x: len(x.text),
    repeat=False,
    train=True)

va_iter = torchtext.data.Iterator(
    va_set,
    device=dev,
    batch_size=128,
    repeat=False,
    train=False,
    sort=False)

# plain cross-entropy for the classes
criterion = torch.nn.CrossEntropyLoss()

# Adam with a small step size
opt = torch.optim.Adam(net.parameters(), lr=0.0005)

# Materialize every batch once (already on the GPU) so that the
# numericalization and transfer are not repeated each epoch.
# The corpus is small enough for this to fit on the card.
# torchtext does the id mapping and tensor building.
tr_batches = list(tr_iter)
va_batches = list(va_iter)

# curves for plotting at the end
curves = defaultdict(list)

for ep in range(200):
    
    t_start = time.time()
    
    run_loss = 0
    n_b = 0

    # training mode (dropout on)
    net.train()
    
    # each torchtext batch exposes .text and .label
    # as separate tensors.
    for b in tr_batches:
        
        # forward
        logits = net(b.text)
        # loss
        loss = criterion(logits, b.label)

        # backward and update
        opt.zero_grad()            
        loss.backward()
        opt.step()

        run_loss += loss.item()
        n_b += 1
    
    tr_loss = run_loss / n_b
    curves['train_loss'].append(tr_loss)
    
    # validation pass after every epoch
    n_ok = 0
    n_va = len(va_set)
    run_loss = 0
    n_b = 0

    # evaluation mode (dropout off)
    net.eval()

    for b in va_batches:
        logits = net(b.text)
        ok_b, loss_b = score_batch(logits, criterion, b.label)
        run_loss += loss_b
        n_ok += ok_b
        n_b += 1
    va_acc = n_ok / n_va
    va_loss = run_loss / n_b

    curves['val_loss'].append(va_loss)
    curves['val_acc'].append(va_acc)        
    
    t_end = time.time()

    if (ep+1) % 10 == 0:
        print(f'epoch {ep+1}: train {tr_loss:.4f}, val {va_loss:.4f}, val acc {va_acc:.4f}, {t_end-t_start:.4f}s')
    
    ckpt = "./NH_CBoW_{}.pt".format(epoch_i + 1)
    torch.save(net.state_dict(), ckpt)
    
plt.plot(curves['train_loss'])
plt.plot(curves['val_loss'])
plt.plot(curves['val_acc'])
plt.legend(['train loss', 'val loss', 'val accuracy'])



import time
t0 = time.time()

# net.load_state_dict(torch.load("./NH_KoELECTRA_small_v3_3.pt"))
# net.cuda()



import csv
info = result_dict["info"]
id = result_dict["id"]
with open('./submission_koelectra_small_v3_epoch3.csv','w') as fh:
    # cols = result_dict.keys()
    wr = csv.writer(fh,delimiter=',')
    wr.writerow(result_dict.keys())
    for v in zip(id,info):
      wr.writerow(v)
