#!/usr/bin/python3

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import numpy as np
import torch

from torch.utils.data import Dataset

class TrainDataset(Dataset):
    def __init__(self, rows, n_ent, n_rel, n_neg, side):
        self.len = len(rows)
        self.triples = rows
        self.triple_set = set(rows)
        self.nentity = n_ent
        self.nrelation = n_rel
        self.negative_sample_size = n_neg
        self.mode = side
        self.count = self.count_frequency(rows)
        self.true_head, self.true_tail = self.get_true_head_and_tail(self.triples)
        
    def __len__(self):
        return self.len
    
    def __getitem__(self, i):
        pos = self.triples[i]

        hd, rl, tl = pos

        w_sub = self.count[(hd, rl)] + self.count[(tl, -rl-1)]
        w_sub = torch.sqrt(1 / torch.Tensor([w_sub]))
        
        neg_parts = []
        n_neg = 0

        while n_neg < self.negative_sample_size:
            neg = np.random.randint(self.nentity, size=self.negative_sample_size*2)
            if self.mode == 'head-batch':
                keep = np.in1d(
                    neg,
                    self.true_head[(rl, tl)],
                    assume_unique=True, 
                    invert=True
                )
            elif self.mode == 'tail-batch':
                keep = np.in1d(
                    neg,
                    self.true_tail[(hd, rl)],
                    assume_unique=True, 
                    invert=True
                )
            else:
                raise ValueError('unknown corruption side %s' % self.mode)
            neg = neg[keep]
            neg_parts.append(neg)
            n_neg += neg.size
        
        neg = np.concatenate(neg_parts)[:self.negative_sample_size]

        neg = torch.LongTensor(neg)

        pos = torch.LongTensor(pos)
            
        return pos, neg, w_sub, self.mode
    
    @staticmethod
    def collate_fn(items):
        pos = torch.stack([_[0] for _ in items], dim=0)
        neg = torch.stack([_[1] for _ in items], dim=0)
        w_batch = torch.cat([_[2] for _ in items], dim=0)
        side = items[0][3]
        return pos, neg, w_batch, side
    
    @staticmethod
    def count_frequency(rows, base=4):
        '''
        Count (head, relation) and (tail, -relation-1) occurrences, starting at base;
        the counts give word2vec-like subsampling weights
        '''
        freq = {}
        for hd, rl, tl in rows:
            if (hd, rl) not in freq:
                freq[(hd, rl)] = base
            else:
                freq[(hd, rl)] += 1

            if (tl, -rl-1) not in freq:
                freq[(tl, -rl-1)] = base
            else:
                freq[(tl, -rl-1)] += 1
        return freq
    
    @staticmethod
    def get_true_head_and_tail(rows):
        '''
        Known heads per (relation, tail) and known tails per (head, relation),
        used to drop true triples from the negatives
        '''
        
        heads_of = {}
        tails_of = {}

        for hd, rl, tl in rows:
            if (hd, rl) not in tails_of:
                tails_of[(hd, rl)] = []
            tails_of[(hd, rl)].append(tl)
            if (rl, tl) not in heads_of:
                heads_of[(rl, tl)] = []
            heads_of[(rl, tl)].append(hd)

        for rl, tl in heads_of:
            heads_of[(rl, tl)] = np.array(list(set(heads_of[(rl, tl)])))
        for hd, rl in tails_of:
            tails_of[(hd, rl)] = np.array(list(set(tails_of[(hd, rl)])))

        return heads_of, tails_of

    
class TestDataset(Dataset):
    def __init__(self, rows, known_rows, n_ent, n_rel, side):
        self.len = len(rows)
        self.triple_set = set(known_rows)
        self.triples = rows
        self.nentity = n_ent
        self.nrelation = n_rel
        self.mode = side

    def __len__(self):
        return self.len
    
    def __getitem__(self, i):
        hd, rl, tl = self.triples[i]

        if self.mode == 'head-batch':
            cand = [(0, eh) if (eh, rl, tl) not in self.triple_set
                   else (-1, hd) for eh in range(self.nentity)]
            cand[hd] = (0, hd)
        elif self.mode == 'tail-batch':
            cand = [(0, et) if (hd, rl, et) not in self.triple_set
                   else (-1, tl) for et in range(self.nentity)]
            cand[tl] = (0, tl)
        else:
            raise ValueError('unknown corruption side %s' % self.mode)
            
        cand = torch.LongTensor(cand)
        bias = cand[:, 0].float()
        neg = cand[:, 1]

        pos = torch.LongTensor((hd, rl, tl))
            
        return pos, neg, bias, self.mode
    
    @staticmethod
    def collate_fn(items):
        pos = torch.stack([_[0] for _ in items], dim=0)
        neg = torch.stack([_[1] for _ in items], dim=0)
        bias = torch.stack([_[2] for _ in items], dim=0)
        side = items[0][3]
        return pos, neg, bias, side
    
class BidirectionalOneShotIterator(object):
    def __init__(self, loader_h, loader_t):
        self.iterator_head = self.one_shot_iterator(loader_h)
        self.iterator_tail = self.one_shot_iterator(loader_t)
        self.step = 0
        
    def __next__(self):
        self.step += 1
        if self.step % 2 == 0:
            items = next(self.iterator_head)
        else:
            items = next(self.iterator_tail)
        return items
    
    @staticmethod
    def one_shot_iterator(loader):
        '''
        Endless generator over a DataLoader
        '''
        while True:
            for items in loader:
                yield items
