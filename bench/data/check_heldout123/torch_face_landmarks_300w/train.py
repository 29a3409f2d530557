#! env/bin/python3

import torch.nn as nn
import torch.optim as optim

from training import train
from network import Network
from dataset import FaceLandmarksDataset, split_dataset
from transforms import Transforms
import evaluate_network


full_set = FaceLandmarksDataset(Transforms())

net = Network()
net.cuda()
mse = nn.MSELoss()
adam = optim.Adam(net.parameters(), lr=0.0001)
fit_loader, check_loader = split_dataset(full_set)

train(net, mse, adam, fit_loader, check_loader, epoch=80)

evaluate_network.main(Network)
