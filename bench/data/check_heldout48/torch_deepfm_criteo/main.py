import numpy as np
import math
import torch
import torch.optim as optim
import radam
from torch.utils.data import DataLoader
from torch.utils.data import sampler
import random

from model.DeepFM import DeepFM
from dataset import CriteoDataset

def make_split(full_set, tiny=False):
    if tiny:
        picks = np.arange(0,128)
        fit_ids = picks
        hold_ids = picks
        return fit_ids, hold_ids
    else:
        n_rows = len(full_set)
        picks = np.arange(0,n_rows)
        np.random.shuffle(picks)
        n_fit = math.floor(len(picks)*0.8)
        n_hold = len(picks) - n_fit
        fit_ids = picks[:n_fit]
        hold_ids = picks[n_fit:]
        return fit_ids, hold_ids

rng_seed = 20170705
np.random.seed(rng_seed)
torch.manual_seed(rng_seed)
torch.cuda.manual_seed(rng_seed)
rows_file = "train_large.txt"
vocab_file = "feature_sizes_large.txt"
tiny = False
# small variant of the files:
# vocab sizes for the small variant
# tiny = True

# read the click log
clicks = CriteoDataset('./data', train=True, train_file=rows_file)

# hold out a fifth for checking
fit_ids, hold_ids = make_split(clicks, tiny)

# batch feeders
fit_feed = DataLoader(clicks, batch_size=256, sampler=sampler.SubsetRandomSampler(fit_ids), num_workers=0)
hold_feed = DataLoader(clicks, batch_size=1000, sampler=sampler.SubsetRandomSampler(hold_ids), num_workers=0)

vocab = np.loadtxt('./data/{}'.format(vocab_file), delimiter=',')
vocab = [int(v) for v in vocab]
print(vocab)

net = DeepFM(vocab, use_cuda=True, overfitting=tiny)
# plain Adam was tried first
opt = radam.RAdam(net.parameters(), lr=1e-3, weight_decay=0.0)
net.fit(fit_feed, hold_feed, opt, epochs=1000, verbose=True, print_every=1000, checkpoint_dir="./chkp")
