from __future__ import absolute_import

import os
import sys
import argparse
import numpy as np
import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn
from torch.utils.data import DataLoader
from PSDataset import SeedlingDataset
from model import *
from utils import *

def read_options():
    parser = argparse.ArgumentParser(description='train a seedling species classifier')
    parser.add_argument('model_name',
                        help='name of the network class in model.py',
                        default=None, type=str)
    parser.add_argument('exp_id', help='run name used for the result folder', default=None, type=str)
    parser.add_argument('--batch_size', dest='batch_size', default=64, type=int)
    parser.add_argument('--val_batch_size', dest='val_batch_size', default=64, type=int)
    parser.add_argument('--epochs', dest='epochs', default=50, type=int)

    parser.add_argument('--base_lr', dest='base_lr', default=0.01, type=float)
    parser.add_argument('--milestones', dest='milestones', nargs=2, default=[20,30], type=int)
    parser.add_argument('--weight_decay', dest='weight_decay', default=0.0001, type=float)

    parser.add_argument('--workers', dest='workers', default=4, type=int)
    parser.add_argument('--max_queue_size', dest='max_queue_size', default=16, type=int)
    parser.add_argument('--gpu', dest='gpus',
                        nargs='*',
                        help='ids of the GPUs to spread the batch over',
                        default=[0], type=int)

    if len(sys.argv) == 1:
        parser.print_help()
        sys.exit(1)

    opts = parser.parse_args()
    return opts

def train_step(images, labels, net, optimizer, criterion, meters):
    optimizer.zero_grad()
    logits = net(images)
    loss = criterion(logits, labels)
    loss.backward()
    optimizer.step()
    for meter in meters:
        meter.update(preds=[logits], labels=[labels])
    return loss

def validate(net, meters, valid_dataset, valid_loader, opts):
    net.eval()
    n_val_steps = len(valid_dataset)//opts.val_batch_size + int((len(valid_dataset)%opts.val_batch_size) > 0)
    for meter in meters:
        meter.reset()
    for step, (images, labels) in enumerate(valid_loader):
        images, labels = images.cuda(), labels.cuda()
        logits = net(images)
        for meter in meters:
            meter.update(preds=[logits], labels=[labels])
        progress_bar(step, n_val_steps, '')

def train(net_class, opts):
    here = os.path.dirname(os.path.realpath(__file__))
    if os.path.exists(os.path.join(here, 'results/')) == False:
        os.mkdir(os.path.join(here, 'results/'))
    out_dir = 'results/'
    if os.path.exists(os.path.join(here, out_dir)) == False:
        os.mkdir(os.path.join(here, out_dir))
    out_dir += '%s/'%opts.model_name
    if os.path.exists(os.path.join(here, out_dir)) == False:
        os.mkdir(os.path.join(here, out_dir))
    out_dir += '%s/'%opts.exp_id
    if os.path.exists(os.path.join(here, out_dir)) == False:
        os.mkdir(os.path.join(here, out_dir))
    logger = Logger(out_dir + 'logs/')


    train_dataset = SeedlingDataset(
            '/home/xing/.kaggle/competitions/plant-seedlings-classification/train', 
            'train', 0.9,
            image_size=320,
            rotation_range=180,
            width_shift_range=0.1,
            height_shift_range=0.1,
            zoom_range=0.3,
            horizontal_flip=True,
            vertical_flip=True
        )
    train_loader = DataLoader(dataset=train_dataset, batch_size=opts.batch_size, num_workers=opts.workers, shuffle=False)
    valid_dataset = SeedlingDataset(
            '/home/xing/.kaggle/competitions/plant-seedlings-classification/train', 
            'valid', 0.9,
            rotation_range=0,
            width_shift_range=0.,
            height_shift_range=0.,
            zoom_range=0.,
            horizontal_flip=False,
            vertical_flip=False,
        )
    valid_loader = DataLoader(dataset=valid_dataset, batch_size=opts.val_batch_size, num_workers=opts.workers, shuffle=False)

    net = net_class()
    net.cuda()
    cudnn.benchmark = True
    optimizer = torch.optim.SGD(net.parameters(), lr=opts.base_lr,
                                momentum=0.9, weight_decay=opts.weight_decay,
                                nesterov=True)
    net = torch.nn.DataParallel(net, device_ids=opts.gpus)
    lr_schedule = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=opts.milestones, gamma=0.1)
    criterion = nn.CrossEntropyLoss()
    meters = [AccuracyMeter(name='Acc')]
    best_val_acc = 0.0
    n_train_steps = len(train_dataset)//opts.batch_size + int((len(train_dataset)%opts.batch_size) > 0)

    for epoch in range(opts.epochs):
        lr_schedule.step()
        print('epoch %d of %d, learning rate %.4f:'%(epoch+1, opts.epochs, optimizer.state_dict()['param_groups'][0]['lr']))
        for meter in meters:
            meter.reset()
        train_loss = 0.
        net.train()
        for step, (images, labels) in enumerate(train_loader):
            images, labels = images.cuda(), labels.cuda()
            loss = train_step(images, labels, net, optimizer, criterion, meters)
            status = ''
            train_loss += loss.detach().cpu().numpy()
            status += '| loss: %.3f'%(train_loss/(step+1))
            for meter in meters:
                name, value = meter.get()
                status += ' | %s: %.3f'%(name, value)
            progress_bar(step, n_train_steps, status)
        # epoch summaries for tensorboard
        logger.scalar_summary('loss', train_loss/n_train_steps, epoch)
        for meter in meters:
            name, value = meter.get()
            logger.scalar_summary(name, value, epoch)
        # a best-checkpoint save used to happen here as well

        print('validation:')
        validate(net, meters, valid_dataset, valid_loader, opts)
        for meter in meters:
            name, value = meter.get()
            print('-------- validation {}: {}'.format(name, value))
            logger.scalar_summary('val_{}'.format(name), value, epoch)
            if name == 'Acc' and value > best_val_acc:
                torch.save(net.state_dict(), out_dir+'checkpoint_best.params')
                best_val_acc = value
            else:
                torch.save(net.state_dict(), out_dir+'checkpoint.params')

if __name__ == '__main__':
    opts = read_options()
    model_name = opts.model_name
    net_class = globals()[model_name]
    train(net_class, opts)
