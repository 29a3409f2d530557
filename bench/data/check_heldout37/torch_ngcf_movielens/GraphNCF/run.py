import torch
from torch import nn as nn
from toyDataset.loaddata import read_ml100k_ratings
from scipy.sparse import coo_matrix
import pandas as pd
import numpy as np
from numpy import diag
from GraphNCF.GCFmodel import GraphCF
from torch.utils.data import DataLoader
from GraphNCF.dataPreprosessing import RatingTriples
from torch.utils.data import random_split
from torch.optim import Adam
from torch.nn import MSELoss
from GraphNCF.GCFmodel import BiasedMF
from GraphNCF.GCFmodel import NeuralCF

ratings = read_ml100k_ratings()
user_count = ratings['userId'].max()
item_count = ratings['itemId'].max()

ratings['userId'] = ratings['userId'] - 1
ratings['itemId'] = ratings['itemId'] - 1
#
# An older, dense way of building the normalised graph matrix:
# shift item ids past the users, build the user-item rating matrix,
# transpose it and pad it to items x (users + items),
# turn it into a dense numpy matrix,
# and take its transpose as well;
# square zero blocks for user-user
# and for item-item.
# (this is the matrix the model now builds in sparse form,
# see GraphCF.make_laplacian;
# the dense version needed (users + items)^2 floats)
#
# Glue the blocks side by side
# into the two halves
# and stack them into one (users + items) square matrix.
#
# Count the non-zero entries of each column,
# take them to the power -1/2
# and put them on a diagonal matrix,
#
# then the Laplacian is D^-1/2 A D^-1/2.
#
cfg = {
    'epoch':60,
    'lr':0.01,
    'batch_size':2048,
    'train':0.8
}

rating_data = RatingTriples(ratings)
train_len = int(cfg['train']*len(rating_data))
train_set,test_set = random_split(rating_data,[train_len,len(rating_data)-train_len])
train_loader = DataLoader(train_set,batch_size=cfg['batch_size'],shuffle=True,pin_memory=True)

model = GraphCF(user_count, item_count, ratings, 80, layers=[80,80,]).cuda()
# model = BiasedMF(user_count,item_count,50).cuda()
# model = NeuralCF(user_count,item_count,64,layers=[128,64,32,16,8]).cuda()
optimizer = Adam(model.parameters(), lr=cfg['lr'],weight_decay=0.001)
loss_fn = MSELoss()

for ep in range(cfg['epoch']):

    for step,batch in enumerate(train_loader):
        print('epoch', ep, 'step', step)
        optimizer.zero_grad()
        preds = model(batch[0].cuda(), batch[1].cuda())
        loss = loss_fn(batch[2].float().cuda(),preds)
        loss.backward()
        optimizer.step()
        print(loss)


test_loader = DataLoader(test_set,batch_size=len(test_set),)
for test_batch in test_loader:
    preds = model(test_batch[0].cuda(),test_batch[1].cuda())

loss = loss_fn(test_batch[2].float().cuda(),preds)
print(loss) # mean squared error on the held-out ratings

