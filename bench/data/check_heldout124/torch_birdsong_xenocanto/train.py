import torch
import torch.nn as nn
from network import BIRDCNN, DEEPCNN, BIRD2CNN
from loop import fit_all_epochs
from data import fit_batches, dev_batches

net = BIRD2CNN()

adam = torch.optim.Adam(net.parameters(), lr=1e-4, weight_decay=1e-5)
objective = nn.CrossEntropyLoss()

fit_all_epochs(net, adam, objective, fit_batches, dev_batches, n_epochs=20, log_every=None)
