import torch
import torch.nn.functional as F
import torch.nn as nn
import torch.optim as optim
import numpy as np
from torch.utils.data import DataLoader
from torch.utils.data.dataset import Subset
from sklearn.model_selection import KFold
import h5py
import time
import sys
from tqdm import tqdm
import os
import csv
import matplotlib.pyplot as plt

import dataset
import criteria
import network


class PatienceStopper:
    def __init__(self, patience=7, verbose=False, delta=0, log_fn=print):
        self.patience = patience
        self.verbose = verbose
        self.counter = 0
        self.best_score = None
        self.early_stop = False
        self.val_loss_min = np.Inf
        self.delta = delta
        self.trace_func = log_fn
    def __call__(self, val_loss, model, path):
        score = -val_loss
        if self.best_score is None:
            self.best_score = score
            self.save_checkpoint(val_loss, model, path)
        elif score < self.best_score + self.delta:
            self.counter += 1
            self.trace_func(f'no improvement for {self.counter} of {self.patience} epochs')
            if self.counter >= self.patience:
                self.early_stop = True
        else:
            self.best_score = score
            self.save_checkpoint(val_loss, model, path)
            self.counter = 0
    def save_checkpoint(self, val_loss, model, path):
        if self.verbose:
            self.trace_func(f'valid loss improved {self.val_loss_min:.6f} -> {val_loss:.6f}; saving')
        torch.save(model.state_dict(), path)
        self.val_loss_min = val_loss
        with open('fit_log.txt', 'a') as f:
            f.write('weights written\n')


def fit_kfold(data, gpu_id, epochs, bs, n_out, folds):
    print('building loaders ...')
    with open('fit_log.txt', 'a') as f:
        f.write('building loaders ...\n')
    #datasets
    tr_set = dataset.TrainSplit(data)
    #tr_iter = DataLoader(tr_set, bs)
    dev_name = 'cuda:{}'.format(gpu_id)
    device = torch.device(dev_name if torch.cuda.is_available() else "cpu")
    print('device: ', device)
    #criterion
    criterion = nn.PoissonNLLLoss()
    #training loss per fold
    fold_train_means = []
    #validation loss per fold
    fold_valid_means = []
    #cross-validation splitter
    splitter = KFold(n_splits = folds)
    for  fold, (tr_idx, va_idx) in enumerate(splitter.split(tr_set)):
        with open('fit_log.txt', 'a') as f:
            f.write('starting fold {}\n'.format(fold))
        #loaders for this fold
        tr_loader = DataLoader(Subset(tr_set,tr_idx), batch_size=bs, shuffle=True, num_workers=16)
        va_loader = DataLoader(Subset(tr_set,va_idx), batch_size=bs, shuffle=True, num_workers=16)
        #training loss per batch
        batch_train = []
        #validation loss per batch
        batch_valid = []
        #training loss per epoch
        epoch_train = []
        #validation loss per epoch
        epoch_valid = []
        #network
        net = network.Net(n_out=n_out)
        net.to(device)
        #optimiser
        optimizer = optim.Adam(net.parameters())
        # patience-based stopper
        stopper = PatienceStopper(verbose=True)
        for epoch in range(epochs):
            #train
            net.train()
            for x_tr, y_tr in tqdm(tr_loader):
                #forward
                x_tr,  y_tr = x_tr.to(device), y_tr.to(device)
                out = net(x_tr)
                #loss
                loss = criterion(out, y_tr)
                net.zero_grad()
                loss.backward()
                optimizer.step()
                #record
                batch_train.append(loss.item())
            #validate
            net.eval()
            for x_va, y_va in tqdm(va_loader):
                #forward
                x_va = x_va.to(device)
                y_va = y_va.to(device)
                out = net(x_va)
                #loss
                loss = criterion(out, y_va)
                #record
                batch_valid.append(loss.item())
            #means
            train_loss = np.average(batch_train)
            valid_loss = np.average(batch_valid)
            #keep the epoch means
            epoch_train.append(train_loss)
            epoch_valid.append(valid_loss)
            print('fold: {}/{} epoch: {}/{} train_loss: {:.6f} valid_loss: {:.6f}'.format(fold+1, folds, epoch+1, epochs, train_loss, valid_loss))
            with open('fit_log.txt', 'a') as f:
                f.write('fold: {}/{} epoch: {}/{} train_loss: {:.6f} valid_loss: {:.6f}\n'.format(fold+1, folds, epoch+1, epochs, train_loss, valid_loss))
            #clear for the next epoch
            batch_train = []
            batch_valid = []
            #stop when the validation loss stalls
            stopper(valid_loss, net, path='./model_checkpoint/checkpoint_fold{}.pth'.format(fold))
            if stopper.early_stop:
                print('stopping early')
                with open('fit_log.txt', 'a') as f:
                    f.write('stopping early\n')
                break
        #means
        fold_tr = np.average(epoch_train)
        fold_va = np.average(epoch_valid)
        #keep the fold means
        fold_train_means.append(fold_tr)
        fold_valid_means.append(fold_va)
        #reload the best weights
        #net.load_state_dict(torch.load('./model_checkpoint/checkpoint_fold{}.pth'.format(fold)))
        #plot the curves
        fig = plt.figure(figsize=(10,8))
        plt.plot(range(1, len(epoch_train)+1), epoch_train, label='train')
        plt.plot(range(1, len(epoch_valid)+1), epoch_valid, label='valid')
        #epoch with the lowest validation loss
        best_epoch = epoch_valid.index(min(epoch_valid)) + 1
        plt.axvline(best_epoch, linestyle='--', color='r',label='best epoch')
        plt.xlabel('epochs')
        plt.ylabel('loss')
        plt.ylim(0, 0.5) # fixed axis range
        plt.xlim(0, len(epoch_train)+1) # fixed axis range
        plt.grid(True)
        plt.legend()
        plt.tight_layout()
        plt.show()
        fig.savefig('./loss_plot/loss_plot_fold{}.png'.format(fold), bbox_inches='tight')
        with open('fit_log.txt', 'a') as f:
            f.write('fold {} curve saved\n'.format(fold))
    print(fold_train_means)
    print(fold_valid_means)
    with open('./kfold_loss/fold_tr.csv', 'w') as ft :
        writer = csv.writer(ft)
        writer.writerows(enumerate(fold_train_means))
    with open('./kfold_loss/fold_va.csv', 'w') as fv :
        writer = csv.writer(fv)
        writer.writerows(enumerate(fold_valid_means))
    best_fold = fold_valid_means.index(min(fold_valid_means))
    return best_fold


