import numpy as np
import h5py
import torch
import torch.nn as nn

from describe_data import describe_data
from make_splits import write_split_files
from abide_data import AbideVolumes
from Conv3DNet import Conv3DNet
from config import parse_opts, print_config

import matplotlib as mpl
mpl.use('Agg')
import matplotlib.pyplot as plt

opts = parse_opts()

# optional: only print a description of the data file
if opts.explore_data:
    print("-" * 60)
    src_h5 = h5py.File(opts.data_path  + 'fmri_summary_abideI_II.hdf5', 'r')
    describe_data(src_h5)

print("-" * 60)
print_config(opts)
print("-" * 60)

# hyper-parameters
n_epochs = opts.epochs
n_classes = opts.num_classes
bs = opts.batch_size
lr = opts.lr

# where data, checkpoints and plots live
DATA_DIR = opts.data_path
CKPT_DIR = opts.model_store_path
PLOT_DIR = opts.plot_store_path

print("Writing train/validation/test split files...")
src_h5 = h5py.File(DATA_DIR  + 'fmri_summary_abideI_II.hdf5', 'r')
write_split_files(src_h5, DATA_DIR, opts.summary, opts.test_ratio, opts.train_val_ratio)

# datasets over the split files
print("Opening split datasets...\n")
train_ds = AbideVolumes(DATA_DIR, "train", opts.summary)
val_ds = AbideVolumes(DATA_DIR, "validation", opts.summary)
test_ds = AbideVolumes(DATA_DIR, "test", opts.summary)
print("-" * 60)

# loaders
train_dl = torch.utils.data.DataLoader(train_ds, batch_size=bs, shuffle=True)
val_dl =  torch.utils.data.DataLoader(val_ds, batch_size=bs, shuffle=False)

cuda_ok = not opts.no_cuda and torch.cuda.is_available()
torch.manual_seed(opts.seed)

dev = torch.device("cuda" if cuda_ok else "cpu")
if torch.cuda.is_available() and cuda_ok: ON_GPU = True
else: ON_GPU = False

print("Running on {}...".format(dev))

# network
print("Creating network...")
if opts.model == "conv3d":
    net = Conv3DNet(n_classes)
if ON_GPU:
    net = net.cuda()
print("Network ready.")
print("-" * 60)

def evaluate(net, val_dl, ON_GPU, loss_fn, bs):
# validation pass
    net.eval()
    with torch.no_grad():
        hits = 0
        seen = 0
        loss_sum = 0
        for vols, ys in val_dl:
            if ON_GPU:
                vols = vols.to(dev)
                ys = ys.to(dev)
            logits = net(vols)

            loss = loss_fn(logits, ys)
            loss_sum += loss.item()

            _, guess = torch.max(logits.data, 1)
            seen += ys.size(0)
            hits += (guess == ys).sum().item()
        acc = (hits / seen) * 100
        mean_loss = loss_sum / (seen / bs)
        return acc, mean_loss

# objective and optimiser
loss_fn = nn.CrossEntropyLoss()
opt = torch.optim.Adam(net.parameters(), lr=lr)

# training
print("Training...")
print("{} training volumes".format(len(train_dl.dataset)))
print("{} validation volumes\n".format(len(val_dl.dataset)))

tr_acc_hist = []
tr_loss_hist = []
va_acc_hist = []
va_loss_hist = []

for ep in range(n_epochs):
    net.train()
    seen = len(train_dl.dataset)
    hits_sum = 0
    loss_sum = 0
    for vols, ys in train_dl:
        if ON_GPU:
            vols = vols.to(dev)
            ys = ys.to(dev)

        # forward
        logits = net(vols)
        loss = loss_fn(logits, ys)
        loss_sum += loss.item()

        # backward and Adam step
        opt.zero_grad()
        loss.backward()
        opt.step()

        # running accuracy
        _, guess = torch.max(logits.data, 1)
        # print(guess, ys)
        hits = (guess == ys).sum().item()
        hits_sum += hits

    # epoch scores
    tr_acc = (hits_sum / seen) * 100
    va_acc, va_loss = evaluate(net, val_dl, ON_GPU, loss_fn, bs)

    tr_loss = loss_sum / (seen / bs)

    # record and report
    tr_acc_hist.append(tr_acc)
    va_acc_hist.append(va_acc)
    tr_loss_hist.append(tr_loss)
    va_loss_hist.append(va_loss)

    print("Epoch {}/{} | train loss {:.4f} | train acc {:.2f}% | val loss {:.4f} | val acc {:.2f}%".format(ep + 1, n_epochs, tr_loss, tr_acc, va_loss, va_acc))

    if opts.save_model:
        torch.save(net.state_dict(), CKPT_DIR + 'conv3d_epoch{}.ckpt'.format(ep+1))

# summary
print("Finished. mean val acc: {:.2f}, best val acc: {:.2f} ".format(sum(va_acc_hist)/n_epochs, max(va_acc_hist)))

# accuracy plot
fig = plt.figure()
ax = fig.add_subplot(111)
ax.set_title("accuracy per epoch, {}".format(opts.model))
ax.plot(range(n_epochs), tr_acc_hist, 'r', label='train')
ax.plot(range(n_epochs), va_acc_hist, 'b', label='validation')
ax.set_xlabel('epoch')
ax.set_ylabel('% correct')
ax.legend(loc='best')
fig.savefig(PLOT_DIR + 'acc_{}_{}_{:.2f}_{:.5f}.png'.format(opts.model, opts.summary,max(va_acc_hist), opts.lr))

# loss plot
fig2 = plt.figure()
ax2 = fig2.add_subplot(111)
ax2.plot(range(n_epochs), tr_loss_hist, 'r', label='train loss')
ax2.plot(range(n_epochs), va_loss_hist, 'b', label='validation loss')
ax2.set_title("loss per epoch, {}".format(opts.model))
ax2.set_xlabel('epoch')
ax2.set_ylabel('loss')
ax2.legend(loc='best')
fig2.savefig(PLOT_DIR + 'loss_{}_{}_{:.2f}_{:.2f}.png'.format(opts.model, opts.summary, max(va_acc_hist), opts.lr))
