import numpy as np
import pandas as pd
import torch
import torchvision.transforms as transforms
from torch.utils.data import DataLoader

from data.dataset import ArraySet


def read_table(path='datasets/fer2013.csv'):
    table = pd.read_csv(path)
    names = {0: 'Angry', 1: 'Disgust', 2: 'Fear', 3: 'Happy', 4: 'Sad', 5: 'Surprise', 6: 'Neutral'}

    return table, names


def to_arrays(part):
    """ Turn a slice of the table into arrays
        in: frame with the emotion and pixel columns
        out: pictures and targets """

    pics = np.zeros(shape=(len(part), 48, 48))
    tags = np.array(list(map(int, part['emotion'])))

    for j, key in enumerate(part.index):
        pic = np.fromstring(part.loc[key, 'pixels'], dtype=int, sep=' ')
        pic = np.reshape(pic, (48, 48))
        pics[j] = pic

    return pics, tags


def make_loaders(path='datasets/fer2013.csv', bs=64, augment=True):
    """ Build the train, val and test loaders
        Training pictures are augmented with:
            - random crops
            - shifts
            - flips
            - small rotations

        in: path of the fer2013 csv
        out: three DataLoaders """

    table, names = read_table(path)

    x_tr, y_tr = to_arrays(table[table['Usage'] == 'Training'])
    x_va, y_va = to_arrays(table[table['Usage'] == 'Validation'])
    x_te, y_te = to_arrays(table[table['Usage'] == 'Test'])

    mean, std = 0, 255

    eval_tf = transforms.Compose([
        # transforms.Scale(52),
        transforms.TenCrop(40),
        transforms.Lambda(lambda crops: torch.stack([transforms.ToTensor()(c) for c in crops])),
        transforms.Lambda(lambda ts: torch.stack([transforms.Normalize(mean=(mean,), std=(std,))(t) for t in ts])),
    ])

    if augment:
        train_tf = transforms.Compose([
            transforms.RandomResizedCrop(48, scale=(0.8, 1.2)),
            transforms.RandomApply([transforms.RandomAffine(0, translate=(0.2, 0.2))], p=0.5),
            transforms.RandomHorizontalFlip(),
            transforms.RandomApply([transforms.RandomRotation(10)], p=0.5),

            transforms.TenCrop(40),
            transforms.Lambda(lambda crops: torch.stack([transforms.ToTensor()(c) for c in crops])),
            transforms.Lambda(lambda ts: torch.stack([transforms.Normalize(mean=(mean,), std=(std,))(t) for t in ts])),
            transforms.Lambda(lambda ts: torch.stack([transforms.RandomErasing(p=0.5)(t) for t in ts])),
        ])
    else:
        train_tf = eval_tf

    # X = np.vstack((x_tr, x_va))
    # Y = np.hstack((y_tr, y_va))

    ds_tr = ArraySet(x_tr, y_tr, train_tf)
    ds_va = ArraySet(x_va, y_va, eval_tf)
    ds_te = ArraySet(x_te, y_te, eval_tf)

    dl_tr = DataLoader(ds_tr, batch_size=bs, shuffle=True, num_workers=2)
    dl_va = DataLoader(ds_va, batch_size=64, shuffle=True, num_workers=2)
    dl_te = DataLoader(ds_te, batch_size=64, shuffle=True, num_workers=2)

    return dl_tr, dl_va, dl_te
