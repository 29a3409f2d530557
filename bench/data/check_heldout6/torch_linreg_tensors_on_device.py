# source: https://github.com/dvgodoy/PyTorchStepByStep/blob/2b050857807d8292b466088c3dfc45540d6fa485/model_training/v0.py (+ data_generation/simple_linear_regression.py, data_preparation/v0.py, model_configuration/v0.py, run in that order as the book's notebook does)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim

# synthetic line y = 1 + 2x plus a little noise
bias_true = 1
slope_true = 2
N = 100

np.random.seed(42)
x = np.random.rand(N, 1)
y = bias_true + slope_true * x + (.1 * np.random.randn(N, 1))

order = np.arange(N)
np.random.shuffle(order)

fit_idx = order[:int(N * .8)]
hold_idx = order[int(N * .8):]

x_fit, y_fit = x[fit_idx], y[fit_idx]
x_hold, y_hold = x[hold_idx], y[hold_idx]

# tensors for the training points, placed on the chosen device
device = 'cuda' if torch.cuda.is_available() else 'cpu'

x_fit_t = torch.as_tensor(x_fit).float().to(device)
y_fit_t = torch.as_tensor(y_fit).float().to(device)

# model, optimizer and loss
device = 'cuda' if torch.cuda.is_available() else 'cpu'

step_size = 0.1

torch.manual_seed(42)
net = nn.Sequential(nn.Linear(1, 1)).to(device)

opt = optim.SGD(net.parameters(), lr=step_size)

mse = nn.MSELoss(reduction='mean')

# full-batch gradient descent
n_epochs = 1000

for epoch in range(n_epochs):
    net.train()

    pred = net(x_fit_t)

    loss = mse(pred, y_fit_t)

    loss.backward()

    opt.step()
    opt.zero_grad()
