from dataset.scene_dataset import SpectralSet, WaveSet
from dataset.timit_dataset import TimitSet
from dataset.utils import make_loaders
import torch
import torch.nn as nn
import time
from tqdm import tqdm
from trainer import scene_trainer, timit_trainer

import matplotlib.pyplot as plt
from datetime import datetime
import numpy as np
import logging

from config import RUN_SETTINGS
from model.model_lookup import NET_TABLE
import torch.utils.data as data
import sys
import random
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
import os
import yaml

if not os.path.exists('output/logs'):
    os.makedirs('output/logs')

if not os.path.exists('output/runs'):
    os.makedirs('output/runs')


logging.basicConfig(filename=f'output/logs/run_{datetime.now().strftime("%Y-%m-%d-%H:%M")}.log', 
                    level=logging.INFO,
                    format='%(asctime)s: %(message)s',
                    datefmt='%d-%m-%Y %H:%M:%S')
log = logging.getLogger()

if __name__ == "__main__":

    log.info(f'\nRun settings:\n{yaml.dump(RUN_SETTINGS)}')
    corpus = RUN_SETTINGS['corpus']
    task = RUN_SETTINGS['task']
    ROOT = RUN_SETTINGS['root']
    feats = RUN_SETTINGS['feats'] 
    sr = RUN_SETTINGS['sr'] 
    n_frames = RUN_SETTINGS['n_frames']
    bs = RUN_SETTINGS['bs']
    use_aug = RUN_SETTINGS['use_aug']
    holdout_frac = RUN_SETTINGS['holdout_frac']
    arch = RUN_SETTINGS['arch']
    use_pretrained = RUN_SETTINGS['use_pretrained']
    lr = RUN_SETTINGS['lr']
    n_epochs = RUN_SETTINGS['n_epochs']
    out_dir = RUN_SETTINGS['out_dir']
    weights_file = RUN_SETTINGS['weights_file']
    tb_dir = RUN_SETTINGS['tb_dir']

    if corpus == 'timit_height':
        fit_set = TimitSet(ROOT+'/train', n_frames=n_frames)
        fit_loader = data.DataLoader(fit_set, batch_size=bs, shuffle=True)
        holdout_set = TimitSet(ROOT+'/valid', train=False, n_frames=n_frames)
        holdout_loader = data.DataLoader(holdout_set, batch_size=bs, shuffle=False)
        final_set = TimitSet(ROOT+'/test', train=False, n_frames=n_frames)
        final_loader = data.DataLoader(final_set, batch_size=bs, shuffle=False)
        loss_fn = nn.MSELoss().to(dev)
        n_out = 1
        fs = None
        ns = None
        # sys.exit(0)
    else:    
        if feats == 'raw':
            corpus_set = WaveSet(ROOT)
            spectral = False
        else:
            corpus_set = SpectralSet(ROOT)
            spectral = True
        corpus_set.print_stats()

        print(f'item shape = {corpus_set[0][0].shape}')

        fs = corpus_set.fs
        ns = corpus_set.ns
        fit_loader, holdout_loader = make_loaders(corpus_set, fit_bs=bs, holdout_bs=bs, 
                                                holdout_frac=holdout_frac, augment=use_aug, spectral=spectral,pretrained=use_pretrained)
        loss_fn = nn.CrossEntropyLoss()
        n_out = corpus_set.class_num
    print(f'batch shape = {next(iter(fit_loader))[0].shape}')

    net_cls = NET_TABLE[task][feats][arch]
    net = net_cls(n_out, fs, ns=n_frames).to(dev)
    # net = torch.nn.DataParallel(net).to(dev)
    print(net)
    log.info(f'\nNetwork:\n{net}\n')
    # net.print_summary()

    # probe = torch.randn(1, 1, fs*ns)
    # probe_out = net(probe.to(dev))
    # print(probe_out.shape)

    
    opt = torch.optim.Adam(net.parameters(), lr=lr)


    # scene_trainer.train(net, fit_loader, holdout_loader, loss_fn, opt, 
    #                           n_epochs, log, tb_dir, out_dir, weights_file)
    # scene_trainer.test(net, holdout_loader, corpus_set, log, out_dir, weights_file)
    timit_trainer.train(net, fit_loader, holdout_loader, loss_fn, opt, 
                              n_epochs, log, tb_dir, out_dir, weights_file)
    # timit_trainer.test(net, final_loader, log, out_dir, weights_file)
    # net.load_state_dict(torch.load(out_dir+weights_file))
    timit_trainer.inference(net, fit_loader, 'Fit', log, out_dir, weights_file)
    timit_trainer.inference(net, holdout_loader, 'Holdout', log, out_dir, weights_file)
    timit_trainer.inference(net, final_loader, 'Final', log, out_dir, weights_file)


