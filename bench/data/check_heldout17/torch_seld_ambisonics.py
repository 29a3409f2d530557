"""Baseline for 3D sound event localisation and detection (L3DAS21 Task 2):
a SELDNet (CNN + bidirectional GRU, SED and DOA heads) trained on STFT
magnitudes of first-order ambisonics recordings. The preprocessed predictors
and targets are pickled lists produced by a separate preprocessing step; the
checkpoint helpers and the two network variants are included here."""
import argparse
import os
import pickle
import sys
import time
from collections import OrderedDict

import numpy as np
import torch
import torch.nn as nn
import torch.utils.data as utils
from torch.optim import Adam
from tqdm import tqdm


# ------------------------------ checkpoint helpers ------------------------------
def store_model_ckpt(model, optimizer, run_state, ckpt_path):
    if isinstance(model, torch.nn.DataParallel):
        model = model.module
    if len(os.path.dirname(ckpt_path)) > 0 and not os.path.exists(os.path.dirname(ckpt_path)):
        os.makedirs(os.path.dirname(ckpt_path))
    torch.save({'model_state_dict': model.state_dict(),
                'optimizer_state_dict': optimizer.state_dict(),
                'state': run_state}, ckpt_path)


def restore_model(model, optimizer, ckpt_path, on_gpu):
    if isinstance(model, torch.nn.DataParallel):
        model = model.module
    ckpt_blob = torch.load(ckpt_path) if on_gpu else torch.load(ckpt_path, map_location='cpu')
    try:
        model.load_state_dict(ckpt_blob['model_state_dict'])
    except:
        # checkpoints saved from a DataParallel wrapper carry a 'module.' prefix
        stripped = OrderedDict()
        for k, v in ckpt_blob['model_state_dict'].items():
            stripped[k[len('module.'):] if k.startswith('module.') else k] = v
        model.load_state_dict(stripped)
    if optimizer is not None:
        optimizer.load_state_dict(ckpt_blob['optimizer_state_dict'])
    return ckpt_blob['state'] if 'state' in ckpt_blob else {'step': ckpt_blob['step']}


