import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset, dataset
import numpy as np


class Dataset(Dataset):
    def __init__(self, path, start=-1, len=-1):
        self.rows = []
        self.tags = []

        with open(path, "r") as fh:
            text_rows = fh.readlines()[1:]
            # whole file
            if len == -1:
                for ln in text_rows:
                    try:
                        self.rows.append([min(float(v), 1e6) for v in ln.strip("\n").split(",")[:-1]])
                        if ln.strip("\n").split(",")[-1] == 'BENIGN':
                            self.tags.append(0)
                        else:
                            self.tags.append(1)
                    except:
                        continue
            # a slice of the file
            else:
                for ln in text_rows[start: start + len]:
                    try:
                        self.rows.append([min(float(v), 1e6) for v in ln.strip("\n").split(",")[:-1]])
                        if ln.strip("\n").split(",")[-1] == 'BENIGN':
                            self.tags.append(0)
                        else:
                            self.tags.append(1)
                    except:
                        continue

        self.rows = np.array(self.rows, dtype=np.float32)
        self.rows = (self.rows - np.mean(self.rows, axis=1, keepdims=True)) / (
                np.std(self.rows, axis=1, keepdims=True) + 0.00001)

    def __len__(self):
        # print('rows', len(self.rows))
        return len(self.rows)

    def __getitem__(self, k):
        # print(self.rows[k,:],self.tags[k])
        return self.rows[k, :], self.tags[k]

class Dataset_adv(Dataset):
    def __init__(self, path, start=-1, len=-1):
        self.rows = []
        self.tags = []

        with open(path, "r") as fh:
            text_rows = fh.readlines()
            if len == -1:
                for ln in text_rows:
                    try:
                        self.rows.append([min(float(v), 1e6) for v in ln.strip("\n").split(",")])
                        self.tags.append(0)
                    except:
                        continue
            else:
                for ln in text_rows[start: start + len]:
                    try:
                        self.rows.append([min(float(v), 1e6) for v in ln.strip("\n").split(",")])
                        self.tags.append(0)
                    except:
                        continue

        self.rows = np.array(self.rows, dtype=np.float32)
        # self.rows = (self.rows - np.mean(self.rows, axis=1, keepdims=True)) / (
        #         np.std(self.rows, axis=1, keepdims=True) + 0.00001)

    def __len__(self):
        # print('rows', len(self.rows))
        return len(self.rows)

    def __getitem__(self, k):
        # print(self.rows[k,:],self.tags[k])
        return self.rows[k, :], self.tags[k]
