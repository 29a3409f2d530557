# source: https://github.com/tugstugi/pytorch-saltnet/blob/49bacc8a10dad1f7f47d72bb6ea82f30c4b1a921/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (datasets/salt_identification.py is inlined below; transforms, models and utils stay imported)
import argparse
import copy
import os
import time
from pathlib import Path

import numpy as np
import pandas as pd
import skimage.io
import torch
from tensorboardX import SummaryWriter
from torch.utils.data import DataLoader, Dataset
from torchvision.transforms import Compose, RandomApply

import models
from transforms import *
from utils import create_optimizer, choose_device, create_lr_scheduler
from utils.metrics import calc_metric

cli = argparse.ArgumentParser()
cli.add_argument('--device', default='auto', choices=['cuda', 'cpu'])
cli.add_argument("--data-fold", default='fold0')
cli.add_argument("--batch-size", type=int, default=64)
cli.add_argument("--dataload-workers-nums", type=int, default=8)
cli.add_argument("--weight-decay", type=float, default=0.0001)
cli.add_argument("--optim", choices=['sgd', 'adam', 'adamw'], default='sgd')
cli.add_argument('--fp16-loss-scale', default=None, type=float)
cli.add_argument('--gradient-accumulation', type=int, default=1)
cli.add_argument("--learning-rate", type=float, default=0.01)
cli.add_argument("--lr-scheduler", default='step')
cli.add_argument("--lr-scheduler-step-size", type=int, default=100)
cli.add_argument("--lr-scheduler-gamma", type=float, default=0.1)
cli.add_argument("--max-epochs", type=int, default=350)
cli.add_argument("--model", choices=['unet', 'danet'], default='unet')
cli.add_argument("--drop-mask-threshold", type=int, default=0)
cli.add_argument('--pretrained', default='imagenet')
cli.add_argument("--basenet", default='resnet34')
cli.add_argument('--log-dir', type=str, default='runs/default')
opt = cli.parse_args()

device = choose_device(opt.device)
on_gpu = device.type == 'cuda'
raw_side = 101
net_side = 128
pads = compute_padding(raw_side, raw_side, net_side)

geo_p = 0.5 * 0.25
light_p = 0.5 * 0.33
train_tf = Compose([PrepareImageAndMask(),
                    RandomApply([Cutout(1, 30)], p=0.5),
                    RandomApply([HorizontalFlip()]),
                    Compose([RandomApply([CropAndRescale(max_scale=0.2)], p=geo_p),
                             RandomApply([HorizontalShear(max_scale=0.07)], p=geo_p),
                             RandomApply([Rotation(max_angle=15)], p=geo_p),
                             RandomApply([ElasticDeformation(max_distort=0.15)], p=geo_p)]),
                    Compose([RandomApply([BrightnessShift(max_value=0.1)], p=light_p),
                             RandomApply([BrightnessScaling(max_value=0.08)], p=light_p),
                             RandomApply([GammaChange(max_value=0.08)], p=light_p)]),
                    PadToNxN(net_side), HWCtoCHW()])
valid_tf = Compose([PrepareImageAndMask(), PadToNxN(net_side), HWCtoCHW()])


def read_sample(entry, mode, mask_threshold):
    image = skimage.io.imread('%s/images/%s.png' % (entry['dataset_dir'], entry['image_id']))
    entry['input'] = image
    if mode == 'train':
        mask = skimage.io.imread('%s/masks/%s.png' % (entry['dataset_dir'], entry['image_id']), as_gray=True)
        mask[mask > 0] = 1
        entry['mask'] = mask
        n_pixels = mask.sum()
        if 0 < n_pixels <= mask_threshold:
            return None
    return entry


def read_split(name, mode, preload, mask_threshold):
    here = os.path.dirname(os.path.realpath(__file__))
    csv_dir = here if name == 'train' else os.path.join(here, 'folds')
    ids = [row[1] for row in pd.read_csv(os.path.join(csv_dir, '%s.csv' % name)).itertuples()]
    samples = []
    for image_id in ids:
        entry = {'image_id': image_id, 'dataset_dir': os.path.join(here, mode)}
        if preload:
            entry = read_sample(entry, mode, mask_threshold)
        if entry is not None:
            samples.append(entry)
    return samples


