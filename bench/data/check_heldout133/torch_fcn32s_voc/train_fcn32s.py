#!/usr/bin/env python

import argparse
import datetime
import os
import os.path as osp
import shlex
import subprocess

import torch
import yaml

import torchfcn


def short_commit():
    cmd = 'git log -n 1 --pretty="%h"'
    out = subprocess.check_output(shlex.split(cmd)).strip()
    if isinstance(out, bytes):
        out = out.decode()
    return out


def param_groups(net, bias=False):
    import torch.nn as nn
    passthrough = (
        nn.ReLU,
        nn.MaxPool2d,
        nn.Dropout2d,
        nn.Sequential,
        torchfcn.models.FCN32s,
        torchfcn.models.FCN16s,
        torchfcn.models.FCN8s,
    )
    for mod in net.modules():
        if isinstance(mod, nn.Conv2d):
            if bias:
                yield mod.bias
            else:
                yield mod.weight
        elif isinstance(mod, nn.ConvTranspose2d):
            # fixed bilinear upsampling, not trained
            if bias:
                assert mod.bias is None
        elif isinstance(mod, passthrough):
            continue
        else:
            raise ValueError('module not handled: %s' % str(mod))


this_dir = osp.dirname(osp.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    ap.add_argument('-g', '--gpu', type=int, required=True, help='which gpu')
    ap.add_argument('--resume', help='checkpoint to resume from')
    # settings of the original Caffe release
    # (fcn.berkeleyvision.org)
    ap.add_argument(
        '--max-iteration', type=int, default=100000, help='iterations in total'
    )
    ap.add_argument(
        '--lr', type=float, default=1.0e-10, help='base learning rate',
    )
    ap.add_argument(
        '--weight-decay', type=float, default=0.0005, help='l2 weight decay',
    )
    ap.add_argument(
        '--momentum', type=float, default=0.99, help='sgd momentum',
    )
    opts = ap.parse_args()

    opts.model = 'FCN32s'
    opts.git_hash = short_commit()

    now = datetime.datetime.now()
    opts.out = osp.join(this_dir, 'logs', now.strftime('%Y%m%d_%H%M%S.%f'))

    os.makedirs(opts.out)
    with open(osp.join(opts.out, 'config.yaml'), 'w') as fh:
        yaml.safe_dump(opts.__dict__, fh, default_flow_style=False)

    os.environ['CUDA_VISIBLE_DEVICES'] = str(opts.gpu)
    use_cuda = torch.cuda.is_available()

    torch.manual_seed(1337)
    if use_cuda:
        torch.cuda.manual_seed(1337)

    # ---- data ----

    data_root = osp.expanduser('~/data/datasets')
    loader_kw = {'num_workers': 4, 'pin_memory': True} if use_cuda else {}
    train_dl = torch.utils.data.DataLoader(
        torchfcn.datasets.SBDClassSeg(data_root, split='train', transform=True),
        batch_size=1, shuffle=True, **loader_kw)
    val_dl = torch.utils.data.DataLoader(
        torchfcn.datasets.VOC2011ClassSeg(
            data_root, split='seg11valid', transform=True),
        batch_size=1, shuffle=False, **loader_kw)

    # ---- network ----

    net = torchfcn.models.FCN32s(n_class=21)
    first_epoch = 0
    first_iter = 0
    if opts.resume:
        ckpt = torch.load(opts.resume)
        net.load_state_dict(ckpt['model_state_dict'])
        first_epoch = ckpt['epoch']
        first_iter = ckpt['iteration']
    else:
        backbone = torchfcn.models.VGG16(pretrained=True)
        net.copy_params_from_vgg16(backbone)
    if use_cuda:
        net = net.cuda()

    # ---- optimiser ----

    sgd = torch.optim.SGD(
        [
            {'params': param_groups(net, bias=False)},
            {'params': param_groups(net, bias=True),
             'lr': opts.lr * 2, 'weight_decay': 0},
        ],
        lr=opts.lr,
        momentum=opts.momentum,
        weight_decay=opts.weight_decay)
    if opts.resume:
        sgd.load_state_dict(ckpt['optim_state_dict'])

    runner = torchfcn.Trainer(
        cuda=use_cuda,
        model=net,
        optimizer=sgd,
        train_loader=train_dl,
        val_loader=val_dl,
        out=opts.out,
        max_iter=opts.max_iteration,
        interval_validate=4000,
    )
    runner.epoch = first_epoch
    runner.iteration = first_iter
    runner.train()


if __name__ == '__main__':
    main()
