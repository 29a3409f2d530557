# coding: utf-8

import torch
import torch.utils.data as Data
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import time
import numpy as np
import h5py
import sys

# need the path of the feature file
if len(sys.argv) < 2:
    print("give the feature file: python v2_train_DNN.py data.h5")
    sys.exit(1)

# is a CUDA device there?
gpu_ok = torch.cuda.is_available()

# settings
run_tag = "20160508"
FFT_LEN = 512
HALF_CONTEXT = 2
N_BINS = FFT_LEN//2+1
in_dim = N_BINS*(HALF_CONTEXT*2+1)

BATCH_SIZE = 200
N_EPOCHS = 30

# read the features written by the spectrum script
h5_data_path = sys.argv[1]
print ("reading features")
"""
older Keras version streamed these with HDF5Matrix
(trnoisy / trclean)
"""
h5_handle = h5py.File(h5_data_path)
train_X = torch.tensor(h5_handle["trnoisy"])
train_y = torch.tensor(h5_handle["trclean"])

print(train_X)
print(train_y)

pair_dataset = Data.TensorDataset(train_X, train_y)     # inputs then targets
train_loader = Data.DataLoader(pair_dataset, batch_size=BATCH_SIZE, shuffle=False)

print("assembling the network")

model = torch.nn.Sequential(
        torch.nn.Linear(1285, 2048),
        torch.nn.ELU(),
        torch.nn.Linear(2048, 2048),
        torch.nn.ELU(),
        torch.nn.Linear(2048, 2048),
        torch.nn.ELU(),
        torch.nn.Linear(2048, 2048),
        torch.nn.ELU(),
        torch.nn.Linear(2048, 2048),
        torch.nn.ELU(),
        torch.nn.Linear(2048, 257)
        )

optimizer = torch.optim.Adam(model.parameters(), lr=0.0002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0)
mse_loss = torch.nn.MSELoss()

for epoch_i in range(N_EPOCHS):
    for batch_i, batch_pair in enumerate(train_loader):
        # move the batch if a GPU exists
        if gpu_ok:
            x = batch_pair[0].cuda()
            y = batch_pair[1].cuda()
        else:
            x = batch_pair[0]
            y = batch_pair[1]


        pred_y = model(x)

        # regression loss on the clean spectrum
        loss = mse_loss(pred_y, y)

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


# first_fc = model[0]
# (left over from a tutorial: printed the first layer's weights)

torch.save(model, "DDAE.pt")

"""
unfinished draft of the same network as a Module:
  five hidden layers of width 2048 with ELU,
  1285 inputs (5 frames x 257 bins),
  257 outputs (the clean frame).

The Sequential above is what is trained;
this draft was never completed.




"""
