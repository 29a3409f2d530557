#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""
entry point: point-cloud classifier training
runs train or evaluation depending on flags
script: train.py
benchmark copy
"""


from __future__ import print_function
import os
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import CosineAnnealingLR
from data import ShapeSet40, ScanSet
from model import PointNet, DGCNN, GBNet
import numpy as np
from torch.utils.data import DataLoader
from util import smooth_ce, Logger
import sklearn.metrics as metrics


def make_dirs():
    if not os.path.exists('checkpoints'):
        os.makedirs('checkpoints')
    if not os.path.exists('checkpoints/'+args.exp_name):
        os.makedirs('checkpoints/'+args.exp_name)
    if not os.path.exists('checkpoints/'+args.exp_name+'/'+'models'):
        os.makedirs('checkpoints/'+args.exp_name+'/'+'models')
    os.system('cp main.py checkpoints'+'/'+args.exp_name+'/'+'main.py.backup')
    os.system('cp model.py checkpoints' + '/' + args.exp_name + '/' + 'model.py.backup')
    os.system('cp util.py checkpoints' + '/' + args.exp_name + '/' + 'util.py.backup')
    os.system('cp data.py checkpoints' + '/' + args.exp_name + '/' + 'data.py.backup')

def train(args, log):
    if args.dataset == 'modelnet40':
        tr_iter = DataLoader(ShapeSet40(partition='train', num_points=args.num_points), num_workers=8,
                                  batch_size=args.batch_size, shuffle=True, drop_last=True)
        te_iter = DataLoader(ShapeSet40(partition='test', num_points=args.num_points), num_workers=8,
                                 batch_size=args.test_batch_size, shuffle=True, drop_last=False)
    elif args.dataset == 'ScanObjectNN':
        tr_iter = DataLoader(ScanSet(partition='training', num_points=args.num_points), num_workers=8,
                                  batch_size=args.batch_size, shuffle=True, drop_last=True)
        te_iter = DataLoader(ScanSet(partition='test', num_points=args.num_points), num_workers=8,
                                 batch_size=args.test_batch_size, shuffle=True, drop_last=False)
    else:
        raise Exception("unknown dataset")

    device = torch.device("cuda" if args.cuda else "cpu")

    # pick the network
    if args.model == 'pointnet':
        if args.dataset == 'modelnet40':
            model = PointNet(args, output_channels=40).to(device)
        elif args.dataset == 'ScanObjectNN':
            model = PointNet(args, output_channels=15).to(device)
        else:
            raise Exception("unknown dataset")
    elif args.model == 'dgcnn':
        if args.dataset == 'modelnet40':
            model = DGCNN(args, output_channels=40).to(device)
        elif args.dataset == 'ScanObjectNN':
            model = DGCNN(args, output_channels=15).to(device)
        else:
            raise Exception("unknown dataset")
    elif args.model == 'gbnet':
        if args.dataset == 'modelnet40':
            model = GBNet(args, output_channels=40).to(device)
        elif args.dataset == 'ScanObjectNN':
            model = GBNet(args, output_channels=15).to(device)
        else:
            raise Exception("unknown dataset")
    else:
        raise Exception("unknown model")
    print(str(model))

    model = nn.DataParallel(model)
    print("gpus visible:", torch.cuda.device_count(), "GPUs!")

    if args.use_sgd:
        print("optimizer: sgd")
        optimizer = optim.SGD(model.parameters(), lr=args.lr*100, momentum=args.momentum, weight_decay=1e-4)
    else:
        print("optimizer: adam")
        optimizer = optim.Adam(model.parameters(), lr=args.lr, weight_decay=1e-4)

    sched = CosineAnnealingLR(optimizer, args.epochs, eta_min=args.lr)
    
    loss_fn = cal_loss

    top_acc = 0
    for epoch in range(args.epochs):
        sched.step()
        ####################
        # fit
        ####################
        run_loss = 0.0
        seen = 0.0
        model.train()
        tr_hat = []
        tr_gt = []
        for pts, tgt in tr_iter:
            pts, tgt = pts.to(device), tgt.to(device).squeeze()
            pts = pts.permute(0, 2, 1)
            bsz = pts.size()[0]
            optimizer.zero_grad()
            scores = model(pts)
            loss = loss_fn(scores, tgt)
            loss.backward()
            optimizer.step()
            guesses = scores.max(dim=1)[1]
            seen += bsz
            run_loss += loss.item() * bsz
            tr_gt.append(tgt.cpu().numpy())
            tr_hat.append(guesses.detach().cpu().numpy())
        tr_gt = np.concatenate(tr_gt)
        tr_hat = np.concatenate(tr_hat)
        msg = 'ep %d fit loss %.6f acc %.6f bal %.6f' % (epoch,
                                                                                 run_loss*1.0/seen,
                                                                                 metrics.accuracy_score(
                                                                                     tr_gt, tr_hat),
                                                                                 metrics.balanced_accuracy_score(
                                                                                     tr_gt, tr_hat))
        log.cprint(msg)

        ####################
        # validate
        ####################
        val_loss = 0.0
        seen = 0.0
        model.eval()
        te_hat = []
        te_gt = []
        for pts, tgt in te_iter:
            pts, tgt = pts.to(device), tgt.to(device).squeeze()
            pts = pts.permute(0, 2, 1)
            bsz = pts.size()[0]
            scores = model(pts)
            loss = loss_fn(scores, tgt)
            guesses = scores.max(dim=1)[1]
            seen += bsz
            val_loss += loss.item() * bsz
            te_gt.append(tgt.cpu().numpy())
            te_hat.append(guesses.detach().cpu().numpy())
        te_gt = np.concatenate(te_gt)
        te_hat = np.concatenate(te_hat)
        acc_now = metrics.accuracy_score(te_gt, te_hat)
        bal_acc = metrics.balanced_accuracy_score(te_gt, te_hat)
        msg = 'ep %d val loss %.6f acc %.6f bal %.6f' % (epoch,
                                                                              val_loss*1.0/seen,
                                                                              acc_now,
                                                                              bal_acc)
        log.cprint(msg)
        if acc_now >= top_acc:
            top_acc = acc_now
            msg = 'new best %.6f' % top_acc
            log.cprint(msg)
            torch.save(model.state_dict(), 'checkpoints/%s/models/model.t7' % args.exp_name)


def test(args, log):
    if args.dataset == 'modelnet40':
        te_iter = DataLoader(ShapeSet40(partition='test', num_points=args.num_points), num_workers=8,
                                 batch_size=args.test_batch_size, shuffle=True, drop_last=False)
    elif args.dataset == 'ScanObjectNN':
        te_iter = DataLoader(ScanSet(partition='test', num_points=args.num_points), num_workers=8,
                                 batch_size=args.test_batch_size, shuffle=True, drop_last=False)
    else:
        raise Exception("unknown dataset")

    device = torch.device("cuda" if args.cuda else "cpu")

    # pick the network
    if args.model == 'pointnet':
        if args.dataset == 'modelnet40':
            model = PointNet(args, output_channels=40).to(device)
        elif args.dataset == 'ScanObjectNN':
            model = PointNet(args, output_channels=15).to(device)
        else:
            raise Exception("unknown dataset")
    elif args.model == 'dgcnn':
        if args.dataset == 'modelnet40':
            model = DGCNN(args, output_channels=40).to(device)
        elif args.dataset == 'ScanObjectNN':
            model = DGCNN(args, output_channels=15).to(device)
        else:
            raise Exception("unknown dataset")
    elif args.model == 'gbnet':
        if args.dataset == 'modelnet40':
            model = GBNet(args, output_channels=40).to(device)
        elif args.dataset == 'ScanObjectNN':
            model = GBNet(args, output_channels=15).to(device)
        else:
            raise Exception("unknown dataset")
    else:
        raise Exception("unknown model")
    print(str(model))
    model = nn.DataParallel(model)
    model.load_state_dict(torch.load(args.model_path))
    model = model.eval()
    acc_now = 0.0
    seen = 0.0
    te_gt = []
    te_hat = []
    for pts, tgt in te_iter:

        pts, tgt = pts.to(device), tgt.to(device).squeeze()
        pts = pts.permute(0, 2, 1)
        bsz = pts.size()[0]
        scores = model(pts)
        guesses = scores.max(dim=1)[1]
        te_gt.append(tgt.cpu().numpy())
        te_hat.append(guesses.detach().cpu().numpy())
    te_gt = np.concatenate(te_gt)
    te_hat = np.concatenate(te_hat)
    acc_now = metrics.accuracy_score(te_gt, te_hat)
    bal_acc = metrics.balanced_accuracy_score(te_gt, te_hat)
    msg = 'eval acc %.6f bal %.6f'%(acc_now, bal_acc)
    log.cprint(msg)


if __name__ == "__main__":
    # command line
    parser = argparse.ArgumentParser(description='shape classifier on point sets')
    parser.add_argument('--exp_name', type=str, default='exp_gbnet', metavar='N',
                        help='run folder name')
    parser.add_argument('--model', type=str, default='gbnet', metavar='N',
                        choices=['pointnet', 'dgcnn', 'gbnet'],
                        help='network choice')
    parser.add_argument('--dataset', type=str, default='modelnet40', metavar='N',
                        choices=['modelnet40', 'ScanObjectNN'])
    parser.add_argument('--batch_size', type=int, default=32, metavar='BS',
                        help='samples per step')
    parser.add_argument('--test_batch_size', type=int, default=16, metavar='TBS',
                        help='samples per step')
    parser.add_argument('--epochs', type=int, default=300, metavar='N',
                        help='how many epochs')
    parser.add_argument('--use_sgd', type=bool, default=True,
                        help='sgd instead of adam')
    parser.add_argument('--lr', type=float, default=0.001, metavar='LR',
                        help='step size')
    parser.add_argument('--momentum', type=float, default=0.9, metavar='M',
                        help='momentum term')
    parser.add_argument('--no_cuda', type=bool, default=False,
                        help='force cpu')
    parser.add_argument('--seed', type=int, default=1, metavar='S',
                        help='rng seed')
    parser.add_argument('--eval', type=bool,  default=False,
                        help='only evaluate')
    parser.add_argument('--num_points', type=int, default=1024,
                        help='points per shape')
    parser.add_argument('--dropout', type=float, default=0.5,
                        help='drop probability')
    parser.add_argument('--emb_dims', type=int, default=1024, metavar='N',
                        help='global feature width')
    parser.add_argument('--k', type=int, default=20, metavar='N',
                        help='knn size')
    parser.add_argument('--model_path', type=str, default='', metavar='N',
                        help='checkpoint to load')
    args = parser.parse_args()

    make_dirs()

    log = IOStream('checkpoints/' + args.exp_name + '/log.txt')
    log.cprint(str(args))

    args.cuda = not args.no_cuda and torch.cuda.is_available()
    torch.manual_seed(args.seed)
    if args.cuda:
        log.cprint(
            'cuda device ' + str(torch.cuda.current_device()) + ' of ' + str(torch.cuda.device_count()) + ' total')
        torch.cuda.manual_seed(args.seed)
    else:
        log.cprint('running on cpu')

    if not args.eval:
        train(args, log)
    else:
        test(args, log)
