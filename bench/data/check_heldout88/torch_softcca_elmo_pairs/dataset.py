from torch.utils import data
import numpy as np
import torch
import pickle

class Dataset(data.Dataset):
    def __init__(self, data_path):

        with open(data_path, "rb") as fh:

            self.records = pickle.load(fh)
        print("Number of examples: {}".format(len(self.records)))




    def __len__(self):

        return len(self.records)

    def __getitem__(self, index):

        with torch.no_grad():

            views = self.records[index]["vecs"]
            return [torch.from_numpy(v).float().cuda() for v in views]
