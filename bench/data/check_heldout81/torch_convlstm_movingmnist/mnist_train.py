import torch as th
from torch.utils.data import Dataset
from torch import nn
from ConvLSTM_model import ConvLSTM_Model
from utils import SsimMseLoss, MovingDigitsWindows
import pandas as pd
import numpy as np
import argparse
import time

# defaults
stride = 2
filter_size = 3
patch_size = 1
num_hidden = [16,8,8,16]
num_layers = len(num_hidden)
batch_size = 64
layer_norm = True
use_sched = False
sched_sampling = False
num_epochs = 1
criterion = nn.MSELoss()
initial_lr = 0.1
gamma = 0.5
bias = False
transpose = True
leaky_slope = None
max_pool = False
loss_kind = 0
use_lstm_output = False

parser = argparse.ArgumentParser()

# store_true flags default to False when absent
parser.add_argument('--job_id', type=str, required=True, help='cluster job id')
parser.add_argument('--schedule', action='store_true', help='use a step LR scheduler')
parser.add_argument('--num_hidden', type=int, nargs='+', required=True, help='hidden sizes per layer')
parser.add_argument('--filter_size', type=int, nargs='+', required=True, help='kernel sizes')
parser.add_argument('--stride', type=int, required=True, help='stride')
parser.add_argument('--patch_size', type=int, required=False, default=1, help='patch size')
parser.add_argument('--bias', action='store_true', help='conv bias')
parser.add_argument('--leaky_slope', type=float, required=False, default=None, help='leaky relu slope')
parser.add_argument('--max_pooling', action='store_true', help='max pooling')
parser.add_argument('--transpose', action='store_true', help='transposed convs')
parser.add_argument('--use_lstm_output', action='store_true', help='use the lstm output')
parser.add_argument('--batch_size', type=int, required=True, help='batch size')
parser.add_argument('--num_epochs', type=int, required=True, help='epochs per sequence length')
parser.add_argument('--loss', type=int, choices=[0, 1, 2], required=True, help='0 MSE, 1 BCE, 2 SSIM+MSE')
parser.add_argument('--layer_norm', action='store_true', help='layer norm')
parser.add_argument('--schedule_sampling', action='store_true', help='scheduled sampling')
parser.add_argument('--initial_lr', type=float, required=False, default=0.01, help='starting learning rate')
parser.add_argument('--gamma', type=float, required=False, help='scheduler decay')
parser.add_argument('--model_name', type=str, required=False, help='output weights file')

args = parser.parse_args()

# copy the parsed values
job_id = args.job_id
use_sched = args.schedule
leaky_slope = args.leaky_slope
max_pool = args.max_pooling
bias = args.bias
transpose = args.transpose
use_lstm_output = args.use_lstm_output
stride = args.stride
filter_size = args.filter_size
patch_size = args.patch_size
num_hidden = args.num_hidden
num_layers = len(num_hidden) if num_hidden else 0
batch_size = args.batch_size
num_epochs = args.num_epochs
layer_norm = args.layer_norm
sched_sampling = args.schedule_sampling
initial_lr = args.initial_lr
gamma = args.gamma
model_name = args.model_name

# loss selection
if args.loss is not None:
    loss_kind = args.loss
    if args.loss == 0:
        criterion = nn.MSELoss()
    elif args.loss == 1:
        criterion = nn.BCELoss()
        #criterion = nn.BCELoss(reduction='sum')
    elif args.loss == 2:
        criterion = SsimMseLoss()

print(f"run settings:\n    hidden = {num_hidden},\n    stride = {stride},\n    kernels = {filter_size},\n    leaky_slope = {leaky_slope},\n    max_pool = {max_pool},\n    layer norm = {layer_norm},\n    loss = {criterion},\n    batch size = {batch_size},\n    epochs = {num_epochs},\n    scheduled sampling = {sched_sampling},\n    bias = {bias},\n    transpose = {transpose},\n    lstm output = {use_lstm_output},\n    scheduler = {use_sched},\n    initial_lr = {initial_lr},\n    gamma = {gamma}.")
print("")

net_cfg = {
    'in_shape': [1, 64, 64], # C, H, W
    'patch_size': patch_size,
    'filter_size': filter_size, 
    'stride': stride, 
    'layer_norm' : layer_norm, 
    'transpose': transpose,
    'bias': bias, 
    'leaky_slope': leaky_slope,
    'max_pool': max_pool,
    'use_lstm_output': use_lstm_output
}

if th.cuda.is_available():
    print("GPU found")
else:
    print("no GPU")
device = th.device("cuda" if th.cuda.is_available() else "cpu")
th.cuda.empty_cache()

# build the network
# inputs are (batch, time, channels, height, width)
net = ConvLSTM_Model(num_layers, num_hidden, net_cfg)
# net = nn.DataParallel(net)
net.to(device)
# loss weight for the SSIM mix
alpha = 1.0
# optional step scheduler
if use_sched:
    opt = th.optim.Adam(net.parameters(), lr=initial_lr)
    sched = th.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=gamma)
    print(f"step scheduler: initial_lr = {initial_lr}, gamma = {gamma}.")
