import numpy as np
import os
import pandas as pd
import matplotlib.pyplot as plt
import math
import regex as re
from time import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from allennlp.modules.conditional_random_field import ConditionalRandomField
from allennlp.modules.conditional_random_field import allowed_transitions
from torch.utils.data import Dataset, DataLoader, random_split
#from torchcrf import CRF
from torch.utils.data.sampler import SubsetRandomSampler
import random

from sklearn.metrics import confusion_matrix
#from sklearn_crfsuite import metrics

from RULE import RULEs
from POSMap import POSMAP
from my_stuff import *

BATCH = 256*3
tag_names = {0:'I', 1:'B', 2:'O', 3:'<pad>'}
sched_patience = 15
seq_words = 84
patience = 5
chars_per_word = 6
n_trials = 50
log_file = input('log file name:')


dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
print(dev)

corpus = MyDataloader('./clean84withpos.txt', './label84withpos.txt', RULEs, \
                    seq_words, '|', './char_vec_dictionary.txt',chars_per_word, \
                    './fasttext.th.vec', 300, dev, './pos_tag84withpos.txt',POSMAP)


tr_idx, te_idx = get_indices_random_train_test_split(len(corpus), 1, 0.2, True)
tr_loader = DataLoader(corpus, batch_size=BATCH, sampler=tr_idx)
te_loader = DataLoader(corpus, batch_size=BATCH, sampler=te_idx)

for trial in range(n_trials):
    torch.cuda.empty_cache()
    crf_drop = random.uniform(0.4,0.7)#0.5
    char_drop = random.uniform(0.4,0.7)#0.5
    fc_drop_crf = random.uniform(0.4,0.7)#0.5
    fc_drop_char = random.uniform(0.4,0.7)#0.5
    crf_hidden = random.choice([4,8,16])#5
    char_hidden = random.choice([4,8,16])#20
    lr = 5*10**random.uniform(-3,-5)#0.001
    with open(log_file + '.txt', 'a', encoding ='utf8') as fh:
        fh.write(f'trial: {trial}\n')
        fh.write(f'crf_drop: {crf_drop}, char_drop: {char_drop}\n')
        fh.write(f'fc_drop_crf: {fc_drop_crf}, fc_drop_char: {fc_drop_char}\n')
        fh.write(f'crf_hidden: {crf_hidden}, char_hidden: {char_hidden}\n')
        fh.write(f'lr: {lr}\n')

    tagger = over_all_NER2(BATCH, 135, char_hidden, chars_per_word, char_drop,\
        True, 100, 300, seq_words, crf_hidden, crf_drop, True, \
            tag_names, fc_drop_crf, fc_drop_char, len(POSMAP))

    opt = optim.Adam(tagger.parameters(), lr=lr, betas=(0.9, 0.999), eps=1e-08, weight_decay=1e-4, amsgrad=True)
    sched = optim.lr_scheduler.ReduceLROnPlateau(opt, mode='min')

    print(dev)
    tagger.to(dev)

    best = 0
    best_table = np.zeros((len(tag_names)-1,3))
    stale = 0
    for ep in range(6):
        print(f'epoch {ep}')
        ep_losses = []
        for k, xb in enumerate(tr_loader):
            if k%5 == 0:
                print(k)

            tagger = tagger.train()
            tagger.zero_grad()
            t0 = time()
            loss = tagger(xb)
            loss = loss*(-1)
            ep_losses.append(loss)
            loss.backward()
            nn.utils.clip_grad_value_(tagger.parameters(), 10)
            opt.step()
            print(f'batch time: {time() - t0}')
            print(loss)
        ep_loss = sum(ep_losses)/(k + 1)
        sched.step(ep_loss)
        print(f'epoch loss: {ep_loss.item()}')
        print('scoring')
        table = np.zeros((len(tag_names), 3))
        for k, xb_te in enumerate(te_loader):
            tagger = tagger.eval()
            pred = tagger.predict(xb_te)
            table += eval_score(tag_names, pred, xb_te[2])
        table = table/(k+1)
        table = table[:len(tag_names),:]
        print(table)
        f1_mean = sum(table[:,2])/(len(tag_names)-1)
        if best < f1_mean:
            best_table=table
            best = f1_mean
            stale = 0
        else:
            stale += 1
        print(f'mean f1: {f1_mean}')
        print('--------------------')
        if patience == stale:
            break
    with open(log_file + '.txt', 'a', encoding ='utf8') as fh:
        fh.write(f'best: {best}\n')
        fh.write(f'best_table\n')
        fh.write(f'I => recall: {best_table[0,0]}, precision: {best_table[0,1]}, , f1: {best_table[0,2]}\n')
        fh.write(f'B => recall: {best_table[1,0]}, precision: {best_table[1,1]}, , f1: {best_table[1,2]}\n')
        fh.write(f'O => recall: {best_table[2,0]}, precision: {best_table[2,1]}, , f1: {best_table[2,2]}\n')
        fh.write(f'best_table\n')
        fh.write(f'----------------------------------\n')
