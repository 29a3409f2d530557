from __future__ import print_function
import os
import json
import cPickle
import numpy as np
import utils
import h5py
import torch
from torch.utils.data import Dataset


class Vocab(object):
    def __init__(self, w2i=None, i2w=None):
        if w2i is None:
            w2i = {}
        if i2w is None:
            i2w = []
        self.w2i = w2i
        self.i2w = i2w

    @property
    def ntoken(self):
        return len(self.w2i)

    @property
    def padding_idx(self):
        return len(self.w2i)

    def tokenize(self, text, grow):
        text = text.lower()
        text = text.replace(',', '').replace('?', '').replace('\'s', ' \'s')
        parts = text.split()
        ids = []
        if grow:
            for p in parts:
                ids.append(self.add_word(p))
        else:
            for p in parts:
                ids.append(self.w2i[p])
        return ids

    def dump_to_file(self, path):
        cPickle.dump([self.w2i, self.i2w], open(path, 'wb'))
        print('vocab written to %s' % path)

    @classmethod
    def load_from_file(cls, path):
        print('reading vocab from %s' % path)
        w2i, i2w = cPickle.load(open(path, 'rb'))
        v = cls(w2i, i2w)
        return v

    def add_word(self, w):
        if w not in self.w2i:
            self.i2w.append(w)
            self.w2i[w] = len(self.i2w) - 1
        return self.w2i[w]

    def __len__(self):
        return len(self.i2w)


def _make_record(img_row, q, ans):
    ans.pop('image_id')
    ans.pop('question_id')
    rec = {
        'question_id' : q['question_id'],
        'image_id'    : q['image_id'],
        'image'       : img_row,
        'question'    : q['question'],
        'answer'      : ans}
    return rec


def _read_records(root, split, img_to_row):
    """Build the list of question records

    img_to_row: dict {coco image id -> row in the feature file}
    root: data folder
    split: 'train' or 'val'
    """
    q_path = os.path.join(
        root, 'v2_OpenEnded_mscoco_%s2014_questions.json' % split)
    qs = sorted(json.load(open(q_path))['questions'],
                       key=lambda x: x['question_id'])
    a_path = os.path.join(root, 'cache', '%s_target.pkl' % split)
    ans = cPickle.load(open(a_path, 'rb'))
    ans = sorted(ans, key=lambda x: x['question_id'])

    utils.assert_eq(len(qs), len(ans))
    recs = []
    for q, a in zip(qs, ans):
        utils.assert_eq(q['question_id'], a['question_id'])
        utils.assert_eq(q['image_id'], a['image_id'])
        iid = q['image_id']
        recs.append(_make_record(img_to_row[iid], q, a))

    return recs


class RegionFeatureVQA(Dataset):
    def __init__(self, split, vocab, root='data'):
        super(RegionFeatureVQA, self).__init__()
        assert split in ['train', 'val']

        a2l_path = os.path.join(root, 'cache', 'trainval_ans2label.pkl')
        l2a_path = os.path.join(root, 'cache', 'trainval_label2ans.pkl')
        self.a2l = cPickle.load(open(a2l_path, 'rb'))
        self.l2a = cPickle.load(open(l2a_path, 'rb'))
        self.n_answers = len(self.a2l)

        self.vocab = vocab

        self.img_to_row = cPickle.load(
            open(os.path.join(root, '%s36_imgid2idx.pkl' % split)))
        print('reading region features from hdf5')
        feat_path = os.path.join(root, '%s36.hdf5' % split)
        with h5py.File(feat_path, 'r') as hf:
            self.features = np.array(hf.get('image_features'))
            self.spatials = np.array(hf.get('spatial_features'))

        self.records = _read_records(root, split, self.img_to_row)

        self.tokenize()
        self.tensorize()
        self.v_dim = self.features.size(2)
        self.s_dim = self.spatials.size(2)

    def tokenize(self, max_len=14):
        """Turn every question into max_len token ids.

        Stores q_token in each record; the padding id fills the
        front of short questions.
        """
        for rec in self.records:
            ids = self.vocab.tokenize(rec['question'], False)
            ids = ids[:max_len]
            if len(ids) < max_len:
                # pad at the start
                pad = [self.vocab.padding_idx] * (max_len - len(ids))
                ids = pad + ids
            utils.assert_eq(len(ids), max_len)
            rec['q_token'] = ids

    def tensorize(self):
        self.features = torch.from_numpy(self.features)
        self.spatials = torch.from_numpy(self.spatials)

        for rec in self.records:
            qt = torch.from_numpy(np.array(rec['q_token']))
            rec['q_token'] = qt

            a = rec['answer']
            labs = np.array(a['labels'])
            wts = np.array(a['scores'], dtype=np.float32)
            if len(labs):
                labs = torch.from_numpy(labs)
                wts = torch.from_numpy(wts)
                rec['answer']['labels'] = labs
                rec['answer']['scores'] = wts
            else:
                rec['answer']['labels'] = None
                rec['answer']['scores'] = None

    def __getitem__(self, i):
        rec = self.records[i]
        feats = self.features[rec['image']]
        boxes = self.spatials[rec['image']]

        qt = rec['q_token']
        a = rec['answer']
        labs = a['labels']
        wts = a['scores']
        target = torch.zeros(self.n_answers)
        if labs is not None:
            target.scatter_(0, labs, wts)

        return feats, boxes, qt, target

    def __len__(self):
        return len(self.records)
