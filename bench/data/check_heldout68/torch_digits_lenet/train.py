import datetime
import pandas as pd
import torch
from torch.utils.data import TensorDataset, DataLoader

import nets
import loops
import helpers


dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

frame = pd.read_csv("./dataset/train.csv")

pixels, digits = helpers.frame_to_tensors(frame)
pixels = helpers.rescale(pixels, mode="per-image")

# random 70/30 split into fit and hold-out parts
order = torch.randperm(pixels.size(0))
n_hold = int(pixels.size(0) * 0.3)
hold_idx = order[:n_hold]
fit_idx = order[n_hold:]

x_fit = pixels[fit_idx].to(dev)
x_hold = pixels[hold_idx].to(dev)
y_fit = digits[fit_idx].to(dev)
y_hold = digits[hold_idx].to(dev)

# tensor datasets and their loaders
set_fit = TensorDataset(x_fit, y_fit)
set_hold = TensorDataset(x_hold, y_hold)

ld_fit = DataLoader(set_fit, batch_size=256, shuffle=True)
ld_hold = DataLoader(set_hold, batch_size=256, shuffle=True)

net = nets.LeNet()
net.optimizer = torch.optim.Adam(net.parameters())
net.to(dev)

# how long to train
n_epochs = 30
net_done = loops.fit(net=net, fit_loader=ld_fit, hold_loader=ld_hold, n_epochs=n_epochs, give_back=True)

# write the weights and loss curves
day = datetime.datetime.now().strftime("%Y%m%d")
clock = datetime.datetime.now().strftime("%H%M%S")
helpers.store_weights(net=net_done, folder=f"./runs/{day}", fname=f"{clock}.pt")
