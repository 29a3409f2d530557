import datetime
from distutils.version import LooseVersion
import math
import os
import os.path as osp
import shutil

import fcn
import numpy as np
import pytz
import skimage.io
import torch
from torch.autograd import Variable
import torch.nn.functional as F
import tqdm

import torchfcn


def pixel_nll(logits, labels, weight=None, size_average=True):
    # logits: (n, c, h, w), labels: (n, h, w)
    n, c, h, w = logits.size()
    # logp: (n, c, h, w)
    if LooseVersion(torch.__version__) < LooseVersion('0.3'):
        # old releases
        logp = F.log_softmax(logits)
    else:
        # newer releases
        logp = F.log_softmax(logits, dim=1)
    # logp: (n*h*w, c)
    logp = logp.transpose(1, 2).transpose(2, 3).contiguous()
    logp = logp[labels.view(n, h, w, 1).repeat(1, 1, 1, c) >= 0]
    logp = logp.view(-1, c)
    # labels: (n*h*w,)
    valid = labels >= 0
    labels = labels[valid]
    loss = F.nll_loss(logp, labels, weight=weight, reduction='sum')
    if size_average:
        loss /= valid.data.sum()
    return loss


class Trainer(object):

    def __init__(self, cuda, model, optimizer,
                 train_loader, val_loader, out, max_iter,
                 size_average=False, interval_validate=None):
        self.cuda = cuda

        self.model = model
        self.optim = optimizer

        self.train_loader = train_loader
        self.val_loader = val_loader

        self.t0 = \
            datetime.datetime.now(pytz.timezone('Asia/Tokyo'))
        self.size_average = size_average

        if interval_validate is None:
            self.interval_validate = len(self.train_loader)
        else:
            self.interval_validate = interval_validate

        self.out = out
        if not osp.exists(self.out):
            os.makedirs(self.out)

        self.columns = [
            'epoch',
            'iteration',
            'train/loss',
            'train/acc',
            'train/acc_cls',
            'train/mean_iu',
            'train/fwavacc',
            'valid/loss',
            'valid/acc',
            'valid/acc_cls',
            'valid/mean_iu',
            'valid/fwavacc',
            'elapsed_time',
        ]
        if not osp.exists(osp.join(self.out, 'log.csv')):
            with open(osp.join(self.out, 'log.csv'), 'w') as fh:
                fh.write(','.join(self.columns) + '\n')

        self.epoch = 0
        self.iteration = 0
        self.max_iter = max_iter
        self.best_mean_iu = 0

    def validate(self):
        was_training = self.model.training
        self.model.eval()

        n_cls = len(self.val_loader.dataset.class_names)

        loss_sum = 0
        tiles = []
        all_true, all_pred = [], []
        for b, (x, y) in tqdm.tqdm(
                enumerate(self.val_loader), total=len(self.val_loader),
                desc='val at iter %d' % self.iteration, ncols=80,
                leave=False):
            if self.cuda:
                x, y = x.cuda(), y.cuda()
            x, y = Variable(x), Variable(y)
            with torch.no_grad():
                logits = self.model(x)

            loss = pixel_nll(logits, y,
                                   size_average=self.size_average)
            loss_val = loss.data.item()
            if np.isnan(loss_val):
                raise ValueError('validation loss became nan')
            loss_sum += loss_val / len(x)

            imgs = x.data.cpu()
            pred = logits.data.max(1)[1].cpu().numpy()[:, :, :]
            true = y.data.cpu()
            for im, t, p in zip(imgs, true, pred):
                im, t = self.val_loader.dataset.untransform(im, t)
                all_true.append(t)
                all_pred.append(p)
                if len(tiles) < 9:
                    tile = fcn.utils.visualize_segmentation(
                        lbl_pred=p, lbl_true=t, img=im, n_class=n_cls)
                    tiles.append(tile)
        scores = torchfcn.utils.label_accuracy_score(
            all_true, all_pred, n_cls)

        viz_dir = osp.join(self.out, 'visualization_viz')
        if not osp.exists(viz_dir):
            os.makedirs(viz_dir)
        viz_file = osp.join(viz_dir, 'iter%012d.jpg' % self.iteration)
        skimage.io.imsave(viz_file, fcn.utils.get_tile_image(tiles))

        loss_sum /= len(self.val_loader)

        with open(osp.join(self.out, 'log.csv'), 'a') as fh:
            secs = (
                datetime.datetime.now(pytz.timezone('Asia/Tokyo')) -
                self.t0).total_seconds()
            row = [self.epoch, self.iteration] + [''] * 5 + \
                  [loss_sum] + list(scores) + [secs]
            row = map(str, row)
            fh.write(','.join(row) + '\n')

        miou = scores[2]
        improved = miou > self.best_mean_iu
        if improved:
            self.best_mean_iu = miou
        torch.save({
            'epoch': self.epoch,
            'iteration': self.iteration,
            'arch': self.model.__class__.__name__,
            'optim_state_dict': self.optim.state_dict(),
            'model_state_dict': self.model.state_dict(),
            'best_mean_iu': self.best_mean_iu,
        }, osp.join(self.out, 'checkpoint.pth.tar'))
        if improved:
            shutil.copy(osp.join(self.out, 'checkpoint.pth.tar'),
                        osp.join(self.out, 'model_best.pth.tar'))

        if was_training:
            self.model.train()

    def train_epoch(self):
        self.model.train()

        n_cls = len(self.train_loader.dataset.class_names)

        for b, (x, y) in tqdm.tqdm(
                enumerate(self.train_loader), total=len(self.train_loader),
                desc='epoch %d' % self.epoch, ncols=80, leave=False):
            it = b + self.epoch * len(self.train_loader)
            if self.iteration != 0 and (it - 1) != self.iteration:
                continue  # skip ahead when resuming
            self.iteration = it

            if self.iteration % self.interval_validate == 0:
                self.validate()

            assert self.model.training

            if self.cuda:
                x, y = x.cuda(), y.cuda()
            x, y = Variable(x), Variable(y)
            self.optim.zero_grad()
            logits = self.model(x)

            loss = pixel_nll(logits, y,
                                   size_average=self.size_average)
            loss /= len(x)
            loss_val = loss.data.item()
            if np.isnan(loss_val):
                raise ValueError('training loss became nan')
            loss.backward()
            self.optim.step()

            scores = []
            pred = logits.data.max(1)[1].cpu().numpy()[:, :, :]
            true = y.data.cpu().numpy()
            acc, acc_cls, miou, fwacc = \
                torchfcn.utils.label_accuracy_score(
                    true, pred, n_class=n_cls)
            scores.append((acc, acc_cls, miou, fwacc))
            scores = np.mean(scores, axis=0)

            with open(osp.join(self.out, 'log.csv'), 'a') as fh:
                secs = (
                    datetime.datetime.now(pytz.timezone('Asia/Tokyo')) -
                    self.t0).total_seconds()
                row = [self.epoch, self.iteration] + [loss_val] + \
                    scores.tolist() + [''] * 5 + [secs]
                row = map(str, row)
                fh.write(','.join(row) + '\n')

            if self.iteration >= self.max_iter:
                break

    def train(self):
        n_epochs = int(math.ceil(1. * self.max_iter / len(self.train_loader)))
        for ep in tqdm.trange(self.epoch, n_epochs,
                                 desc='Train', ncols=80):
            self.epoch = ep
            self.train_epoch()
            if self.iteration >= self.max_iter:
                break
