import numpy as np
import json
import pickle as pkl
import random
import gzip
import copy

import shuffle


def to_bytes_keys(d):
    return dict((k.encode("UTF-8"), v) for (k,v) in d.items())

def read_vocab(path):
    try:
        with open(path, 'rb') as fh:
            return to_bytes_keys(json.load(fh))
    except:
        with open(path, 'rb') as fh:
            return to_bytes_keys(pkl.load(fh))


def open_any(path, mode='r'):
    if path.endswith('.gz'):
        return gzip.open(path, mode)
    return open(path, mode)


class DataIterator:

    def __init__(self, source,
                 uid_voc,
                 mid_voc,
                 cat_voc,
                 batch_size=128,
                 maxlen=100,
                 skip_empty=False,
                 shuffle_each_epoch=False,
                 sort_by_length=True,
                 max_batch_size=20,
                 minlen=None):
        self.source_path = copy.deepcopy(source)
        if shuffle_each_epoch:
            # np.random.shuffle(source)
            # self.source = source
            self.source = shuffle.main(self.source_path, temporary=True)
        else:
            self.source = open_any(source, 'r')
        self.vocabs = []
        for voc in [uid_voc, mid_voc, cat_voc]:
            self.vocabs.append(read_vocab(voc))
        #users:543060, items:367983, categories: 1601
        meta_fh = open("data/item-info", "r")
        item_to_cat = {} # 2370585 entries
        for line in meta_fh:
            parts = line.strip().split("\t")
            if parts[0] not in item_to_cat:
                item_to_cat[parts[0].encode("UTF-8")] = parts[1]
        self.item_cat_idx ={} # 367983
        for key in item_to_cat:
            val = item_to_cat[key].encode("UTF-8")
            if key in self.vocabs[1]:
                item_idx = self.vocabs[1][key]
            else:
                item_idx = 0
            if val in self.vocabs[2]:
                cat_idx = self.vocabs[2][val]
            else:
                cat_idx = 0
            self.item_cat_idx[item_idx] = cat_idx

        review_fh = open("data/reviews-info", "r")
        self.neg_pool = [] # 8898041
        for line in review_fh:
            parts = line.strip().split("\t")
            idx = 0
            key = parts[1].encode("UTF-8")
            if key in self.vocabs[1]:
                idx = self.vocabs[1][key]
            self.neg_pool.append(idx)
        # print(f"distinct items {len(np.unique(np.array(self.neg_pool)))}") #367982
        self.batch_size = batch_size
        self.maxlen = maxlen
        self.minlen = minlen
        self.skip_empty = skip_empty

        self.n_uid = len(self.vocabs[0])
        self.n_mid = len(self.vocabs[1])
        self.n_cat = len(self.vocabs[2])

        self.shuffle = shuffle_each_epoch
        self.sort_by_length = sort_by_length

        self.buffer = []
        self.k = batch_size * max_batch_size

        self.end_of_data = False

    def get_n(self):
        return self.n_uid, self.n_mid, self.n_cat

    def __iter__(self):
        return self

    def reset(self):
        if self.shuffle:
            # np.random.shuffle(self.source_path)
            # self.source = self.source_path
            self.source= shuffle.main(self.source_path, temporary=True)
        else:
            self.source.seek(0)

    def next(self):
        if self.end_of_data:
            self.end_of_data = False
            self.reset()
            raise StopIteration

        rows = []
        labels = []

        if len(self.buffer) == 0:
            for k_ in range(self.k): #2560
                line = self.source.readline()
                if line == "":
                    break
                self.buffer.append(line.strip("\n").split("\t"))

            # order the buffer by history length
            if self.sort_by_length:
                hist_len = np.array([len(s[4].split("\x02")) for s in self.buffer])
                order = hist_len.argsort()

                _buf = [self.buffer[i] for i in order]
                self.buffer = _buf
            else:
                self.buffer.reverse()

        if len(self.buffer) == 0:
            self.end_of_data = False
            self.reset()
            raise StopIteration

        try:

            # fill one batch
            while True:

                # take a line and map its ids
                try:
                    fields = self.buffer.pop()
                except IndexError:
                    break
                fields[1] = fields[1].encode("UTF-8")
                fields[2] = fields[2].encode("UTF-8")
                fields[3] = fields[3].encode("UTF-8")
                uid = self.vocabs[0][fields[1]] if fields[1] in self.vocabs[0] else 0
                mid = self.vocabs[1][fields[2]] if fields[2] in self.vocabs[1] else 0
                cat = self.vocabs[2][fields[3]] if fields[3] in self.vocabs[2] else 0
                ids = []
                for tok in fields[4].split("\x02"):
                    m = self.vocabs[1][tok.encode("UTF-8")] if tok.encode("UTF-8") in self.vocabs[1] else 0
                    ids.append(m)
                hist_items = ids

                cids = []
                for tok in fields[5].split("\x02"):
                    c = self.vocabs[2][tok.encode("UTF-8")] if tok.encode("UTF-8") in self.vocabs[2] else 0
                    cids.append(c)
                hist_cats = cids

                # length filters

                #if len(hist_items) > self.maxlen:
                #    continue
                if self.minlen != None:
                    if len(hist_items) <= self.minlen:
                        continue
                if self.skip_empty and (not hist_items):
                    continue

                neg_items = []
                neg_cats = []
                for pos in hist_items:
                    one_items = []
                    one_cats = []
                    drawn = 0
                    while True:
                        pick = random.randint(0, len(self.neg_pool)-1)
                        cand = self.neg_pool[pick]
                        if cand == pos:
                            continue
                        one_items.append(cand)
                        one_cats.append(self.item_cat_idx[cand])
                        drawn += 1
                        if drawn >= 5:
                            break
                    neg_items.append(one_items)
                    neg_cats.append(one_cats)
                rows.append([uid, mid, cat, hist_items, hist_cats, neg_items, neg_cats])
                labels.append([float(fields[0]), 1-float(fields[0])])

                if len(rows) >= self.batch_size or len(labels) >= self.batch_size:
                    break
        except IOError:
            self.end_of_data = True

        # everything in the buffer was filtered out
        if len(rows) == 0 or len(labels) == 0:
            rows, labels = self.next()

        return rows, labels
