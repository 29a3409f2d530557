import os

import torch
from torch.utils.data import Dataset

import pandas
from PIL import Image

from classify.utils import train_augs, vaild_augs


class LeafDataset(Dataset):
    def __init__(self, root_dir, filename, label_file="label.txt"):
        self.root_dir = root_dir
        self.filename = filename
        self.table = pandas.DataFrame(pandas.read_csv(os.path.join(root_dir, filename)))
        self.row_iter = None
        with open(os.path.join(root_dir, label_file), 'r') as fh:
            names = fh.readlines()
        self.idx_2_label = names
        self.label_2_idx = {name.replace('\n', '').replace('\r', ''):i for i, name in enumerate(names)}
        
    def __len__(self):
        return len(self.table)

    def __getitem__(self, i):
        # restart the row iterator at the start of every epoch
        if i == 0:
            self.row_iter = zip(self.table['image'], self.table['label'])
        rel_path, name = next(self.row_iter)
        full_path = os.path.join(self.root_dir, rel_path)
        return train_augs(Image.open(full_path)), torch.as_tensor(self.labels[name])
