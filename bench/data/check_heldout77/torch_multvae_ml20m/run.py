import argparse
import numpy as np
import os
import pandas as pd
import time
from tensorboardX import SummaryWriter
import torch

import data
import models
import metrics
import matplotlib.pyplot as plt
import matplotlib
matplotlib.style.use('ggplot')


cli = argparse.ArgumentParser(description='Multinomial VAE for implicit-feedback recommendation on MovieLens-20M')
cli.add_argument('--data_dir_root', type=str, default='ml-20m',
                 help='folder of the MovieLens-20M files')
cli.add_argument('--lr', type=float, default=1e-4,
                 help='step size')
cli.add_argument('--wd', type=float, default=0.0,
                 help='weight decay')
cli.add_argument('--epochs', type=int, default=200,
                 help='passes over the users')
cli.add_argument('--batch_size', type=int, default=1500,
                 help='users per step')
cli.add_argument('--save', type=str, default='model.pt',
                 help='where the best network goes')

opts = cli.parse_args()

# --------------------------------------------------- #
# read the click matrices
# --------------------------------------------------- #
reader = data.DataLoader(os.path.join(os.path.expanduser('~/ml_datasets'), opts.data_dir_root))
n_items = reader.n_items
# every split below is a scipy csr_matrix
train_m = reader.load_data('train')
test_in, test_out = reader.load_data('test')
valid_in, valid_out = reader.load_data('validation')

print(f'{n_items} items')
print(f'train: {train_m.shape[0]} users')
print(f'test: {test_in.shape[0]} fold-in users, {test_out.shape[0]} held-out users')
print(f'valid: {valid_in.shape[0]} fold-in users, {valid_out.shape[0]} held-out users')

dev = 'cuda' if torch.cuda.is_available() else 'cpu'

board = SummaryWriter()

# --------------------------------------------------- #
# the VAE
# --------------------------------------------------- #
dims = [n_items, 600, 200]
net = models.MultiVAE(dims).to(dev)
opt = torch.optim.Adam(net.parameters(), lr=opts.lr, weight_decay=opts.wd)
objective = models.loss_function

# --------------------------------------------------- #
# training and evaluation
# --------------------------------------------------- #
def rows_to_tensor(csr_rows):
    return torch.FloatTensor(csr_rows.toarray())

n_train = train_m.shape[0]
n_steps = n_train // opts.batch_size
order = np.array(range(n_train))
np.random.shuffle(order)
def train(ep, batch_size, n_steps, dev, beta=1.0, log_every=20):
    # training mode
    net.train()
    t0 = time.time()
    ep_loss = 0.0
    for s in range(n_steps):
        lo = s * batch_size
        hi = min(lo + batch_size, n_train)
        x = rows_to_tensor(
            train_m[order[lo: hi], :]
        ).to(dev)

        opt.zero_grad()
        recon, mu, logvar = net(x)
        loss = objective(x, recon, mu, logvar, beta)
        loss.backward()
        opt.step()
        step_loss = loss.item()
        ep_loss += step_loss

        spent = round(time.time() - t0, 2)

        if s > 0 and s % log_every == 0:
            print('epoch {:3d} | {:4d}/{:4d} steps | {:.2f} s / step | '
                  ' step loss: {:.2f}'.format(
                ep, s, n_steps, spent, step_loss
            ))
            t0 = time.time()

    ep_loss /= float(n_steps)
    return ep_loss


