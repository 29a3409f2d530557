# based on
#   the yunjey pytorch-tutorial basics example and
#   the official data-loading tutorial (Dataset class section)
import torch
import numpy as np
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader
import csv
import gzip


class SurnameDataset(Dataset):
    """ Surname -> country pairs from a gzipped csv."""

    # read every row of the chosen split
    def __init__(self, train_split=False):
        csv_file = './data/names_train.csv.gz' if train_split else './data/names_test.csv.gz'
        with gzip.open(csv_file, "rt") as fh:
            rows_iter = csv.reader(fh)
            row_list = list(rows_iter)

        self.surnames = [r[0] for r in row_list]
        self.country_of = [r[1] for r in row_list]
        self.n_rows = len(self.country_of)

        self.sorted_countries = list(sorted(set(self.country_of)))

    def __getitem__(self, index):
        return self.surnames[index], self.country_of[index]

    def __len__(self):
        return self.n_rows

    def country_names(self):
        return self.sorted_countries

    def country_at(self, pos):
        return self.sorted_countries[pos]

    def country_index(self, country):
        return self.sorted_countries.index(country)

# quick manual check
if __name__ == "__main__":
    ds = SurnameDataset(False)
    print(ds.country_names())
    print(ds.country_at(3))
    print(ds.country_index('Korean'))

    loader = DataLoader(dataset=ds,
                              batch_size=10,
                              shuffle=True)

    print(len(loader.dataset))
    for ep in range(2):
        for step, (names, countries) in enumerate(loader):
            # a training step would go here
            print(ep, step, "batch names", names, "batch countries", countries)
