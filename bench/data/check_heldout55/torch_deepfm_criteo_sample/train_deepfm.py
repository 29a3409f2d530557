import numpy as np

import torch
import torch.optim as optim
from torch.utils.data import DataLoader
from torch.utils.data import sampler

from model.deepfm_net import DeepFMNet
from data.criteo_rows import CriteoRows

# first 9,000 rows train, rows 9,000-10,000 validate
N_FIT = 9000

# loaders over the preprocessed sample
fit_rows = CriteoRows('./data', train=True)
fit_loader = DataLoader(fit_rows, batch_size=100,
                          sampler=sampler.SubsetRandomSampler(range(N_FIT)))
val_rows = CriteoRows('./data', train=True)
val_loader = DataLoader(val_rows, batch_size=100,
                        sampler=sampler.SubsetRandomSampler(range(N_FIT, 10000)))

vocab = np.loadtxt('./data/field_vocab_sizes.txt', delimiter=',')
vocab = [int(v) for v in vocab]
print(vocab)

net = DeepFMNet(vocab, use_cuda=False)
opt = optim.Adam(net.parameters(), lr=1e-4, weight_decay=0.0)
net.fit(fit_loader, val_loader, opt, epochs=5, verbose=True)