def evaluate(fold_in, held_out, batch_size, dev, beta=1.0):
    net.eval()
    n_rows = fold_in.shape[0]
    n_steps = n_rows // batch_size
    loss_sum = 0.0
    ndcg100 = []
    rec20 = []
    rec50 = []
    with torch.no_grad():
        for s in range(n_steps):
            lo = s * batch_size
            hi = min(lo + batch_size, n_rows)

            part = fold_in[lo: hi, :]
            truth = held_out[lo: hi, :]

            x = rows_to_tensor(part).to(dev)
            recon, mu, logvar = net(x)
            loss = objective(x, recon, mu, logvar, beta)
            step_loss = loss.item()
            loss_sum += step_loss

            # rank on the cpu
            recon = recon.cpu().numpy()
            #recon[part.nonzero()] = -np.inf

            n100 = metrics.NDCG_binary_at_k_batch(recon, truth, 100)
            r20 = metrics.Recall_at_k_batch(recon, truth, 20)
            r50 = metrics.Recall_at_k_batch(recon, truth, 50)

            ndcg100.append(n100)
            rec20.append(r20)
            rec50.append(r50)

    loss_sum /= float(n_steps)
    ndcg100 = np.concatenate(ndcg100)
    rec20 = np.concatenate(rec20)
    rec50 = np.concatenate(rec50)

    return loss_sum, np.mean(ndcg100), np.mean(rec20), np.mean(rec50)


best = -np.inf

tr_curve = []
va_curve = []
va_n100 = []
va_r20 = []
va_r50 = []
for ep in range(opts.epochs):
    # fit
    tr_loss = train(ep, opts.batch_size, n_steps, dev)
    board.add_scalars('loss',  {'train': tr_loss}, ep)
    tr_curve.append(tr_loss)

    # check
    va_loss, n100, r20, r50 = evaluate(valid_in, valid_out, opts.batch_size, dev)

    board.add_scalars('loss', {'valid': va_loss}, ep)
    board.add_scalars('n100', {'n100': n100}, ep)
    board.add_scalars('r20', {'r20': r20}, ep)
    board.add_scalars('r50', {'r50': r50}, ep)

    if n100 > best:
        with open(opts.save, 'wb') as fh:
            torch.save(net, fh)
        best = n100

    va_curve.append(va_loss)
    va_n100.append(n100)
    va_r20.append(r20)
    va_r50.append(r50)

summary = pd.DataFrame(
    {'epoch_idx': list(range(opts.epochs)),
     'train_loss': tr_curve,
     'valid_loss': va_curve,
     'n100': va_n100,
     'r20': va_r20,
     'r50': va_r50
     },
    columns=['epoch_idx', 'train_loss', 'valid_loss', 'n100', 'r20', 'r50']
)
summary.to_csv('stats.csv', index=False, header=True)


# ==================== #
#     curves           #
# ==================== #
FS = 20
fig = plt.figure(figsize=(18, 6.5))

grid = matplotlib.gridspec.GridSpec(1, 2, width_ratios=[1, 1])

ax = plt.subplot(grid[0, 0])
ax.plot(summary['epoch_idx'], summary['train_loss'], label='train')
ax.plot(summary['epoch_idx'], summary['valid_loss'], label='valid')
ax.set_xlabel('Epoch', fontsize=FS, labelpad=15)
ax.set_ylabel('Loss', fontsize=FS, labelpad=15)
ax.legend(loc='best', fontsize=FS)
for t in ax.xaxis.get_major_ticks():
    t.label.set_fontsize(FS)
    t.label.set_rotation(0)
for t in ax.yaxis.get_major_ticks():
    t.label.set_fontsize(FS)
    t.label.set_rotation(0)
ax.set_title('Loss per epoch', fontsize=0.8*FS)


ax = plt.subplot(grid[0, 1])
ax.plot(summary['epoch_idx'], summary['n100'], label='n100')
ax.plot(summary['epoch_idx'], summary['r20'], label='r20')
ax.plot(summary['epoch_idx'], summary['r50'], label='r50')

ax.set_xlabel('Epoch', fontsize=FS, labelpad=15)
ax.set_ylabel('Ranking metric', fontsize=FS, labelpad=15)
ax.set_ylim(0)
ax.legend(loc='best', fontsize=FS)
for t in ax.xaxis.get_major_ticks():
    t.label.set_fontsize(FS)
    t.label.set_rotation(0)
for t in ax.yaxis.get_major_ticks():
    t.label.set_fontsize(FS)
    t.label.set_rotation(0)
ax.set_title('Ranking metrics', fontsize=0.8*FS)

plt.tight_layout(pad=0, w_pad=2.0, h_pad=1.0)
fig.suptitle('Multinomial VAE', fontsize=FS)
plt.subplots_adjust(top=0.85)