def fit_mse(data, gpu_id, epochs, bs, n_out):
    print('building loaders ...')
    with open('fit_log.txt', 'a') as f:
        f.write('building loaders ...\n')
    #datasets
    tr_set = dataset.TrainSplit(data)
    va_set = dataset.ValidSplit(data)
    dev_name = 'cuda:{}'.format(gpu_id)
    device = torch.device(dev_name if torch.cuda.is_available() else "cpu")
    print('device: ', device)
    #criterion
    criterion = nn.MSELoss()
    #loaders for both splits
    tr_loader = DataLoader(tr_set, batch_size=bs, shuffle=True, num_workers=80)
    va_loader = DataLoader(va_set, batch_size=bs, shuffle=True, num_workers=80)
    #training loss per batch
    batch_train = []
    #validation loss per batch
    batch_valid = []
    #training loss per epoch
    epoch_train = []
    #validation loss per epoch
    epoch_valid = []
    #network
    net = network.Net(n_out=n_out)
    net.to(device)
    #optimiser
    optimizer = optim.Adam(net.parameters())
    # patience-based stopper
    stopper = PatienceStopper(verbose=True)
    for epoch in range(epochs):
        #train
        net.train()
        for x_tr, y_tr in tqdm(tr_loader):
            #forward
            x_tr,  y_tr = x_tr.to(device), y_tr.to(device)
            out = net(x_tr)
            #loss
            loss = criterion(out, y_tr)
            net.zero_grad()
            loss.backward()
            optimizer.step()
            #record
            batch_train.append(loss.item())
        #validate
        net.eval()
        for x_va, y_va in tqdm(va_loader):
            #forward
            x_va = x_va.to(device)
            y_va = y_va.to(device)
            out = net(x_va)
            #loss
            loss = criterion(out, y_va)
            #record
            batch_valid.append(loss.item())
        #means
        train_loss = np.average(batch_train)
        valid_loss = np.average(batch_valid)
        #keep the epoch means
        epoch_train.append(train_loss)
        epoch_valid.append(valid_loss)
        print('epoch: {}/{} train_loss: {:.6f} valid_loss: {:.6f}'.format(epoch+1, epochs, train_loss, valid_loss))
        with open('fit_log.txt', 'a') as f:
            f.write('epoch: {}/{} train_loss: {:.6f} valid_loss: {:.6f}\n'.format(epoch+1, epochs, train_loss, valid_loss))
        #clear for the next epoch
        batch_train = []
        batch_valid = []
        #stop when the validation loss stalls
        stopper(valid_loss, net, path='./mse/checkpoint_fold_mse.pth')
        if stopper.early_stop:
            print('stopping early')
            with open('fit_log.txt', 'a') as f:
                f.write('stopping early\n')
            break
    #reload the best weights
    #net.load_state_dict(torch.load('./model_checkpoint/checkpoint_fold{}.pth'.format(fold)))
    #plot the curves
    fig = plt.figure(figsize=(10,8))
    plt.plot(range(1, len(epoch_train)+1), epoch_train, label='train')
    plt.plot(range(1, len(epoch_valid)+1), epoch_valid, label='valid')
    #epoch with the lowest validation loss
    best_epoch = epoch_valid.index(min(epoch_valid)) + 1
    plt.axvline(best_epoch, linestyle='--', color='r',label='best epoch')
    plt.xlabel('epochs')
    plt.ylabel('loss')
    plt.ylim(0, 0.5) # fixed axis range
    plt.xlim(0, len(epoch_train)+1) # fixed axis range
    plt.grid(True)
    plt.legend()
    plt.tight_layout()
    fig.savefig('./mse/loss_plot_mse.png', bbox_inches='tight')
    with open('fit_log.txt', 'a') as f:
        f.write('curve saved\n')


