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
def save_model(model, optimizer, state, path):
    if isinstance(model, torch.nn.DataParallel):
        model = model.module
    if len(os.path.dirname(path)) > 0 and not os.path.exists(os.path.dirname(path)):
        os.makedirs(os.path.dirname(path))
    torch.save({'model_state_dict': model.state_dict(),
                'optimizer_state_dict': optimizer.state_dict(),
                'state': state}, path)


def load_model(model, optimizer, path, cuda):
    if isinstance(model, torch.nn.DataParallel):
        model = model.module
    ckpt = torch.load(path) if cuda else torch.load(path, map_location='cpu')
    try:
        model.load_state_dict(ckpt['model_state_dict'])
    except:
        # checkpoints saved from a DataParallel wrapper carry a 'module.' prefix
        fixed = OrderedDict()
        for k, v in ckpt['model_state_dict'].items():
            fixed[k[len('module.'):] if k.startswith('module.') else k] = v
        model.load_state_dict(fixed)
    if optimizer is not None:
        optimizer.load_state_dict(ckpt['optimizer_state_dict'])
    return ckpt['state'] if 'state' in ckpt else {'step': ckpt['step']}


# ---------------------------------- networks ----------------------------------
def _conv_stack(in_chans, pool_size, filters, pool_time, dropout_perc):
    blocks = []
    for p, c in zip(pool_size, filters):
        pool = [p[0], p[1]] if pool_time else [p[0], 1]
        blocks.append(nn.Sequential(
            nn.Conv2d(in_chans, out_channels=c, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(c), nn.ReLU(), nn.MaxPool2d(pool), nn.Dropout(dropout_perc)))
        in_chans = c
    return nn.Sequential(*blocks)


class Seldnet_vanilla(nn.Module):
    def __init__(self, time_dim, freq_dim=256, input_channels=8, output_classes=14,
                 pool_size=[[8, 2], [8, 2], [2, 2]], pool_time=False, n_cnn_filters=64,
                 rnn_size=128, n_rnn=2, fc_size=128, dropout_perc=0., class_overlaps=3., verbose=False):
        super(Seldnet_vanilla, self).__init__()
        self.verbose = verbose
        self.time_dim = time_dim
        self.freq_dim = freq_dim
        sed_size = output_classes * class_overlaps        # up to 3 simultaneous events per class
        doa_size = sed_size * 3                            # xyz for each
        if pool_time:
            self.time_pooled_size = int(time_dim / np.prod(np.array(pool_size), axis=0)[-1])
        else:
            self.time_pooled_size = time_dim
        self.cnn = _conv_stack(input_channels, pool_size, [n_cnn_filters] * len(pool_size), pool_time, dropout_perc)
        self.rnn = nn.GRU(128, rnn_size, num_layers=n_rnn, batch_first=True, bidirectional=True,
                          dropout=dropout_perc)
        self.sed = nn.Sequential(nn.Linear(256, fc_size), nn.Dropout(dropout_perc),
                                 nn.Linear(fc_size, sed_size), nn.Sigmoid())
        self.doa = nn.Sequential(nn.Linear(256, fc_size), nn.Dropout(dropout_perc),
                                 nn.Linear(fc_size, doa_size), nn.Tanh())

    def forward(self, x):
        x = self.cnn(x)
        x = x.permute(0, 3, 1, 2)
        x = x.reshape(x.shape[0], self.time_pooled_size, -1)
        x, _ = self.rnn(x)
        return self.sed(x), self.doa(x)


class Seldnet_augmented(nn.Module):
    def __init__(self, time_dim, freq_dim=256, input_channels=4, output_classes=14,
                 pool_size=[[8, 2], [8, 2], [2, 2], [1, 1]], cnn_filters=[64, 128, 256, 512], pool_time=True,
                 rnn_size=256, n_rnn=3, fc_size=1024, dropout_perc=0.3, class_overlaps=3., verbose=False):
        super(Seldnet_augmented, self).__init__()
        self.verbose = verbose
        self.time_dim = time_dim
        self.freq_dim = freq_dim
        sed_size = output_classes * class_overlaps
        doa_size = sed_size * 3
        if pool_time:
            self.time_pooled_size = int(time_dim / np.prod(np.array(pool_size), axis=0)[-1])
        else:
            self.time_pooled_size = time_dim
        self.cnn = _conv_stack(input_channels, pool_size, cnn_filters, pool_time, dropout_perc)
        self.rnn = nn.GRU(1024, rnn_size, num_layers=n_rnn, batch_first=True, bidirectional=True,
                          dropout=dropout_perc)
        self.sed = nn.Sequential(nn.Linear(rnn_size * 2, fc_size), nn.ReLU(),
                                 nn.Linear(fc_size, fc_size), nn.ReLU(),
                                 nn.Linear(fc_size, fc_size), nn.ReLU(), nn.Dropout(dropout_perc),
                                 nn.Linear(fc_size, sed_size), nn.Sigmoid())
        self.doa = nn.Sequential(nn.Linear(rnn_size * 2, fc_size), nn.ReLU(),
                                 nn.Linear(fc_size, fc_size), nn.ReLU(),
                                 nn.Linear(fc_size, fc_size), nn.ReLU(), nn.Dropout(dropout_perc),
                                 nn.Linear(fc_size, doa_size), nn.Tanh())

    def forward(self, x):
        x = self.cnn(x)                      # [batch, filters, freq', time']
        x = x.permute(0, 3, 1, 2)            # [batch, time', filters, freq']
        x = x.reshape(x.shape[0], self.time_pooled_size, -1)
        x, _ = self.rnn(x)
        return self.sed(x), self.doa(x)


# ---------------------------------- training ----------------------------------
def evaluate(model, device, criterion_sed, criterion_doa, dataloader):
    """Loss over a loader, without building graphs."""
    model.eval()
    running = 0.
    with tqdm(total=len(dataloader) // args.batch_size) as pbar, torch.no_grad():
        for k, (x, target) in enumerate(dataloader):
            target = target.to(device)
            x = x.to(device)
            sed, doa = model(x)
            loss = seld_loss(x, target, model, criterion_sed, criterion_doa)
            running += (1. / float(k + 1)) * (loss - running)
            pbar.set_description("Current loss: {:.4f}".format(running))
            pbar.update(1)
    return running


def seld_loss(x, target, model, criterion_sed, criterion_doa):
    """Weighted BCE on event activity plus MSE on event coordinates."""
    n_sed = args.output_classes * args.class_overlaps
    target_sed = torch.flatten(target[:, :, :n_sed], start_dim=1)
    target_doa = torch.flatten(target[:, :, n_sed:], start_dim=1)
    sed, doa = model(x)
    sed = torch.flatten(sed, start_dim=1)
    doa = torch.flatten(doa, start_dim=1)
    return (criterion_sed(sed, target_sed) * args.sed_loss_weight +
            criterion_doa(doa, target_doa) * args.doa_loss_weight)


def main(args):
    device = 'cuda:' + str(args.gpu_id) if args.use_cuda else 'cpu'
    if args.fixed_seed:
        np.random.seed(1)
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.benchmark = False
        torch.manual_seed(1)
        if torch.cuda.is_available():
            torch.cuda.manual_seed_all(1)

    print('\nLoading dataset')
    with open(args.training_predictors_path, 'rb') as fh:
        tr_x = pickle.load(fh)
    with open(args.training_target_path, 'rb') as fh:
        tr_y = pickle.load(fh)
    with open(args.validation_predictors_path, 'rb') as fh:
        va_x = pickle.load(fh)
    with open(args.validation_target_path, 'rb') as fh:
        va_y = pickle.load(fh)
    with open(args.test_predictors_path, 'rb') as fh:
        te_x = pickle.load(fh)
    with open(args.test_target_path, 'rb') as fh:
        te_y = pickle.load(fh)

    tr_x = np.array(tr_x)
    tr_y = np.array(tr_y)
    va_x = np.array(va_x)
    va_y = np.array(va_y)
    te_x = np.array(te_x)
    te_y = np.array(te_y)
    print('\nShapes:')
    print('Training predictors: ', tr_x.shape, ' target: ', tr_y.shape)
    print('Validation predictors: ', va_x.shape, ' target: ', va_y.shape)
    print('Test predictors: ', te_x.shape, ' target: ', te_y.shape)
    features_dim = int(te_y.shape[-2] * te_y.shape[-1])

    tr_x = torch.tensor(tr_x).float()
    va_x = torch.tensor(va_x).float()
    te_x = torch.tensor(te_x).float()
    tr_y = torch.tensor(tr_y).float()
    va_y = torch.tensor(va_y).float()
    te_y = torch.tensor(te_y).float()
    tr_dataset = utils.TensorDataset(tr_x, tr_y)
    va_dataset = utils.TensorDataset(va_x, va_y)
    te_dataset = utils.TensorDataset(te_x, te_y)
    tr_data = utils.DataLoader(tr_dataset, args.batch_size, shuffle=True, pin_memory=True)
    va_data = utils.DataLoader(va_dataset, args.batch_size, shuffle=False, pin_memory=True)
    te_data = utils.DataLoader(te_dataset, args.batch_size, shuffle=False, pin_memory=True)

    n_frames = te_x.shape[-1]
    if args.architecture == 'seldnet_vanilla':
        model = Seldnet_vanilla(time_dim=n_frames, freq_dim=args.freq_dim, input_channels=args.input_channels,
                                output_classes=args.output_classes, pool_size=args.pool_size,
                                pool_time=args.pool_time, rnn_size=args.rnn_size, n_rnn=args.n_rnn,
                                fc_size=args.fc_size, dropout_perc=args.dropout_perc,
                                n_cnn_filters=args.n_cnn_filters, class_overlaps=args.class_overlaps,
                                verbose=args.verbose)
    if args.architecture == 'seldnet_augmented':
        model = Seldnet_augmented(time_dim=n_frames, freq_dim=args.freq_dim, input_channels=args.input_channels,
                                  output_classes=args.output_classes, pool_size=args.pool_size,
                                  pool_time=args.pool_time, rnn_size=args.rnn_size, n_rnn=args.n_rnn,
                                  fc_size=args.fc_size, dropout_perc=args.dropout_perc,
                                  cnn_filters=args.cnn_filters, class_overlaps=args.class_overlaps,
                                  verbose=args.verbose)
    model = model.to(device)
    print('Total paramters: ' + str(sum([np.prod(p.size()) for p in model.parameters()])))

    criterion_sed = nn.BCELoss()
    criterion_doa = nn.MSELoss()
    optimizer = Adam(params=model.parameters(), lr=args.lr)
    state = {"step": 0, "worse_epochs": 0, "epochs": 0, "best_loss": np.Inf}
    if args.load_model is not None:
        print("Continuing training full model from checkpoint " + str(args.load_model))
        state = load_model(model, optimizer, args.load_model, args.use_cuda)

    print('TRAINING START')
    train_loss_hist = []
    val_loss_hist = []
    epoch = 1
    while state["worse_epochs"] < args.patience:
        print("Training epoch " + str(epoch))
        avg_time = 0.
        model.train()
        train_loss = 0.
        with tqdm(total=len(tr_dataset) // args.batch_size) as pbar:
            for k, (x, target) in enumerate(tr_data):
                target = target.to(device)
                x = x.to(device)
                tic = time.time()
                optimizer.zero_grad()
                sed, doa = model(x)
                loss = seld_loss(x, target, model, criterion_sed, criterion_doa)
                loss.backward()
                train_loss += (1. / float(k + 1)) * (loss - train_loss)
                optimizer.step()
                state["step"] += 1
                avg_time += (1. / float(k + 1)) * ((time.time() - tic) - avg_time)
                pbar.update(1)

            val_loss = evaluate(model, device, criterion_sed, criterion_doa, va_data)
            print("VALIDATION FINISHED: LOSS: " + str(val_loss))
            checkpoint_path = os.path.join(args.checkpoint_dir, "checkpoint")
            if val_loss >= state["best_loss"]:
                state["worse_epochs"] += 1
            else:
                print("MODEL IMPROVED ON VALIDATION SET!")
                state["worse_epochs"] = 0
                state["best_loss"] = val_loss
                state["best_checkpoint"] = checkpoint_path
                print("Saving model...")
                save_model(model, optimizer, state, checkpoint_path)
            state["epochs"] += 1
            train_loss_hist.append(train_loss.cpu().detach().numpy())
            val_loss_hist.append(val_loss.cpu().detach().numpy())
            epoch += 1

    print("TESTING")
    state = load_model(model, None, state["best_checkpoint"], args.use_cuda)
    train_loss = evaluate(model, device, criterion_sed, criterion_doa, tr_data)
    val_loss = evaluate(model, device, criterion_sed, criterion_doa, va_data)
    test_loss = evaluate(model, device, criterion_sed, criterion_doa, te_data)
    results = {'train_loss': train_loss.cpu().detach().numpy(),
               'val_loss': val_loss.cpu().detach().numpy(),
               'test_loss': test_loss.cpu().detach().numpy(),
               'train_loss_hist': train_loss_hist,
               'val_loss_hist': val_loss_hist}
    print('RESULTS')
    for key in results:
        if 'hist' not in key:
            print(key, results[key])
    np.save(os.path.join(args.results_path, 'results_dict.json'), results)


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--results_path', type=str, default='RESULTS/Task2')
    ap.add_argument('--checkpoint_dir', type=str, default='RESULTS/Task2')
    ap.add_argument('--load_model', type=str, default=None)
    ap.add_argument('--training_predictors_path', type=str, default='DATASETS/processed/task2_predictors_train.pkl')
    ap.add_argument('--training_target_path', type=str, default='DATASETS/processed/task2_target_train.pkl')
    ap.add_argument('--validation_predictors_path', type=str,
                    default='DATASETS/processed/task2_predictors_validation.pkl')
    ap.add_argument('--validation_target_path', type=str, default='DATASETS/processed/task2_target_validation.pkl')
    ap.add_argument('--test_predictors_path', type=str, default='DATASETS/processed/task2_predictors_test.pkl')
    ap.add_argument('--test_target_path', type=str, default='DATASETS/processed/task2_target_test.pkl')
    ap.add_argument('--gpu_id', type=int, default=0)
    ap.add_argument('--use_cuda', type=str, default='True')
    ap.add_argument('--early_stopping', type=str, default='True')
    ap.add_argument('--fixed_seed', type=str, default='False')
    ap.add_argument('--lr', type=float, default=0.00001)
    ap.add_argument('--batch_size', type=int, default=3)
    ap.add_argument('--sr', type=int, default=32000)
    ap.add_argument('--patience', type=int, default=100)
    # these defaults give one SED/DOA prediction per 100 ms label frame
    ap.add_argument('--architecture', type=str, default='seldnet_augmented')
    ap.add_argument('--input_channels', type=int, default=4, help="4/8 for 1/2 mics, x2 with phase")
    ap.add_argument('--class_overlaps', type=int, default=3)
    ap.add_argument('--time_dim', type=int, default=4800)
    ap.add_argument('--freq_dim', type=int, default=256)
    ap.add_argument('--output_classes', type=int, default=14)
    ap.add_argument('--pool_size', type=str, default='[[8,2],[8,2],[2,2],[1,1]]')
    ap.add_argument('--cnn_filters', type=str, default='[64,128,256,512]')
    ap.add_argument('--pool_time', type=str, default='True')
    ap.add_argument('--rnn_size', type=int, default=256)
    ap.add_argument('--n_rnn', type=int, default=3)
    ap.add_argument('--fc_size', type=int, default=1024)
    ap.add_argument('--dropout_perc', type=float, default=0.3)
    ap.add_argument('--n_cnn_filters', type=float, default=64)
    ap.add_argument('--verbose', type=str, default='False')
    ap.add_argument('--sed_loss_weight', type=float, default=1.)
    ap.add_argument('--doa_loss_weight', type=float, default=5.)
    args = ap.parse_args()

    args.use_cuda = eval(args.use_cuda)
    args.early_stopping = eval(args.early_stopping)
    args.fixed_seed = eval(args.fixed_seed)
    args.pool_size = eval(args.pool_size)
    args.pool_time = eval(args.pool_time)
    args.cnn_filters = eval(args.cnn_filters)
    args.verbose = eval(args.verbose)
    main(args)
