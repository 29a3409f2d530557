
import argparse
import os
import torch
import torch.nn as nn
from loaders import make_loaders
import loaders
from nets import create_net
from fit import fit
from torch.backends import cudnn
from criteria.smooth_ce import SmoothCE
from criteria.triplet import Triplet
import numpy as np
import random

ap = argparse.ArgumentParser(description='part-based re-id training')

# runtime options ---------------------------------------------------------------
ap.add_argument('--nThread', type=int, default=4, help='loader threads')
ap.add_argument('--nGPU', type=int, default=1, help='gpu count')
ap.add_argument('--save_path', type=str, default='../runs')
ap.add_argument('--experiment', type=str, default='pcb_gloab_ffm')

# data options ------------------------------------------------------------------
ap.add_argument('--dataset_name', type=str, default='market1501')
ap.add_argument('--dataset_path', type=str, default='/data/Market-1501-v15.09.15')
ap.add_argument('--img_height', type=int, default=384, help='input height')
ap.add_argument('--img_width', type=int, default=128, help='input width')
ap.add_argument('--batch_size', default=6, type=int, help='train batch')
ap.add_argument('--test_batch_size', default=6, type=int, help='eval batch')
ap.add_argument('--data_sampler_type', type=str, default='RandomIdentitySampler')
ap.add_argument('--num_instance', type=int, default=2)


# model options -----------------------------------------------------------------
ap.add_argument('--stripes', type=int, default=6)


# schedule options --------------------------------------------------------------
ap.add_argument('--epochs', type=int, default=2)
ap.add_argument('--test_every', type=int, default=2)
ap.add_argument('--fixbase_epoch', type=int, default=0)


# optimizer options -------------------------------------------------------------
ap.add_argument('--lr', type=float, default=0.1)


# lr decay options --------------------------------------------------------------
ap.add_argument('--decay_every', type=int, default=20)
ap.add_argument('--gamma', type=float, default=0.1)

# cross-domain evaluation options -----------------------------------------------
ap.add_argument('--test_other_dataset_name', type=str, default='Paritial_REID')
ap.add_argument('--test_other_dataset_path', type=str, default='/data/Partial-REID_Dataset')

opt = ap.parse_args()


if __name__ == "__main__":
    # ==========================================================================
    # device --------------------------------------------------------------------
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # seeds ----------------------------------------------------------------------
    torch.manual_seed(1)
    torch.cuda.manual_seed_all(1)

    # cudnn autotune -------------------------------------------------------------
    cudnn.benchmark = True

    # ==========================================================================
    # loaders --------------------------------------------------------------------
    tr_loader, q_loader, g_loader, n_ids = make_loaders(opt.dataset_name, opt.dataset_path, args=opt)
    x_loader, xq_loader, xg_loader, x_n_ids = make_loaders(opt.test_other_dataset_name, opt.test_other_dataset_path, args=opt)

    own_loaders = [tr_loader, q_loader, g_loader]
    other_loaders = [xq_loader, xg_loader]

    loaders = [own_loaders, other_loaders]

    # ==========================================================================
    # network --------------------------------------------------------------------
    net = create_net(num_classes=n_ids, args=opt)
    net = net.to(dev)

    # losses ---------------------------------------------------------------------
    ce = SmoothCE(num_classes=n_ids)
    MARGIN = 0.3
    tri = Triplet(margin=MARGIN)
    losses = [ce, tri]

    # optimizer ------------------------------------------------------------------
    backbone_ids = set(map(id, net.backbone.parameters()))
    head_params = [p for p in net.parameters() if id(p) not in backbone_ids]
    groups = [{'params': net.backbone.parameters(), 'lr': opt.lr/10},
                    {'params': head_params, 'lr': opt.lr}]
    optim = torch.optim.SGD(groups, momentum=0.9, weight_decay=5e-4, nesterov=True)

    # schedule -------------------------------------------------------------------
    sched = torch.optim.lr_scheduler.StepLR(optim, step_size=20, gamma=0.1)

    # ==========================================================================
    # output dir -----------------------------------------------------------------
    out_dir = os.path.join(opt.save_path, opt.dataset_name)
    os.makedirs(out_dir, exist_ok=True)

    # ==========================================================================
    # run ------------------------------------------------------------------------
    fit(net, losses, optim, sched, loaders, dev, out_dir, opt)
