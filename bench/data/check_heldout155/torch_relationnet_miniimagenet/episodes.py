# episode sampling for few-shot miniImageNet (images read from disk per item)
import torchvision
import torchvision.datasets as dset
import torchvision.transforms as transforms
import torch
from torch.utils.data import DataLoader,Dataset
import random
import os
from PIL import Image
import matplotlib.pyplot as plt
import numpy as np
from torch.utils.data.sampler import Sampler

def show_img(t):
    arr = t.numpy()
    plt.axis("off")
    plt.imshow(np.transpose(arr,(1,2,0)))
    plt.show()

class Turn(object):
    def __init__(self, deg):
        self.deg = deg
    def __call__(self, im, mode="reflect"):
        im = im.rotate(self.deg)
        return im

def class_folders():
    tr_root = '../data/miniImagenet/train'
    te_root = '../data/miniImagenet/test'

    tr_dirs = [os.path.join(tr_root, wn) \
                for wn in os.listdir(tr_root) \
                if os.path.isdir(os.path.join(tr_root, wn)) \
                ]
    te_dirs = [os.path.join(te_root, wn) \
                for wn in os.listdir(te_root) \
                if os.path.isdir(os.path.join(te_root, wn)) \
                ]

    random.seed(1)
    random.shuffle(tr_dirs)
    random.shuffle(te_dirs)

    return tr_dirs,te_dirs

class EpisodeTask(object):

    def __init__(self, folders, num_classes, train_num,test_num):

        self.folders = folders
        self.num_classes = num_classes
        self.train_num = train_num
        self.test_num = test_num

        picked = random.sample(self.folders,self.num_classes)
        ids = np.array(range(len(picked)))
        ids = dict(zip(picked, ids))
        files = dict()

        self.train_roots = []
        self.test_roots = []
        for d in picked:

            lst = [os.path.join(d, f) for f in os.listdir(d)]
            files[d] = random.sample(lst, len(lst))
            random.shuffle(files[d])

            self.train_roots += files[d][:train_num]
            self.test_roots += files[d][train_num:train_num+test_num]

        self.train_labels = [ids[self.folder_of(p)] for p in self.train_roots]
        self.test_labels = [ids[self.folder_of(p)] for p in self.test_roots]

    def folder_of(self, p):
        return os.path.join(*p.split('/')[:-1])

class EpisodeSet(Dataset):

    def __init__(self, task, split='train', transform=None, target_transform=None):
        self.transform = transform # image transform
        self.target_transform = target_transform
        self.task = task
        self.split = split
        self.paths = self.task.train_roots if self.split == 'train' else self.task.test_roots
        self.labels = self.task.train_labels if self.split == 'train' else self.task.test_labels

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, idx):
        raise NotImplementedError("base class: subclass per data set")

class MiniImagenetEpisode(EpisodeSet):

    def __init__(self, *args, **kwargs):
        super(MiniImagenetEpisode, self).__init__(*args, **kwargs)

    def __getitem__(self, idx):
        p = self.paths[idx]
        im = Image.open(p)
        im = im.convert('RGB')
        if self.transform is not None:
            im = self.transform(im)
        y = self.labels[idx]
        if self.target_transform is not None:
            y = self.target_transform(y)
        return im, y


class InterleavedSampler(Sampler):
    ''' yields every instance of every class,
        interleaved so each chunk holds one of each class '''

    def __init__(self, num_cl, num_inst,shuffle=True):

        self.num_cl = num_cl
        self.num_inst = num_inst
        self.shuffle = shuffle

    def __iter__(self):
        # indices are grouped by class in the data set
        if self.shuffle:
            rows = [[i+j*self.num_inst for i in torch.randperm(self.num_inst)] for j in range(self.num_cl)]
        else:
            rows = [[i+j*self.num_inst for i in range(self.num_inst)] for j in range(self.num_cl)]
        rows = [[rows[j][i] for j in range(self.num_cl)] for i in range(self.num_inst)]

        if self.shuffle:
            random.shuffle(rows)
            for r in rows:
                   random.shuffle(r)
        rows = [k for r in rows for k in r]
        return iter(rows)

    def __len__(self):
        return 1

class PerClassSampler(Sampler):
    ''' takes num_per_class items from each of num_cl pools
        of num_inst items '''

    def __init__(self, num_per_class, num_cl, num_inst,shuffle=True):
        self.num_per_class = num_per_class
        self.num_cl = num_cl
        self.num_inst = num_inst
        self.shuffle = shuffle

    def __iter__(self):
        # indices are grouped by class in the data set
        if self.shuffle:
            sel = [[i+j*self.num_inst for i in torch.randperm(self.num_inst)[:self.num_per_class]] for j in range(self.num_cl)]
        else:
            sel = [[i+j*self.num_inst for i in range(self.num_inst)[:self.num_per_class]] for j in range(self.num_cl)]
        sel = [k for r in sel for k in r]

        if self.shuffle:
            random.shuffle(sel)
        return iter(sel)

    def __len__(self):
        return 1


def episode_loader(task, num_per_class=1, split='train',shuffle = False):
    norm = transforms.Normalize(mean=[0.92206, 0.92206, 0.92206], std=[0.08426, 0.08426, 0.08426])

    ds = MiniImagenetEpisode(task,split=split,transform=transforms.Compose([transforms.ToTensor(),norm]))
    if split == 'train':
        smp = PerClassSampler(num_per_class,task.num_classes, task.train_num,shuffle=shuffle)

    else:
        smp = InterleavedSampler(task.num_classes, task.test_num,shuffle=shuffle)

    loader = DataLoader(ds, batch_size=num_per_class*task.num_classes, sampler=smp)
    return loader
