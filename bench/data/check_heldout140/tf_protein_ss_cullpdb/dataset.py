# Loading and windowing of the CullPDB / CB513 protein profile arrays.

# per-class residue counts in the full set (kept for reference)
# [2.46622e+05, 1.33650e+04, 2.77949e+05, 4.99050e+04, 2.32000e+02, 4.39649e+05, 1.06033e+05, 1.44579e+05]
# [1.92924541e-01, 1.04550141e-02, 2.17430656e-01, 3.90390931e-02, 1.81486216e-04, 3.43923419e-01, 8.29462410e-02, 1.13099550e-01]

import numpy as np
from sklearn.model_selection import train_test_split
import os

filtered = True

if filtered:
    source_file = "dataset/cullpdb+profile_6133_filtered.npy"
else:
    source_file = "dataset/cullpdb+profile_6133.npy"

cb513_file = "dataset/cb513+profile_split1.npy"

seq_len = 700
n_feat_total = 57
n_residue_types = 21
n_ss_classes = 8

win = 17

##
## whether the filtered variant is used
##
def is_filtered():
    return filtered

##
## read the raw file and keep residues + structure labels
##
def get_dataset(path="dataset/cullpdb+profile_6133.npy"):
    raw = np.load(path)
    raw = np.reshape(raw, (raw.shape[0], seq_len, n_feat_total))
    out = np.zeros((raw.shape[0], raw.shape[1], n_residue_types + n_ss_classes))
    out[:, :, 0:n_residue_types] = raw[:, :, 35:56]
    out[:, :, n_residue_types:] = raw[:, :, n_residue_types + 1:n_residue_types+ 1 + n_ss_classes]
    return out

##
## separate inputs and targets of a split
##
def get_data_labels(part):
    feats = part[:, :, 0:n_residue_types]
    targ = part[:, :, n_residue_types:n_residue_types + n_ss_classes]
    return feats, targ


##
## flatten per-residue labels and drop padding rows
##
def resphape_labels(lab):
    flat = np.reshape(lab, (lab.shape[0]*lab.shape[1], lab.shape[2]))
    flat = flat[~np.all(flat == 0, axis=1)]
    return flat

##
## cut a sliding window of `win` residues around every position
##
def reshape_data(feats):
    pad = np.zeros((feats.shape[0], feats.shape[2], int(win/2)))
    feats = np.dstack((pad, np.swapaxes(feats, 1, 2), pad))
    feats = np.swapaxes(feats, 1, 2)
    windows = np.zeros((feats.shape[0], feats.shape[1] - win + 1, win, n_residue_types))
    for pos in range(feats.shape[1] - win + 1):
        windows[:, pos, :, :] = feats[:, pos:pos+win, :]
    windows = np.reshape(windows, (feats.shape[0]*(feats.shape[1] - win + 1), win, n_residue_types))
    windows = windows[np.count_nonzero(windows, axis=(1,2))>(int(win/2)*n_residue_types), :, :]
    return windows

##
## all three splits, windowed
##
def get_dataset_reshaped(seed=None):
    full = get_dataset(source_file)
    tr_part, te_part, va_part = split_dataset(full, seed)
    xte, yte = get_data_labels(te_part)
    xtr, ytr = get_data_labels(tr_part)
    xva, yva = get_data_labels(va_part)

    win_train = reshape_data(xtr)
    win_test = reshape_data(xte)
    win_val = reshape_data(xva)

    lab_train = resphape_labels(ytr)
    lab_test = resphape_labels(yte)
    lab_val = resphape_labels(yva)

    return win_train, win_val, win_test, lab_train, lab_val, lab_test

##
## shuffled 80/10/10 split
##
def split_dataset(arr, seed=None):
    np.random.seed(seed)
    np.random.shuffle(arr)
    n_tr = int(arr.shape[0]*0.8)
    n_te = int(arr.shape[0]*0.1)
    tr_part = arr[0:n_tr, :, :]
    te_part = arr[n_tr:n_tr+n_te, :, :]
    va_part = arr[n_tr+n_te:, :, :]
    return tr_part, te_part, va_part

##
## split with the fixed index ranges of the original ICML 2014 paper
##
def split_like_paper(arr, seed=None):
    # fixed ranges taken from the dataset readme
    if seed is not None:
        np.random.seed(seed)
        np.random.shuffle(arr)
    tr_part = arr[0:5600, :, :]
    te_part = arr[5600:5877, :, :]
    va_part = arr[5877:, :, :]
    return tr_part, te_part, va_part

##
## windowed splits using the paper's ranges
##
def get_resphaped_dataset_paper():
    full = get_dataset()
    tr_part, te_part, va_part = split_like_paper(full)
    xte, yte = get_data_labels(te_part)
    xtr, ytr = get_data_labels(tr_part)
    xva, yva = get_data_labels(va_part)

    win_train = reshape_data(xtr)
    win_test = reshape_data(xte)
    win_val = reshape_data(xva)

    lab_train = resphape_labels(ytr)
    lab_test = resphape_labels(yte)
    lab_val = resphape_labels(yva)

    return win_train, win_val, win_test, lab_train, lab_val, lab_test

##
## windowed CB513 benchmark
##
def get_cb513():
    cb = get_dataset(cb513_file)
    feats, targ = get_data_labels(cb)
    return reshape_data(feats), resphape_labels(targ)


if __name__ == '__main__':
    print("Reading the data...")
    full = get_dataset()
    feats, targ = get_data_labels(full)
    class_totals = np.sum(targ, axis=0)
    print("class totals")
    print(class_totals)
    print(class_totals / targ.shape[0])
    print("input shape")
    print(feats.shape)
    print("target shape")
    print(targ.shape)
