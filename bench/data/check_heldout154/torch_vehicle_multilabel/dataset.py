# ~

import os
import re
import shutil
import pickle
import numpy as np
import scipy.io as scio
from torch import Tensor as Tensor
import torch
from torch.utils import data
from tqdm import tqdm
from torchvision import transforms as T
from PIL import Image

color_attrs = ['Black', 'Blue', 'Brown',
                     'Gray', 'Green', 'Pink',
                     'Red', 'White', 'Yellow']
direction_attrs = ['Front', 'Rear']
type_attrs = ['passengerCar', 'saloonCar',
                    'shopTruck', 'suv', 'trailer', 'truck', 'van', 'waggon']


class Vehicle(data.Dataset):
    """(doc)


    """

    def __init__(self,
                 root,
                 transform=None,
                 is_train=True):
        """(doc)

        """
        if not os.path.exists(root):
            print('-> [Error]: root not exists.')
            return
        if is_train:
            print('-> train data root: ', root)
        else:
            print('-> eval data root: ', root)

        # ~
        self.img_dirs = [os.path.join(root, x) for x in os.listdir(root) \
                         if os.path.isdir(os.path.join(root, x))]
        self.img_dirs = [x for x in self.img_dirs if len(os.listdir(x)) != 0]
        if len(self.img_dirs) == 0:
            print('-> [Error]: empty sub-dirs.')
            return
        self.img_dirs.sort()  # ~
        # ~

        # ~
        self.color_attrs = color_attrs
        self.direction_attrs = direction_attrs
        self.type_attrs = type_attrs

        # ~
        self.imgs_path = []
        self.labels = []
        for x in self.img_dirs:
            m = re.match('([a-zA-Z]+)_([a-zA-Z]+)_([a-zA-Z]+)', os.path.split(x)[1])
            col = m.group(1)  # ~
            way = m.group(2)  # ~
            kind = m.group(3)  # ~
            # ~

            for y in os.listdir(x):
                # ~
                self.imgs_path.append(os.path.join(x, y))

                # ~
                ci = int(np.where(self.color_attrs == np.array(col))[0])
                di = int(np.where(self.direction_attrs == np.array(way))[0])
                ki = int(np.where(self.type_attrs == np.array(kind))[0])
                tgt = np.array([ci, di, ki], dtype=int)

                tgt = torch.Tensor(tgt)  # ~
                self.labels.append(tgt)  # ~
                # ~

        if is_train:
            print('-> overall {:d} items for fitting.'.format(len(self.imgs_path)))
        else:
            print('-> overall {:d} items for evaluating.'.format(len(self.imgs_path)))

        # ~
        if transform is not None:
            self.transform = transform
        else:  # ~
            self.transform = T.Compose([
                T.Resize(448),
                T.CenterCrop(448),
                T.ToTensor(),
                T.Normalize(mean=[0.485, 0.456, 0.406],
                            std=[0.229, 0.224, 0.225])
            ])

        # ~
        # ~
        # ~
        # ~
        # ~
        # ~
        # ~
        # ~
        # ~

    def __getitem__(self, idx):
        """(doc)


        """
        pic = Image.open(self.imgs_path[idx])

        # ~
        if pic.mode == 'L' or pic.mode == 'I':  # ~
            pic = pic.convert('RGB')
        if self.transform is not None:
            pic = self.transform(pic)
        tgt = self.labels[idx]
        f_path = os.path.split(self.imgs_path[idx])[0].split('/')[-2] + \
                 '/' + os.path.split(self.imgs_path[idx])[0].split('/')[-1] + \
                 '/' + os.path.split(self.imgs_path[idx])[1]
        return pic, tgt, f_path

    def __len__(self):
        """(doc)

        """
        return len(self.imgs_path)
