import numpy as np
from dataset import *
from torch.utils.data import DataLoader
import torchvision.transforms as transforms

from process_data import *

def load_datasets(batch_size, filter):
    # x_tr = np.load('data/train_data_' + str(filter) + '.npy')
    # y_tr = np.load('data/train_labels_' + str(filter) + '.npy')
    # x_va = np.load('data/val_data_' + str(filter) + '.npy')
    # y_va = np.load('data/val_labels_' + str(filter) +'.npy')
    pixels, targets = load_data(filter)
    part_train, part_val, part_test = split_data(pixels, targets)

    x_tr, y_tr = part_train
    x_va, y_va = part_val

    # np.save('data/test_data_' + str(filter) + '.npy', pixels)
    # np.save('data/test_labels_' + str(filter) + '.npy', targets)

    set_train = ASLDataset(x_tr, y_tr)
    set_val = ASLDataset(x_va, y_va)

    loader_train = DataLoader(set_train, batch_size=batch_size, shuffle=True)
    loader_val = DataLoader(set_val, batch_size=batch_size, shuffle=True)

    return loader_train, loader_val

def load_test_dataset():
    x_te = np.load('data/test_data_0.npy')
    y_te = np.load('data/test_labels_0.npy')

    set_test = ASLDataset(x_te, y_te)
    loader_test = DataLoader(set_test, batch_size=5, shuffle=False)

    return loader_test

