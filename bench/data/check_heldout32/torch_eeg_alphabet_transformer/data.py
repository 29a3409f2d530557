import torch.utils.data as data
import scipy.io as scio
from params import args
from utils import log
import numpy as np
import torch as t
import pickle

def get_eval_datasets():
    log('reading the evaluation .mat file')

    # ---- evaluation data ---- 
    mat_contents = scio.loadmat('./dataset/data.mat')
    raw = mat_contents["data"] # electrodes x time points x trials = (24, 801, 7800)
    label = np.squeeze(mat_contents["label"])
    # ---- evaluation data ---- 

    raw = np.swapaxes(raw, 0, -1)
    onehot_label = np.zeros((7800, 26))
    onehot_label[list(range(7800)), label - 1] = 1
    label = onehot_label

    _, test_data = crop_time(raw, raw)

    return test_data, label

class EEGDataset(data.Dataset):
    def __init__(self, data, label):
        self.data = data
        self.label = label
        self.label_by_class = np.transpose(self.label)

    def __len__(self):
        return self.data.shape[0]

    def __getitem__(self, index):
        trial = t.tensor(self.data[index], dtype=t.float32)
        target = t.tensor(self.label[index], dtype=t.float32)
        trial = trial + t.randn(trial.shape) * 0.1 * trial.mean() # jitter the signal a little
        return trial, target

    def prepare_ssl_data(self):
        """
        Collect, for each of the 26 letters,
        the indices of the trials that carry it.
        """
        self.ssl_data = []
        for k in range(26):
            idx = np.argwhere(self.label_by_class[k] == 1)
            self.ssl_data.append(idx)

    def get_ssl_data(self, letter_idx):
        idx = self.ssl_data[letter_idx]
        idx = np.random.permutation(idx)[:128]
        return t.tensor(self.data[idx], dtype=t.float32)

def crop_time(train_data, test_data, start_time=50, end_time=700):
        train_data = train_data[:,start_time:end_time,:]
        test_data = test_data[:,start_time:end_time,:]
        args.len_time = end_time - start_time
        return train_data, test_data

def split_per_letter(raw, label, train_ratio=0.9):
    n_train_per_letter = int(train_ratio * 300)

    train_idx = np.array([])
    test_idx = np.array([])

    for k in range(26):
        shuffled = np.random.permutation(range(k * 300, (k + 1) * 300))
        train_idx = np.append(train_idx, shuffled[:n_train_per_letter], axis=0)
        test_idx = np.append(test_idx, shuffled[n_train_per_letter:], axis=0)

    train_data = raw[train_idx.astype('int32')]
    test_data = raw[test_idx.astype('int32')]
    train_label = label[train_idx.astype('int32')]
    test_label = label[test_idx.astype('int32')]

    return train_data, train_label, test_data, test_label

def get_datasets():
    log('reading the training .mat file and splitting it')
    mat_contents = scio.loadmat('./dataset/' + args.data_name + '.mat')
    raw = mat_contents["data"] # electrodes x time points x trials = (24, 801, 7800)
    raw = np.swapaxes(raw, 0, -1)
    label = np.squeeze(mat_contents["label"])
    onehot_label = np.zeros((7800, 26))
    onehot_label[list(range(7800)), label - 1] = 1
    label = onehot_label

    train_data, train_label, test_data, test_label = split_per_letter(raw, label)
    # the split used to be cached to eeg_dataset.pkl with pickle.dump
    train_data, test_data = crop_time(train_data, test_data)

    return train_data, train_label, test_data, test_label