# ---------------------------------- networks ----------------------------------
def _make_conv_blocks(ch_in, pool_shapes, n_filters_list, pool_over_time, drop_rate):
    layers_ = []
    for pk, ch in zip(pool_shapes, n_filters_list):
        pool_k = [pk[0], pk[1]] if pool_over_time else [pk[0], 1]
        layers_.append(nn.Sequential(
            nn.Conv2d(ch_in, out_channels=ch, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(ch), nn.ReLU(), nn.MaxPool2d(pool_k), nn.Dropout(drop_rate)))
        ch_in = ch
    return nn.Sequential(*layers_)


class SeldNetBase(nn.Module):
    def __init__(self, n_time, n_freq=256, n_in_ch=8, n_classes=14,
                 pool_shapes=[[8, 2], [8, 2], [2, 2]], pool_over_time=False, cnn_width=64,
                 gru_hidden=128, gru_layers=2, head_width=128, drop_rate=0., max_overlap=3., chatty=False):
        super(SeldNetBase, self).__init__()
        self.chatty = chatty
        self.n_time = n_time
        self.n_freq = n_freq
        n_act_out = n_classes * max_overlap        # up to 3 simultaneous events per class
        n_xyz_out = n_act_out * 3                            # xyz for each
        if pool_over_time:
            self.t_after_pool = int(n_time / np.prod(np.array(pool_shapes), axis=0)[-1])
        else:
            self.t_after_pool = n_time
        self.conv_blocks = _make_conv_blocks(n_in_ch, pool_shapes, [cnn_width] * len(pool_shapes), pool_over_time, drop_rate)
        self.gru = nn.GRU(128, gru_hidden, num_layers=gru_layers, batch_first=True, bidirectional=True,
                          dropout=drop_rate)
        self.act_head = nn.Sequential(nn.Linear(256, head_width), nn.Dropout(drop_rate),
                                 nn.Linear(head_width, n_act_out), nn.Sigmoid())
        self.xyz_head = nn.Sequential(nn.Linear(256, head_width), nn.Dropout(drop_rate),
                                 nn.Linear(head_width, n_xyz_out), nn.Tanh())

    def forward(self, x):
        x = self.conv_blocks(x)
        x = x.permute(0, 3, 1, 2)
        x = x.reshape(x.shape[0], self.t_after_pool, -1)
        x, _ = self.gru(x)
        return self.act_head(x), self.xyz_head(x)


class SeldNetLarge(nn.Module):
    def __init__(self, n_time, n_freq=256, n_in_ch=4, n_classes=14,
                 pool_shapes=[[8, 2], [8, 2], [2, 2], [1, 1]], cnn_widths=[64, 128, 256, 512], pool_over_time=True,
                 gru_hidden=256, gru_layers=3, head_width=1024, drop_rate=0.3, max_overlap=3., chatty=False):
        super(SeldNetLarge, self).__init__()
        self.chatty = chatty
        self.n_time = n_time
        self.n_freq = n_freq
        n_act_out = n_classes * max_overlap
        n_xyz_out = n_act_out * 3
        if pool_over_time:
            self.t_after_pool = int(n_time / np.prod(np.array(pool_shapes), axis=0)[-1])
        else:
            self.t_after_pool = n_time
        self.conv_blocks = _make_conv_blocks(n_in_ch, pool_shapes, cnn_widths, pool_over_time, drop_rate)
        self.gru = nn.GRU(1024, gru_hidden, num_layers=gru_layers, batch_first=True, bidirectional=True,
                          dropout=drop_rate)
        self.act_head = nn.Sequential(nn.Linear(gru_hidden * 2, head_width), nn.ReLU(),
                                 nn.Linear(head_width, head_width), nn.ReLU(),
                                 nn.Linear(head_width, head_width), nn.ReLU(), nn.Dropout(drop_rate),
                                 nn.Linear(head_width, n_act_out), nn.Sigmoid())
        self.xyz_head = nn.Sequential(nn.Linear(gru_hidden * 2, head_width), nn.ReLU(),
                                 nn.Linear(head_width, head_width), nn.ReLU(),
                                 nn.Linear(head_width, head_width), nn.ReLU(), nn.Dropout(drop_rate),
                                 nn.Linear(head_width, n_xyz_out), nn.Tanh())

    def forward(self, x):
        x = self.conv_blocks(x)                      # [batch, filters, freq', time']
        x = x.permute(0, 3, 1, 2)            # [batch, time', filters, freq']
        x = x.reshape(x.shape[0], self.t_after_pool, -1)
        x, _ = self.gru(x)
        return self.act_head(x), self.xyz_head(x)


# ---------------------------------- training ----------------------------------
def eval_loss(model, dev, act_crit, xyz_crit, data_loader):
    """Loss over a loader, without building graphs."""
    model.eval()
    mean_loss = 0.
    with tqdm(total=len(data_loader) // opts.batch_size) as bar, torch.no_grad():
        for k, (x, target) in enumerate(data_loader):
            target = target.to(dev)
            x = x.to(dev)
            act_pred, xyz_pred = model(x)
            loss = joint_loss(x, target, model, act_crit, xyz_crit)
            mean_loss += (1. / float(k + 1)) * (loss - mean_loss)
            bar.set_description("running mean loss {:.4f}".format(mean_loss))
            bar.update(1)
    return mean_loss


def joint_loss(x, target, model, act_crit, xyz_crit):
    """Weighted BCE on event activity plus MSE on event coordinates."""
    n_act = opts.output_classes * opts.class_overlaps
    target_act = torch.flatten(target[:, :, :n_act], start_dim=1)
    target_xyz = torch.flatten(target[:, :, n_act:], start_dim=1)
    act_pred, xyz_pred = model(x)
    act_pred = torch.flatten(act_pred, start_dim=1)
    xyz_pred = torch.flatten(xyz_pred, start_dim=1)
    return (act_crit(act_pred, target_act) * opts.sed_loss_weight +
            xyz_crit(xyz_pred, target_xyz) * opts.doa_loss_weight)


def main(opts):
    dev = 'cuda:' + str(opts.gpu_id) if opts.use_cuda else 'cpu'
    if opts.fixed_seed:
        np.random.seed(1)
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.benchmark = False
        torch.manual_seed(1)
        if torch.cuda.is_available():
            torch.cuda.manual_seed_all(1)

    print('\nreading the pickled predictors and targets')
    with open(opts.training_predictors_path, 'rb') as f_pkl:
        train_x = pickle.load(f_pkl)
    with open(opts.training_target_path, 'rb') as f_pkl:
        train_y = pickle.load(f_pkl)
    with open(opts.validation_predictors_path, 'rb') as f_pkl:
        val_x = pickle.load(f_pkl)
    with open(opts.validation_target_path, 'rb') as f_pkl:
        val_y = pickle.load(f_pkl)
    with open(opts.test_predictors_path, 'rb') as f_pkl:
        test_x = pickle.load(f_pkl)
    with open(opts.test_target_path, 'rb') as f_pkl:
        test_y = pickle.load(f_pkl)

    train_x = np.array(train_x)
    train_y = np.array(train_y)
    val_x = np.array(val_x)
    val_y = np.array(val_y)
    test_x = np.array(test_x)
    test_y = np.array(test_y)
    print('\narray shapes')
    print('train x:', train_x.shape, 'y:', train_y.shape)
    print('val x:', val_x.shape, 'y:', val_y.shape)
    print('test x:', test_x.shape, 'y:', test_y.shape)
    feat_dim = int(test_y.shape[-2] * test_y.shape[-1])

    train_x = torch.tensor(train_x).float()
    val_x = torch.tensor(val_x).float()
    test_x = torch.tensor(test_x).float()
    train_y = torch.tensor(train_y).float()
    val_y = torch.tensor(val_y).float()
    test_y = torch.tensor(test_y).float()
    train_dataset = utils.TensorDataset(train_x, train_y)
    val_dataset = utils.TensorDataset(val_x, val_y)
    test_dataset = utils.TensorDataset(test_x, test_y)
    train_loader = utils.DataLoader(train_dataset, opts.batch_size, shuffle=True, pin_memory=True)
    val_loader = utils.DataLoader(val_dataset, opts.batch_size, shuffle=False, pin_memory=True)
    test_loader = utils.DataLoader(test_dataset, opts.batch_size, shuffle=False, pin_memory=True)

    n_time_frames = test_x.shape[-1]
    if opts.architecture == 'seldnet_vanilla':
        model = SeldNetBase(n_time=n_time_frames, n_freq=opts.freq_dim, n_in_ch=opts.input_channels,
                                n_classes=opts.output_classes, pool_shapes=opts.pool_size,
                                pool_over_time=opts.pool_time, gru_hidden=opts.rnn_size, gru_layers=opts.n_rnn,
                                head_width=opts.fc_size, drop_rate=opts.dropout_perc,
                                cnn_width=opts.n_cnn_filters, max_overlap=opts.class_overlaps,
                                chatty=opts.verbose)
    if opts.architecture == 'seldnet_augmented':
        model = SeldNetLarge(n_time=n_time_frames, n_freq=opts.freq_dim, n_in_ch=opts.input_channels,
                                  n_classes=opts.output_classes, pool_shapes=opts.pool_size,
                                  pool_over_time=opts.pool_time, gru_hidden=opts.rnn_size, gru_layers=opts.n_rnn,
                                  head_width=opts.fc_size, drop_rate=opts.dropout_perc,
                                  cnn_widths=opts.cnn_filters, max_overlap=opts.class_overlaps,
                                  chatty=opts.verbose)
    model = model.to(dev)
    print('parameter count: ' + str(sum([np.prod(pk.size()) for pk in model.parameters()])))

    act_crit = nn.BCELoss()
    xyz_crit = nn.MSELoss()
    optimizer = Adam(params=model.parameters(), lr=opts.lr)
    run_state = {"step": 0, "worse_epochs": 0, "epochs": 0, "best_loss": np.Inf}
    if opts.load_model is not None:
        print("resuming from checkpoint " + str(opts.load_model))
        run_state = restore_model(model, optimizer, opts.load_model, opts.use_cuda)

    print('-- training --')
    train_loss_curve = []
    val_loss_curve = []
    epoch = 1
    while run_state["worse_epochs"] < opts.patience:
        print("epoch " + str(epoch))
        mean_step_s = 0.
        model.train()
        train_loss = 0.
        with tqdm(total=len(train_dataset) // opts.batch_size) as bar:
            for k, (x, target) in enumerate(train_loader):
                target = target.to(dev)
                x = x.to(dev)
                t0 = time.time()
                optimizer.zero_grad()
                act_pred, xyz_pred = model(x)
                loss = joint_loss(x, target, model, act_crit, xyz_crit)
                loss.backward()
                train_loss += (1. / float(k + 1)) * (loss - train_loss)
                optimizer.step()
                run_state["step"] += 1
                mean_step_s += (1. / float(k + 1)) * ((time.time() - t0) - mean_step_s)
                bar.update(1)

            val_loss = eval_loss(model, dev, act_crit, xyz_crit, val_loader)
            print("validation loss: " + str(val_loss))
            ckpt_file_path = os.path.join(opts.checkpoint_dir, "checkpoint")
            if val_loss >= run_state["best_loss"]:
                run_state["worse_epochs"] += 1
            else:
                print("new best validation loss")
                run_state["worse_epochs"] = 0
                run_state["best_loss"] = val_loss
                run_state["best_checkpoint"] = ckpt_file_path
                print("writing checkpoint")
                store_model_ckpt(model, optimizer, run_state, ckpt_file_path)
            run_state["epochs"] += 1
            train_loss_curve.append(train_loss.cpu().detach().numpy())
            val_loss_curve.append(val_loss.cpu().detach().numpy())
            epoch += 1

    print("-- final evaluation --")
    run_state = restore_model(model, None, run_state["best_checkpoint"], opts.use_cuda)
    train_loss = eval_loss(model, dev, act_crit, xyz_crit, train_loader)
    val_loss = eval_loss(model, dev, act_crit, xyz_crit, val_loader)
    test_loss = eval_loss(model, dev, act_crit, xyz_crit, test_loader)
    summary = {'train_loss': train_loss.cpu().detach().numpy(),
               'val_loss': val_loss.cpu().detach().numpy(),
               'test_loss': test_loss.cpu().detach().numpy(),
               'train_loss_hist': train_loss_curve,
               'val_loss_hist': val_loss_curve}
    print('-- losses --')
    for name_ in summary:
        if 'hist' not in name_:
            print(name_, summary[name_])
    np.save(os.path.join(opts.results_path, 'results_dict.json'), summary)


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('--results_path', type=str, default='RESULTS/Task2')
    cli.add_argument('--checkpoint_dir', type=str, default='RESULTS/Task2')
    cli.add_argument('--load_model', type=str, default=None)
    cli.add_argument('--training_predictors_path', type=str, default='DATASETS/processed/task2_predictors_train.pkl')
    cli.add_argument('--training_target_path', type=str, default='DATASETS/processed/task2_target_train.pkl')
    cli.add_argument('--validation_predictors_path', type=str,
                    default='DATASETS/processed/task2_predictors_validation.pkl')
    cli.add_argument('--validation_target_path', type=str, default='DATASETS/processed/task2_target_validation.pkl')
    cli.add_argument('--test_predictors_path', type=str, default='DATASETS/processed/task2_predictors_test.pkl')
    cli.add_argument('--test_target_path', type=str, default='DATASETS/processed/task2_target_test.pkl')
    cli.add_argument('--gpu_id', type=int, default=0)
    cli.add_argument('--use_cuda', type=str, default='True')
    cli.add_argument('--early_stopping', type=str, default='True')
    cli.add_argument('--fixed_seed', type=str, default='False')
    cli.add_argument('--lr', type=float, default=0.00001)
    cli.add_argument('--batch_size', type=int, default=3)
    cli.add_argument('--sr', type=int, default=32000)
    cli.add_argument('--patience', type=int, default=100)
    # these defaults give one SED/DOA prediction per 100 ms label frame
    cli.add_argument('--architecture', type=str, default='seldnet_augmented')
    cli.add_argument('--input_channels', type=int, default=4, help="4 per microphone (1 or 2 mics), doubled when phase is kept")
    cli.add_argument('--class_overlaps', type=int, default=3)
    cli.add_argument('--time_dim', type=int, default=4800)
    cli.add_argument('--freq_dim', type=int, default=256)
    cli.add_argument('--output_classes', type=int, default=14)
    cli.add_argument('--pool_size', type=str, default='[[8,2],[8,2],[2,2],[1,1]]')
    cli.add_argument('--cnn_filters', type=str, default='[64,128,256,512]')
    cli.add_argument('--pool_time', type=str, default='True')
    cli.add_argument('--rnn_size', type=int, default=256)
    cli.add_argument('--n_rnn', type=int, default=3)
    cli.add_argument('--fc_size', type=int, default=1024)
    cli.add_argument('--dropout_perc', type=float, default=0.3)
    cli.add_argument('--n_cnn_filters', type=float, default=64)
    cli.add_argument('--verbose', type=str, default='False')
    cli.add_argument('--sed_loss_weight', type=float, default=1.)
    cli.add_argument('--doa_loss_weight', type=float, default=5.)
    opts = cli.parse_args()

    opts.use_cuda = eval(opts.use_cuda)
    opts.early_stopping = eval(opts.early_stopping)
    opts.fixed_seed = eval(opts.fixed_seed)
    opts.pool_size = eval(opts.pool_size)
    opts.pool_time = eval(opts.pool_time)
    opts.cnn_filters = eval(opts.cnn_filters)
    opts.verbose = eval(opts.verbose)
    main(opts)