def fit_optimizer_sweep(data, gpu_id, epochs, bs, opt_id, out_dir):
    #print('building loaders ...')
    #datasets
    tr_set = dataset.TrainSplit(data)
    #test = dataset.hogehoge
    tr_iter = DataLoader(tr_set, bs)
    #network
    net = network.Net()
    dev_name = "cuda:{}".format(gpu_id)
    device = torch.device(dev_name if torch.cuda.is_available() else "cpu")
    #print("used device : ", device)
    net.to(device)
    #optimiser choice
    if opt_id == 0:
        optimizer = optim.Adam(net.parameters())
    elif opt_id == 1:
        optimizer = optim.SGD(net.parameters(), 0.01)
    elif opt_id == 2:
        optimizer = optim.RMSprop(net.parameters())
    elif opt_id == 3:
        optimizer = optim.Adadelta(net.parameters())
    elif opt_id == 4:
        optimizer = optim.AdamW(net.parameters())
    elif opt_id == 5:
        optimizer = optim.Adagrad(net.parameters())
    elif opt_id == 6:
        optimizer = optim.ASGD(net.parameters())
    elif opt_id == 7:
        optimizer = optim.Adamax(net.parameters())
    else :
        print('unknown optimiser id')
        sys.exit(1)
    criterion = nn.PoissonNLLLoss()
    mse_fn = nn.MSELoss()

    net.train()
    print('epoch poisson mse acc')
    for epoch in range(epochs):
        counter = 0
        loss_sum = 0.0
        acc_sum = 0.0
        #print('Epoch {}/{}'.format(epoch+1, epochs))
        #print('------------------------------------------------')
        for x_tr, y_tr in tqdm(tr_iter):
            t1 = time.time()
            counter = counter + 1
            #inputs
            #forward
            x_tr = x_tr.to(device)
            y_tr = y_tr.to(device)
            out = net(x_tr)
            #loss
            loss = criterion(out, y_tr)
            mse_loss = mse_fn(out, y_tr)
            #acc = criteria.log_r2_score(out, y_tr)
            acc = 0.0
            net.zero_grad()
            loss.backward()
            optimizer.step()
            loss_sum += loss
            acc_sum += acc
            t2 = time.time()
            #print('{} batch{} poissonLoss: {:.4f} mseLoss: {:.4f} Acc: {:.4f} time {}'.format(epoch+1, counter,  loss, mse_loss, acc, t2-t1))
        #print('------------------------------------------------')
        loss_avg = loss_sum / bs
        acc_avg = acc_sum / bs
        print('{} {:.4f} {:.4f} {:.4f}'.format(epoch+1, loss_avg, mse_loss, acc_avg))
        #print('------------------------------------------------')
        #print('------------------------------------------------')
        torch.save(net.state_dict(), "./" + out_dir + "/model_optim{}_epoch{}.pth".format(opt_id, epoch))