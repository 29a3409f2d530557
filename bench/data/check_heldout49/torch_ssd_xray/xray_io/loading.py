import os

import pandas as pd
import torch
import torchvision.transforms as T
from PIL import Image
from torch.utils.data import Dataset, DataLoader

TRAIN_DIR = './datasets/train/images'
TEST_DIR = './datasets/test/images'
TABLE_CSV = './info/datasets.csv'


def read_table():
    table = pd.read_csv(TABLE_CSV)
    names = table['file_name']
    targets = table.drop('file_name', axis=1)
    return names, targets


class XrayBoxes(Dataset):
    def __init__(self):
        self.files, self.targets = read_table()
        self.pipeline = T.Compose([T.Resize((300, 300)), T.ToTensor()])

    def __getitem__(self, i):
        p = os.path.join(TRAIN_DIR, self.files[i])
        img = Image.open(p)
        img = self.pipeline(img)
        row = self.targets.iloc[i]
        targets = torch.tensor(row)
        return img, targets

    def __len__(self):
        return len(self.targets)


def xray_batches(bsz):
    dl = DataLoader(XrayBoxes(), bsz, shuffle=True)
    return dl
