import torch
import torch.utils.data as data

import numpy as np
import re
import sys
import os
import random
import json
import pickle


def read_vocab_pickle(fpath):
    fh = open(fpath, 'rb')
    table = pickle.load(fh)
    fh.close()
    return table


def read_lines(fpath):
    with open(fpath, "r", encoding="utf-8") as fh:
        rows = fh.readlines()
    return rows


"""see module notes



"""


class PadTo(object):
    def __init__(self, length, fill):
        self.size = length
        self.pad = fill

    def __call__(self, seq):
        seq = np.pad(seq, (0, (self.size - seq.shape[0])), mode='constant', constant_values=self.pad)
        return seq


class EN2CNDataset(data.Dataset):
    def __init__(self, cfg, train=True):
        self.config = cfg
        self.src_vocab = cfg.src_vocab
        self.tar_vocab = cfg.tar_vocab
        if train:
            self.src_path = cfg.src_train_path
            self.tar_path = cfg.tar_train_path
        else:
            self.src_path = cfg.src_val_path
            self.tar_path = cfg.tar_val_path

        self.word2int_src, self.int2word_src = self.get_dictionary(self.src_vocab)
        self.word2int_tar, self.int2word_tar = self.get_dictionary(self.tar_vocab)
        self.SOS = self.word2int_src['<sos>']
        self.EOS = self.word2int_src['<eos>']
        self.UNK = self.word2int_src['<unk>']
        self.PAD = self.word2int_src['<pad>']
        self.src_vocab_size = len(self.word2int_src)
        self.tar_vocab_size = len(self.word2int_tar)
        #
        self.transform = PadTo(cfg.max_output_len, self.word2int_src['<pad>'])

        #
        self.src_data = read_lines(self.src_path)
        self.tar_data = read_lines(self.tar_path)
        self.src_mask = []
        self.tar_mask = []
        assert len(self.src_data) == len(self.tar_data)
        print(f'pairs loaded: {len(self.src_data)}')
        self.init_data()

    def get_dictionary(self, fpath):
        #
        #
        #
        #
        #
        #

        w2i = read_vocab_pickle(fpath)
        i2w = {}
        for w in w2i:
            i2w[w2i[w]] = w
        return w2i, i2w

    def __len__(self):
        return len(self.src_data)

    def __getitem__(self, i):
        return self.src_data[i], self.tar_data[i], self.src_mask[i], self.tar_mask[i]

    def init_data(self):
        #
        #
        #
        #
        src_rows = []
        src_masks = []
        for j in range(len(self.src_data)):
            ids = [self.SOS]
            toks = self.src_data[j].strip().split(' ')
            for tok in toks:
                ids.append(self.word2int_src.get(tok, self.UNK))
                if len(ids) == self.config.max_output_len - 1:
                    break
            ids.append(self.EOS)
            ids = np.asarray(ids)
            #
            ids = self.transform(ids)
            ids = torch.LongTensor(ids)
            src_rows.append(ids)
            mask = ids.ne(self.PAD).float()
            src_masks.append(mask)
        self.src_data = src_rows
        self.src_mask = src_masks

        tar_rows = []
        tar_masks = []
        for j in range(len(self.tar_data)):
            tids = [self.SOS]
            toks = self.tar_data[j].strip().split(' ')
            for tok in toks:
                tids.append(self.word2int_tar.get(tok, self.UNK))
                if len(tids) == self.config.max_output_len - 1:
                    break
            tids.append(self.EOS)
            tids = np.asarray(tids)
            #
            tids = self.transform(tids)
            tids = torch.LongTensor(tids)
            tar_rows.append(tids)
            tmask = tids.ne(self.PAD).float()
            tar_masks.append(tmask)
        self.tar_data = tar_rows
        self.tar_mask = tar_masks


def infinite_iter(loader):
    cursor = iter(loader)
    while True:
        try:
            nxt = next(cursor)
            yield nxt
        except StopIteration:
            cursor = iter(loader)


if __name__ == '__main__':
    from config import Configurations

    cfg = Configurations()
    ds = EN2CNDataset(cfg)

    print('ok')
