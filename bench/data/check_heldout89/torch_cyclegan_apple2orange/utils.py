from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import copy
import os

import numpy as np
import torch


def ensure_dirs(dirs):
    if not isinstance(dirs, (list, tuple)):
        dirs = [dirs]
    for d in dirs:
        if not os.path.isdir(d):
            os.makedirs(d)


def pick_gpus(ids):
    ids = [str(k) for k in ids]
    os.environ['CUDA_VISIBLE_DEVICES'] = ','.join(ids)


def cuda(ts):
    if torch.cuda.is_available():
        if not isinstance(ts, (list, tuple)):
            return ts.cuda()
        else:
            return [t.cuda() for t in ts]


class ItemPool(object):

    def __init__(self, cap=50):
        self.max_num = cap
        self.num = 0
        self.items = []

    def __call__(self, incoming):
        """incoming: list of arrays"""
        if self.max_num <= 0:
            return incoming
        out = []
        for item in incoming:
            if self.num < self.max_num:
                self.items.append(item)
                self.num = self.num + 1
                out.append(item)
            else:
                if np.random.ranf() > 0.5:
                    slot = np.random.randint(0, self.max_num)
                    old = copy.copy(self.items[slot])
                    self.items[slot] = item
                    out.append(old)
                else:
                    out.append(item)
        return out
