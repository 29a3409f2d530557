import sys
import os
import time
from datetime import datetime
root_dir = os.getcwd()
sys.path.append(root_dir)

import torch
import torchvision.utils
import torch.nn.functional as F
import torchvision.transforms as transforms
from torch import optim
from torch.utils.data import DataLoader
from torchsummary import summary

import copy
import pandas as pd
import matplotlib.pyplot as plt

import src.dataPreparation.CreateCsv as create_csv
import src.dataPreparation.CreatePartial as create_partial

import src.neuralNetworksArch.BasicSiamese as bSiamese
import src.neuralNetworksArch.OneShotArch as osArch
import src.neuralNetworksArch.AdaptiveSpatialFeature as asf
import src.neuralNetworksArch.BstCnn as bst
import src.neuralNetworksArch.McbCnn as mcb
import src.neuralNetworksArch.VggArch as vgg

import src.utils.Visual as vis
import src.utils.DatasetLoader as dsetLoader
import src.utils.LossFunction as lossFunc
import src.utils.Metrics as metrics

from src.config.Path import *
from src.config.Param import *

PLOT_DIR = root_dir+'/log/plot/'
FIT_FRACTION = 0.8
CUTOFF = 0.5

def make_parts():
    # create_csv.contrastive_data(images_path=Path.images, save_path=Path.contrastive_train_csv)
    # create_csv.triplet_data(images_path=Path.images, save_path=Path.triplet_train_csv)
    create_partial.create_data(images_path=Path.images, head_path=Path.head_images, body_path=Path.body_images, leg_path=Path.leg_images)

def pair_loaders():
    to_t = transforms.Compose([transforms.ToTensor()])
    pairs = dsetLoader.ContrastiveDataset(csv_path=Path.contrastive_train_csv, images_path=Path.images, transform=to_t)

    n_fit = int(len(pairs) * FIT_FRACTION)
    n_val = len(pairs) - n_fit

    fit_part, val_part = torch.utils.data.random_split(pairs, [n_fit, n_val])

    fit_loader = DataLoader(fit_part, batch_size=Param.train_batch_size, shuffle=True)
    val_loader = DataLoader(val_part, batch_size=n_val, shuffle=True)

    return fit_loader, val_loader

def triplet_loaders():
    to_t = transforms.Compose([transforms.ToTensor()])
    triples = dsetLoader.TripletDataset(csv_path=Path.triplet_train_csv, images_path=Path.images, transform=to_t)
    
    n_fit = int(len(triples) * FIT_FRACTION)
    n_val = len(triples) - n_fit

    fit_part, val_part = torch.utils.data.random_split(triples, [n_fit, n_val])

    fit_loader = DataLoader(fit_part, batch_size=Param.train_batch_size, shuffle=True)
    val_loader = DataLoader(val_part, batch_size=n_val, shuffle=True)

    return fit_loader, val_loader

def fit(net, loss_fn, loaders, data_type):
    crit = loss_fn
    fit_loader, val_loader = loaders
    adam = optim.Adam(net.parameters(), lr=0.0005)

    loss_hist = {
        'epoch' : [],
        'train' : [],
        'val' : []
    }

    acc_hist = {
        'epoch' : [],
        'train' : [],
        'val' : []
    }

    lowest = 100
    best_net = None
    eval_net = None
    
    for ep in range(0, Param.train_number_epochs):
        fit_loss = 0
        fit_acc = 0
        net.train()
        for i, batch in enumerate(fit_loader):
            torch.cuda.empty_cache()
            a, b , c = batch
            
            a = a.to(Param.device)
            b = b.to(Param.device)
            c = c.to(Param.device)

            adam.zero_grad()
            if data_type == 'PAIR':
                out_a, out_b = net(a, b)
                out_c = c
            else:
                out_a, out_b, out_c = net(a, b, c)

            loss = crit(out_a, out_b, out_c)
            loss.backward()

            adam.step()

            # running mean of loss and accuracy
            fit_loss = fit_loss + ((loss.item() - fit_loss) / (i + 1))
            fit_acc = fit_acc + ((metrics.get_acc(out_a, out_b, out_c, CUTOFF, data_type) - fit_acc) / (i + 1))

        if fit_loss < lowest:
            lowest = fit_loss
            best_net = copy.deepcopy(net)
        
        eval_net = copy.deepcopy(net)
        eval_net.to('cpu')
        val_loss = metrics.get_val_loss(eval_net, crit, val_loader, data_type)
        a, b, c = metrics.validate(eval_net, val_loader, data_type)
        val_acc = metrics.get_acc(a, b, c, CUTOFF, data_type)

        msg = ''
        msg += 'epoch : {}'.format(ep + 1) + '\n'
        msg += '-'*40 + '\n'
        msg += 'fit loss : {}'.format(fit_loss) + '\n'
        msg += 'val loss : {}'.format(val_loss) + '\n'
        msg += 'fit acc : {}'.format(fit_acc) + '\n'
        msg += 'val acc : {}'.format(val_acc) + '\n'

        sys.stdout.write(msg)
        sys.stdout.flush()

        acc_hist['epoch'].append(ep+1)
        acc_hist['train'].append(fit_acc)
        acc_hist['val'].append(val_acc)

        loss_hist['epoch'].append(ep+1)
        loss_hist['train'].append(fit_loss)
        loss_hist['val'].append(val_loss)

        print('='*40, end='\n\n')

    vis.show_plot(
        history=acc_hist,
        title='Fit and validation accuracy',
        xlabel='Epoch',
        ylabel='Accuracy',
        legend_loc='upper left',
        path=PLOT_DIR+'Model Akurasi.png',
        should_show=False,
        should_save=True
    )
    
    vis.show_plot(
        history=loss_hist,
        title='Fit and validation loss',
        xlabel='Epoch',
        ylabel='Loss',
        legend_loc='upper right',
        path=PLOT_DIR+'Model loss.png',
        should_show=False,
        should_save=True
    )

    torch.save(best_net.state_dict(), Path.model)

def train_pairs():
    net = asf.AdaptiveSpatialFeature()
    net.to(Param.device)

    crit = lossFunc.ContrastiveLoss()
    loaders = pair_loaders()

    fit(
        net=net,
        loss_fn=crit,
        loaders=loaders,
        data_type='PAIR'
    )

def train_triplets():
    net = vgg.get_model('vgg_mpkp', True)
    net.to(Param.device)

    crit = lossFunc.TripletLoss()
    loaders = triplet_loaders()

    print('training starts')

    fit(
        net=net,
        loss_fn=crit,
        loaders=loaders,
        data_type='TRIPLET'
    )

if __name__ == "__main__":
    t0 = time.time()
    sys.stdout.write('running...\n')
    sys.stdout.flush()

    train_pairs()

    elapsed = time.time() - t0
    print(time.strftime("finished in %H:%M:%S", time.gmtime(elapsed)))
