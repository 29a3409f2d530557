import torch
import torch.nn as nn
import numpy as np
from torch.utils import data
import os
from tqdm import tqdm

from models import AlexNet
from dataset import PetSplits
from utils import binary_acc, write_state, read_state, BoardLogger

# run switches
USE_GPU = True
PET_DIR = os.environ["HOME"] + "/datasets/kaggle_pets"
SAVE_EVERY = 100
RESUME = False

# settings
n_epochs = 50
bs = 32
in_shape = (3, 80, 80)
n_out = 1
lr = 1e-4
mom = 0.9
opt_cls = torch.optim.SGD

# split percentages
p_train, p_val, p_test = 70, 15, 15

if USE_GPU and torch.cuda.is_available():
    dev = torch.device('cuda')
else:
    dev = torch.device('cpu')

fit_set, val_set, test_set = PetSplits(
    PET_DIR, p_train, p_val, p_test, input_shape=in_shape[1:]).build(dev)
fit_loader = data.DataLoader(
    fit_set, batch_size=bs, shuffle=True)
val_loader = data.DataLoader(
    val_set, batch_size=bs, shuffle=False)

# board
board = BoardLogger()

# a few pictures of each class on the board
first_cats = fit_set.images[:10] # cats come first
last_dogs = fit_set.images[-10:] # dogs come last
for k in range(first_cats.shape[0]):
    board.add_images("Cat/{}".format(k), None, first_cats[k:k+1])
    board.add_images("Dog/{}".format(k), None, last_dogs[k:k+1])

net = AlexNet(in_shape, n_out);
start_epoch = 0

if RESUME:
    start_epoch, opt_state, last_loss = read_state(net)
    start_epoch += 1

net = net.to(dev)
print(net)

bce = torch.nn.BCELoss(reduction="mean")
opt = opt_cls(net.parameters(), lr=lr, momentum=mom)
if RESUME:
    opt.load_state_dict(opt_state)

# fit

for ep in range(start_epoch, n_epochs):
    fit_losses = []
    # training mode
    net.train()
    step = 0
    for xb, yb in tqdm(fit_loader):
        # forward
        out = net(xb)

        # loss
        loss = bce(out, yb)
        fit_losses.append(loss.item())

        # clear grads
        opt.zero_grad()

        # backward
        loss.backward()

        # update
        opt.step()

        step += 1

    # held-out pass
    # eval mode
    net.eval()
    val_losses = []
    for xb, yb in val_loader:
        # forward
        out = net(xb)

        # loss
        loss = bce(out, yb)
        val_losses.append(loss.item())

    fit_mean = sum(fit_losses) / len(fit_losses)
    val_mean = sum(val_losses) / len(val_losses)
    print("epoch {}: fit loss {}, val loss {}".format(ep,
                                                      fit_mean, val_mean))
    board.add_scalar("Loss/Train", fit_mean, ep)
    board.add_scalar("Loss/Validation", val_mean, ep)

    # periodic checkpoint
    if SAVE_EVERY > 0 and (ep + 1) % SAVE_EVERY == 0:
        write_state(net, opt, ep, loss)


# final test
net.eval()
test_loader = data.DataLoader(
    test_set, batch_size=bs, shuffle=False)
test_losses = []
accs = []
for xb, yb in test_loader:
    # forward
    out = net(xb)
    accs.append(binary_acc(out, yb))

    # loss
    loss = bce(out, yb)
    test_losses.append(loss.item())

print("test accuracy: ", sum(accs) / len(accs))

# close the board
board.close()
