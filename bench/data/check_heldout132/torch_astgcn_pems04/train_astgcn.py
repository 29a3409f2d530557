#!/usr/bin/env python
# coding: utf-8
import torch
import torch.nn as nn
import torch.optim as optim
import numpy as np
import os
from time import time
import shutil
import argparse
import configparser
from model.ASTGCN_r import make_model
from lib.utils import read_windows_channel0, read_adjacency, val_loss_pass, predict_and_dump
from tensorboardX import SummaryWriter

cli = argparse.ArgumentParser()
cli.add_argument("--config", default='configurations/PEMS04_astgcn.conf', type=str,
                 help="path of the .conf file")
opts = cli.parse_args()
cfg = configparser.ConfigParser()
print('reading config %s' % (opts.config))
cfg.read(opts.config)
data_cfg = cfg['Data']
train_cfg = cfg['Training']

adj_path = data_cfg['adj_filename']
signal_path = data_cfg['graph_signal_matrix_filename']
if cfg.has_option('Data', 'id_filename'):
    id_path = data_cfg['id_filename']
else:
    id_path = None

n_vertices = int(data_cfg['num_of_vertices'])
steps_per_hour = int(data_cfg['points_per_hour'])
horizon = int(data_cfg['num_for_predict'])
in_len = int(data_cfg['len_input'])
ds_name = data_cfg['dataset_name']

arch_name = train_cfg['model_name']

gpu_ids = train_cfg['ctx']
os.environ["CUDA_VISIBLE_DEVICES"] = gpu_ids
HAVE_CUDA = torch.cuda.is_available()
DEV = torch.device('cuda:0')
print("cuda?", HAVE_CUDA, DEV)

lr = float(train_cfg['learning_rate'])
n_epochs = int(train_cfg['epochs'])
first_epoch = int(train_cfg['start_epoch'])
bs = int(train_cfg['batch_size'])
n_weeks = int(train_cfg['num_of_weeks'])
n_days = int(train_cfg['num_of_days'])
n_hours = int(train_cfg['num_of_hours'])
t_strides = n_hours
cheb_filters = int(train_cfg['nb_chev_filter'])
time_filters = int(train_cfg['nb_time_filter'])
in_ch = int(train_cfg['in_channels'])
n_blocks = int(train_cfg['nb_block'])
cheb_k = int(train_cfg['K'])

run_tag = '%s_h%dd%dw%d_channel%d_%e' % (arch_name, n_hours, n_days, n_weeks, in_ch, lr)
print('run_tag:', run_tag)
ckpt_dir = os.path.join('experiments', ds_name, run_tag)
print('ckpt_dir:', ckpt_dir)


tr_loader, tr_target, va_loader, va_target, te_loader, te_target, mu, sigma = read_windows_channel0(
    signal_path, n_hours,
    n_days, n_weeks, DEV, bs)

adj, dist = read_adjacency(adj_path, n_vertices, id_path)

model = make_model(DEV, n_blocks, in_ch, cheb_k, cheb_filters, time_filters, t_strides, adj,
                   horizon, in_len, n_vertices)


def fit():
    if (first_epoch == 0) and (not os.path.exists(ckpt_dir)):
        os.makedirs(ckpt_dir)
        print('made %s' % (ckpt_dir))
    elif (first_epoch == 0) and (os.path.exists(ckpt_dir)):
        shutil.rmtree(ckpt_dir)
        os.makedirs(ckpt_dir)
        print('wiped and re-made %s' % (ckpt_dir))
    elif (first_epoch > 0) and (os.path.exists(ckpt_dir)):
        print('resuming from %s' % (ckpt_dir))
    else:
        raise SystemExit('nothing to resume from')

    print('settings:')
    print('device\t', DEV)
    print('in_ch\t', in_ch)
    print('n_blocks\t', n_blocks)
    print('cheb_filters\t', cheb_filters)
    print('time_filters\t', time_filters)
    print('t_strides\t', t_strides)
    print('bs\t', bs)
    print('signal_path\t', signal_path)
    print('first_epoch\t', first_epoch)
    print('n_epochs\t', n_epochs)

    mse = nn.MSELoss().to(DEV)
    opt = optim.Adam(model.parameters(), lr=lr)
    board = SummaryWriter(logdir=ckpt_dir, flush_secs=5)
    print(model)

    print('parameter shapes:')
    n_params = 0
    for key in model.state_dict():
        print(key, '\t', model.state_dict()[key].size())
        n_params += np.prod(model.state_dict()[key].size())
    print('parameter count:', n_params)

    print('optimiser state:')
    for key in opt.state_dict():
        print(key, '\t', opt.state_dict()[key])

    step = 0
    best_ep = 0
    best_val = np.inf

    t0 = time()

    if first_epoch > 0:

        ckpt_file = os.path.join(ckpt_dir, 'epoch_%s.params' % first_epoch)

        model.load_state_dict(torch.load(ckpt_file))

        print('resume epoch:', first_epoch)

        print('weights from: ', ckpt_file)

    # epochs
    for ep in range(first_epoch, n_epochs):

        ckpt_file = os.path.join(ckpt_dir, 'epoch_%s.params' % ep)

        v_loss = val_loss_pass(model, va_loader, mse, board, ep)

        if v_loss < best_val:
            best_val = v_loss
            best_ep = ep
            torch.save(model.state_dict(), ckpt_file)
            print('saved %s' % ckpt_file)

        model.train()  # dropout on

        for b_idx, batch in enumerate(tr_loader):

            x_b, y_b = batch

            opt.zero_grad()

            y_hat = model(x_b)

            loss = mse(y_hat, y_b)

            loss.backward()

            opt.step()

            loss_val = loss.item()

            step += 1

            board.add_scalar('training_loss', loss_val, step)

            if step % 1000 == 0:

                print('step %s, loss %.2f, %.2fs elapsed' % (step, loss_val, time() - t0))

    print('best epoch:', best_ep)

    # score the best checkpoint on the test split
    run_prediction(best_ep, te_loader, te_target, mu, sigma, 'test')


def run_prediction(ep_tag, loader, target_tensor, mu, sigma, split):
    '''

    :param ep_tag: int
    :param loader: torch.utils.data.DataLoader
    :param target_tensor: tensor
    :param mu: (1, 1, 3, 1)
    :param sigma: (1, 1, 3, 1)
    :param split: str
    :return:
    '''

    ckpt_file = os.path.join(ckpt_dir, 'epoch_%s.params' % ep_tag)
    print('weights from:', ckpt_file)

    model.load_state_dict(torch.load(ckpt_file))

    predict_and_dump(model, loader, target_tensor, ep_tag, mu, sigma, ckpt_dir, split)


if __name__ == "__main__":

    # fit()

    run_prediction(31, te_loader, te_target, mu, sigma, 'test')
