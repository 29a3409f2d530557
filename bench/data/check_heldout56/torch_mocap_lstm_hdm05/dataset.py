import os
import pickle
from collections import Counter

import pandas as pd
import torch
from torch.utils.data import Dataset


class MocapSequences(Dataset):
    def __init__(self, pkl_path, min_count=None, only_actions=None, fps=120, shift='none', remap=None):
        with open(pkl_path, 'rb') as fh:
            self.records = pickle.load(fh)

        # whole annotated streams or single-action segments?
        self.multi = 'annotations' in self.records[0]

        if remap:
            names = pd.read_csv(remap, sep=';', index_col=0,
                                names=['OldLabel', 'Label', 'Description'])
            for r in self.records:
                if self.multi:
                    for a in r['annotations']:
                        a['action_id'] = names.loc[a['action_id'], 'Label']
                else:
                    r['action_id'] = names.loc[r['action_id'], 'Label']

            names = names.groupby('Label').aggregate({'Description': lambda x: os.path.commonprefix(x.tolist())})

        else:
            names = pd.read_csv('data/hdm05_action_descriptions.txt', sep=';', index_col=0,
                                names=['Label', 'Description'])
            names = names.replace({'hdm05_spec_': ''}, regex=True)

        assert shift in ('none', 'random', 'all'), "shift must be none, random or all"

        self.step = round(120.0 / fps)
        self.shift = shift

        # class 14 ('other') is dropped for HDM05-15
        if self.multi:
            self.actions = Counter(a['action_id'] for r in self.records for a in r['annotations'] if remap or a['action_id'] != 14)
        else:
            self.actions = Counter(r['action_id'] for r in self.records if remap or r['action_id'] != 14)

        if only_actions:
            self.actions = filter(lambda kv: kv[0] in only_actions, self.actions.items())
            self.actions = Counter(dict(self.actions))

        if min_count:
            self.actions = filter(lambda kv: kv[1] >= min_count, self.actions.items())
            self.actions = Counter(dict(self.actions))

        if min_count or only_actions:
            if self.multi:
                for r in self.records:
                    r['annotations'] = list(filter(lambda a: a['action_id'] in self.actions, r['annotations']))
            else:
                self.records = list(filter(lambda r: r['action_id'] in self.actions, self.records))

        self.action_labels = sorted(self.actions.keys())
        self.action_descriptions = names.loc[self.action_labels, 'Description'].values
        self.label_to_ix = {a: i for i, a in enumerate(self.action_labels)}
        self.n_actions = len(self.actions)

        print('read {} ({} records)'.format(pkl_path, len(self.records)))
        # pprint(self.actions)

    def __len__(self):
        if self.shift == 'all':
            return len(self.records) * self.step
        return len(self.records)

    def __getitem__(self, i):
        rec = self.records[i % len(self.records)]
        off = 0
        if self.shift == 'random':
            off = torch.IntTensor(1).random_(self.step)[0]
        elif self.shift == 'all':
            off = i // len(self.records)
        seq = rec['data'][off::self.step, ...]
        x = torch.from_numpy(seq)
        if self.multi:
            n = len(rec['data'])
            y = torch.zeros(n, self.n_actions)
            for a in rec['annotations']:
                k = self.label_to_ix[a['action_id']]
                s = a['start_frame']
                e = a['start_frame'] + a['duration']
                y[s:e, k] = 1
            y = y[off::self.step, ...]
        else:
            y = self.label_to_ix[rec['action_id']]
        return x, y

    def get_weights(self, balance=None):
        assert not self.multi, "get_weights() needs single-action records"
        n = float(len(self.records))
        if balance is None:
            w = [n / self.actions[r['action_id']] for r in self.records]
        else:
            w = [balance[self.label_to_ix[r['action_id']]] for r in self.records]
        return w

    def get_data_size(self):
        n_in = self.records[0]['data'][0].size
        n_out = len(self.actions)
        return n_in, n_out


if __name__ == '__main__':

    ds = MocapSequences('data/split2.pkl', fps=10, remap='data/HDM05-category_mapper-130vs65.csv')
    print(ds.actions)
    print(len(ds.actions))

    ds = MocapSequences('data/split1.pkl', fps=10, remap='data/HDM05-category_mapper-130vs65.csv')
    print(ds.actions)
    print(len(ds.actions))