class SaltImages(Dataset):
    def __init__(self, mode='train', transform=None, preload=False, name=None, mask_threshold=0):
        self.mode = mode
        self.transform = transform
        self.mask_threshold = mask_threshold
        self.data = read_split(name if name is not None else mode, mode, preload, mask_threshold)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        entry = self.data[index]
        if 'input' not in entry:
            entry = read_sample(entry, self.mode, self.mask_threshold)
        entry = copy.copy(entry)
        if self.transform:
            entry = self.transform(entry)
        return entry


fold = opt.data_fold[len('fold'):]
train_set = SaltImages(mode='train', name='list_train{}_3600'.format(fold), transform=train_tf, preload=True,
                       mask_threshold=opt.drop_mask_threshold)
valid_set = SaltImages(mode='train', name='list_valid{}_400'.format(fold), transform=valid_tf, preload=True)
train_loader = DataLoader(train_set, shuffle=True, batch_size=opt.batch_size,
                          num_workers=opt.dataload_workers_nums, drop_last=True)
valid_loader = DataLoader(valid_set, shuffle=False, batch_size=opt.batch_size,
                          num_workers=opt.dataload_workers_nums)

net = models.create(opt.model, basenet=opt.basenet, pretrained=opt.pretrained)
net, optimizer = create_optimizer(net, opt.optim, opt.learning_rate, opt.weight_decay, momentum=0.9,
                                  fp16_loss_scale=opt.fp16_loss_scale, device=device)
scheduler = create_lr_scheduler(optimizer, **vars(opt))
writer = SummaryWriter(log_dir=opt.log_dir)
global_step = 0


def strip_padding(t):
    y0, _, x0, _ = pads
    if t.dim() == 3:
        return t[:, y0:y0 + raw_side, x0:x0 + raw_side]
    return t[:, :, y0:y0 + raw_side, x0:x0 + raw_side]


def run_epoch(epoch, phase='train'):
    global global_step
    net.train() if phase == 'train' else net.eval()
    torch.set_grad_enabled(True) if phase == 'train' else torch.set_grad_enabled(False)
    loader = train_loader if phase == 'train' else valid_loader
    loss_sum, metric_sum, count, it = 0.0, 0.0, 0, 0
    if phase == 'valid':
        all_probs = []
        all_truth = []
    for batch in loader:
        inputs, targets = batch['input'], batch['mask']
        if on_gpu:
            inputs = inputs.cuda()
            targets = targets.cuda()
        logit, logit_pixel, logit_image = net(inputs)
        truth_image = (targets.sum(dim=(1, 2)) > 0).float()
        loss = models.deep_supervised_criterion(logit, logit_pixel, logit_image, targets, truth_image)
        logit = strip_padding(logit)
        targets = strip_padding(targets)
        probs = torch.sigmoid(logit).squeeze(1)
        if phase == 'train':
            optimizer.backward(loss / opt.gradient_accumulation)
            if it % opt.gradient_accumulation == 0:
                optimizer.step()
                optimizer.zero_grad()
        it += 1
        global_step += 1
        loss = loss.item()
        loss_sum += loss * targets.size(0)
        count += targets.size(0)
        writer.add_scalar('%s/loss' % phase, loss, global_step)
        truth_np = targets.cpu().numpy()
        probs_np = probs.cpu().detach().numpy()
        ious = calc_metric(truth_np, probs_np > 0.5, type='iou', size_average=False)
        metric_sum += ious.sum()
        if phase == 'valid':
            all_truth.append(truth_np)
            all_probs.append(probs_np)
    if phase == 'valid':
        models.save(net, Path(opt.log_dir) / 'last-model.pth')
    return loss_sum / count, metric_sum / count


for epoch in range(0, opt.max_epochs):
    scheduler.step()
    run_epoch(epoch, phase='train')
    run_epoch(epoch, phase='valid')
