from __future__ import print_function
import os
from facedata import FaceListSet
import torch
from torch.utils import data
import torch.nn.functional as F
from models import *
import torchvision
from utils import Visualizer, view_model
import torch
import numpy as np
import random
import time
from settings import Options
from torch.nn import DataParallel
from torch.optim.lr_scheduler import StepLR
from verify import *


def write_ckpt(net, out_dir, tag, step):
    fname = os.path.join(out_dir, tag + '_' + str(step) + '.pth')
    torch.save(net.state_dict(), fname)
    return fname


if __name__ == '__main__':

    cfg = Options()
    if cfg.display:
        board = Visualizer()
    device = torch.device("cuda")

    fit_set = FaceListSet(cfg.train_root, cfg.train_list, phase='train', input_shape=cfg.input_shape)
    fit_loader = data.DataLoader(fit_set,
                                  batch_size=cfg.train_batch_size,
                                  shuffle=True,
                                  num_workers=cfg.num_workers)

    lfw_names = read_pair_names(cfg.lfw_test_list)
    lfw_paths = [os.path.join(cfg.lfw_root, nm) for nm in lfw_names]

    print('{} steps per epoch:'.format(len(fit_loader)))

    if cfg.loss == 'focal_loss':
        crit = FocalLoss(gamma=2)
    else:
        crit = torch.nn.CrossEntropyLoss()

    if cfg.backbone == 'resnet18':
        net = resnet_face18(use_se=cfg.use_se)
    elif cfg.backbone == 'resnet34':
        net = resnet34()
    elif cfg.backbone == 'resnet50':
        net = resnet50()

    if cfg.metric == 'add_margin':
        margin_head = AddMarginProduct(512, cfg.num_classes, s=30, m=0.35)
    elif cfg.metric == 'arc_margin':
        margin_head = ArcMarginProduct(512, cfg.num_classes, s=30, m=0.5, easy_margin=cfg.easy_margin)
    elif cfg.metric == 'sphere':
        margin_head = SphereProduct(512, cfg.num_classes, m=4)
    else:
        margin_head = nn.Linear(512, cfg.num_classes)

    # view_model(net, cfg.input_shape)
    print(net)
    net.to(device)
    net = DataParallel(net)
    margin_head.to(device)
    margin_head = DataParallel(margin_head)

    if cfg.optimizer == 'sgd':
        opt = torch.optim.SGD([{'params': net.parameters()}, {'params': margin_head.parameters()}],
                                    lr=cfg.lr, weight_decay=cfg.weight_decay)
    else:
        opt = torch.optim.Adam([{'params': net.parameters()}, {'params': margin_head.parameters()}],
                                     lr=cfg.lr, weight_decay=cfg.weight_decay)
    sched = StepLR(opt, step_size=cfg.lr_step, gamma=0.1)

    t0 = time.time()
    for ep in range(cfg.max_epoch):
        sched.step()

        net.train()
        for k, data in enumerate(fit_loader):
            faces, ident = data
            faces = faces.to(device)
            ident = ident.to(device).long()
            emb = net(faces)
            logits = margin_head(emb, ident)
            loss = crit(logits, ident)
            opt.zero_grad()
            loss.backward()
            opt.step()

            step = ep * len(fit_loader) + k

            if step % cfg.print_freq == 0:
                logits = logits.data.cpu().numpy()
                logits = np.argmax(logits, axis=1)
                ident = ident.data.cpu().numpy()
                # print(logits)
                # print(ident)
                acc = np.mean((logits == ident).astype(int))
                rate = cfg.print_freq / (time.time() - t0)
                stamp = time.asctime(time.localtime(time.time()))
                print('{} epoch {} step {} {} steps/s loss {} acc {}'.format(stamp, ep, k, rate, loss.item(), acc))
                if cfg.display:
                    board.display_current_results(step, loss.item(), name='train_loss')
                    board.display_current_results(step, acc, name='train_acc')

                t0 = time.time()

        if ep % cfg.save_interval == 0 or ep == cfg.max_epoch:
            write_ckpt(net, cfg.checkpoints_path, cfg.backbone, ep)

        net.eval()
        acc = lfw_check(net, lfw_paths, lfw_names, cfg.lfw_test_list, cfg.test_batch_size)
        if cfg.display:
            board.display_current_results(step, acc, name='test_acc')
