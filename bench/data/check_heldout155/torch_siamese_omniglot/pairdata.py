import torch
from torch.utils.data import Dataset, DataLoader
import os
from numpy.random import choice as npc
import numpy as np
import time
import random
import torchvision.datasets as dset
from PIL import Image


class CharPairsTrain(Dataset):

    def __init__(self, root, transform=None):
        super(CharPairsTrain, self).__init__()
        np.random.seed(0)
        # self.folder = folder
        self.transform = transform
        self.pool, self.n_cls = self.read_all(root)

    def read_all(self, root):
        print("reading every training glyph into RAM")
        pool = {}
        angles = [0, 90, 180, 270]
        k = 0
        for ang in angles:
            for script in os.listdir(root):
                for glyph in os.listdir(os.path.join(root, script)):
                    pool[k] = []
                    for fname in os.listdir(os.path.join(root, script, glyph)):
                        fpath = os.path.join(root, script, glyph, fname)
                        pool[k].append(Image.open(fpath).rotate(ang).convert('L'))
                    k += 1
        print("training glyphs are in RAM")
        return pool, k

    def __len__(self):
        return  21000000

    def __getitem__(self, index):
        # a = random.choice(self.folder.imgs)
        target = None
        a = None
        b = None
        # same-class pair
        if index % 2 == 1:
            target = 1.0
            c1 = random.randint(0, self.n_cls - 1)
            pa = random.choice(self.pool[c1])
            pb = random.choice(self.pool[c1])
        # cross-class pair
        else:
            target = 0.0
            c1 = random.randint(0, self.n_cls - 1)
            c2 = random.randint(0, self.n_cls - 1)
            while c1 == c2:
                c2 = random.randint(0, self.n_cls - 1)
            pa = random.choice(self.pool[c1])
            pb = random.choice(self.pool[c2])

        if self.transform:
            pa = self.transform(pa)
            pb = self.transform(pb)
        return pa, pb, torch.from_numpy(np.array([target], dtype=np.float32))


class CharPairsEval(Dataset):

    def __init__(self, root, transform=None, times=200, way=20):
        np.random.seed(1)
        super(CharPairsEval, self).__init__()
        self.transform = transform
        self.times = times
        self.way = way
        self.anchor = None
        self.anchor_cls = None
        self.pool, self.n_cls = self.read_all(root)

    def read_all(self, root):
        print("reading every evaluation glyph into RAM")
        pool = {}
        k = 0
        for script in os.listdir(root):
            for glyph in os.listdir(os.path.join(root, script)):
                pool[k] = []
                for fname in os.listdir(os.path.join(root, script, glyph)):
                    fpath = os.path.join(root, script, glyph, fname)
                    pool[k].append(Image.open(fpath).convert('L'))
                k += 1
        print("evaluation glyphs are in RAM")
        return pool, k

    def __len__(self):
        return self.times * self.way

    def __getitem__(self, index):
        slot = index % self.way
        target = None
        # first slot: same class as the anchor
        if slot == 0:
            self.anchor_cls = random.randint(0, self.n_cls - 1)
            self.anchor = random.choice(self.pool[self.anchor_cls])
            other = random.choice(self.pool[self.anchor_cls])
        # other slots: different class
        else:
            c2 = random.randint(0, self.n_cls - 1)
            while self.anchor_cls == c2:
                c2 = random.randint(0, self.n_cls - 1)
            other = random.choice(self.pool[c2])

        if self.transform:
            a = self.transform(self.anchor)
            other = self.transform(other)
        return a, other


# quick try
if __name__=='__main__':
    ds = CharPairsTrain('./images_background', 30000*8)
    print(ds)