else:
    opt = th.optim.Adam(net.parameters(), lr=initial_lr)

if sched_sampling:
    keep_mask = th.ones(net_cfg['in_shape'])
    keep_mask = keep_mask.to(device)
else:
    keep_mask = None

clips = np.load('/scratch/user/mnist_test_seq.npy').astype(np.float32)/255
print(f"clips shape: {clips.shape}")
train_frac = 0.9
train_end = int(clips.shape[1] * train_frac)

t0 = time.time()
# curriculum over sequence lengths
max_len = 9
for seq_len in range(2, max_len+1):
    print("")
    th.cuda.empty_cache()
    if loss_kind==2:
        alpha -= 0.05
        criterion = SsimMseLoss(alpha=alpha)
        print(f"sequence length {seq_len}, alpha = {alpha}.")
    else:
        print(f"sequence length {seq_len}.")

    # fresh optimizer (and scheduler) per length
    if use_sched:
        opt = th.optim.Adam(net.parameters(), lr=initial_lr)
        sched = th.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=gamma)

    # picking random validation indices was tried first,
    # but numpy then copies the array and memory runs out,
    # so the validation block is given by two indices
    """
    # size of the validation block
    n_val = int(0.1 * clips.shape[1])  # 10 percent
    # random validation clips from the training range
    np.random.seed(seq_len) 
    val_ids = np.random.choice(range(train_end), size=n_val, replace=False)
    # the rest of the training range
    tr_ids = np.setdiff1d(np.arange(train_end), val_ids)
    """ 

    n_val = int(0.1 * clips.shape[1])  # 10 percent
    val_stop = np.random.randint(n_val, train_end)
    val_start = val_stop - n_val

    # splits
    # training clips: before and after the validation block
    tr_set = MovingDigitsWindows(
        np.concatenate([clips[:,:val_start,:,:], clips[:,val_stop:,:,:]], axis=1), seq_len, seq_len
    )
    # validation block
    va_set = MovingDigitsWindows(clips[:,val_start:val_stop], seq_len, seq_len)
    te_set = MovingDigitsWindows(clips[:,train_end:], seq_len, seq_len)
    tr_loader = th.utils.data.DataLoader(tr_set, batch_size=batch_size, shuffle=True)
    te_loader = th.utils.data.DataLoader(te_set, batch_size=batch_size, shuffle=False)
    va_loader = th.utils.data.DataLoader(va_set, batch_size=batch_size, shuffle=False)

    # how many mask entries to zero
    n_pix = net_cfg['in_shape'][1] * net_cfg['in_shape'][2]
    n_zero = int(n_pix * ( seq_len / (max_len * 4) ))

    for ep in range(num_epochs):
        # train
        net.train()
        run_loss = 0.0
        for it, (src, dst) in enumerate(tr_loader):
            if sched_sampling:
                flat = keep_mask.view(-1)
                # random positions to drop
                drop = th.randperm(flat.numel())[:n_zero]
                flat[drop] = 0
                keep_mask = flat.view(net_cfg['in_shape'])
            src, dst = src.to(device), dst.to(device)
            # clear grads
            opt.zero_grad()
            # forward
            pred = net(src, mask_true = keep_mask, schedule_sampling=sched_sampling)
            # loss
            loss = criterion(pred, dst)
            # backward and step
            loss.backward()
            opt.step()
            run_loss += loss.item()

            if it % 10 == 0:
                print(f"ep [{ep+1}/{num_epochs}], step [{it+1}], loss: {loss.item():.6f}")

            del pred, loss, src, dst
            th.cuda.empty_cache()

        if use_sched:
            sched.step()

        tr_mean = run_loss / len(tr_loader)
        print(f"len {seq_len}, ep [{ep+1}/{num_epochs}] train loss {tr_mean:.4f}")

        # test
        net.eval()
        te_loss = 0.0
        with th.no_grad():
            for it, (src, dst) in enumerate(te_loader):
                src, dst = src.to(device), dst.to(device)
                pred = net(src, th.ones_like(src), schedule_sampling=False)
                loss = criterion(pred, dst)
                te_loss += loss.item()

        te_mean = te_loss / len(te_loader)
        print(f"len {seq_len}, ep [{ep+1}/{num_epochs}] test loss {te_mean:.4f}")
        print("elapsed: {:.2f} s".format(time.time() - t0))

        # validation
        net.eval() 
        va_loss = 0.0

        with th.no_grad():
            for it, (src, dst) in enumerate(va_loader):
                src, dst = src.to(device), dst.to(device)
                pred = net(src, th.ones_like(src), schedule_sampling=False)
                loss = criterion(pred, dst)
                va_loss += loss.item()

        va_mean = va_loss / len(va_loader)
        print(f"len {seq_len}, ep [{ep+1}/{num_epochs}] val loss {va_mean:.4f}")
        print("elapsed: {:.2f} s".format(time.time() - t0))


print("")
print("finished")
print("total time: {:.2f} s".format(time.time() - t0))

th.save(net.state_dict(), model_name)
