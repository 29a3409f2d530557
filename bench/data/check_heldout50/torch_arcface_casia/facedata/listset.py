import os
from PIL import Image
import torch
from torch.utils import data
import numpy as np
from torchvision import transforms as T
import torchvision
import cv2
import sys


class FaceListSet(data.Dataset):

    def __init__(self, root, list_file, phase='train', input_shape=(1, 32, 32)):#input_shape=(1, 128, 128)):
        self.phase = phase
        self.input_shape = input_shape

        with open(os.path.join(list_file), 'r') as fh:
            rows = fh.readlines()

        rows = [os.path.join(root, r[:-1]) for r in rows]
        self.rows = np.random.permutation(rows)

        # norm = T.Normalize(mean=[0.5, 0.5, 0.5],
        #                         std=[0.5, 0.5, 0.5])

        norm = T.Normalize(mean=[0.5], std=[0.5])

        if self.phase == 'train':
            self.transforms = T.Compose([
                #T.RandomCrop(self.input_shape[1:]),
                T.RandomHorizontalFlip(),
                T.ToTensor(),
                norm
            ])
        else:
            self.transforms = T.Compose([
                #T.CenterCrop(self.input_shape[1:]),
                T.ToTensor(),
                norm
            ])

    def __getitem__(self, i):
        row = self.rows[i]
        parts = row.split()
        path = parts[0]
        face = Image.open(path)
        face = face.convert('L')
        face = self.transforms(face)
        ident = np.int32(parts[1])
        return face.float(), ident

    def __len__(self):
        return len(self.rows)


if __name__ == '__main__':
    ds = FaceListSet(root='/data/faces/aligned_mix',
                      list_file='/data/faces/mix_list.txt',
                      phase='test',
                      input_shape=(1, 32, 32))#input_shape=(1, 128, 128))

    loader = data.DataLoader(ds, batch_size=10)
    for i, (data, ident) in enumerate(loader):
        # faces, idents = data
        # print faces.numpy().shape
        # print data.cpu().numpy()
        # if i == 0:
        grid = torchvision.utils.make_grid(data).numpy()
        # print grid.shape
        # print ident.shape
        # chw -> hwc
        grid = np.transpose(grid, (1, 2, 0))
        # grid *= np.array([0.229, 0.224, 0.225])
        # grid += np.array([0.485, 0.456, 0.406])
        grid += np.array([1, 1, 1])
        grid *= 127.5
        grid = grid.astype(np.uint8)
        grid = grid[:, :, [2, 1, 0]]

        cv2.imshow('grid', grid)
        cv2.waitKey()
        # break
        # dst.decode_segmap(idents.numpy()[0], plot=True)
