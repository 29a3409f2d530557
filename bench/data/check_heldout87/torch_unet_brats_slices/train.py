import argparse
import logging
import os
import sys

import numpy as np
import torch
import torch.nn as nn
from torch import optim
from tqdm import tqdm

from evaluate import score_net
from unet import UNet

from torch.utils.tensorboard import SummaryWriter
from helpers.slices import SliceSet
from torch.utils.data import DataLoader, random_split
import json


import settings as conf
from helpers.slices import SliceSet


ckpt_folder = './checkpoints/'


def fit(net, device, epochs=5, batch_size=1, lr=0.001, val_frac=0.1, keep_ckpt=True):

    # names of the slice files
    names = ''
    with open(os.path.join(conf.DATA_HOME, 'train.json'), 'r') as fh:
        names = json.load(fh)

    full_set = SliceSet(names=names, root=conf.FIT_DIR)

    n_val = int(len(full_set) * val_frac)
    n_fit = len(full_set) - n_val

    fit_part, val_part = random_split(full_set, [n_fit, n_val])

    fit_loader = DataLoader(
        fit_part, batch_size=batch_size, shuffle=True, num_workers=8, pin_memory=True)
    val_loader = DataLoader(val_part, batch_size=batch_size, shuffle=False,
                            num_workers=8, pin_memory=True, drop_last=True)

    board = SummaryWriter(comment=f'LR_{lr}_BS_{batch_size}')
    step = 0

    logging.info(f'''Fit settings:
        Epochs:          {epochs}
        Batch:           {batch_size}
        LR:              {lr}
        Fit slices:      {n_fit}
        Check slices:    {n_val}
        Checkpoints:     {keep_ckpt}
        Device:          {device.type}
    ''')

    opt = optim.RMSprop(net.parameters(), lr=lr,
                        weight_decay=1e-8, momentum=0.9)
    sched = optim.lr_scheduler.ReduceLROnPlateau(
        opt, 'min' if net.n_classes > 1 else 'max', patience=2)

    objective = nn.CrossEntropyLoss()

    for ep in range(epochs):
        net.train()

        ep_loss = 0

        with tqdm(total=n_fit, desc=f'Pass {ep + 1}/{epochs}', unit='slice') as bar:
            for item in fit_loader:
                x, y = item['image'], item['mask']

                assert x.shape[1] == net.n_channels, \
                    f'The net expects {net.n_channels} channels, ' \
                    f'the slices have {x.shape[1]}. Check how ' \
                    'the slices are read.'

                x = x.to(device=device, dtype=torch.float32)
                y_dtype = torch.float32 if net.n_classes == 1 else torch.long
                y = y.to(device=device, dtype=y_dtype)

                y_hat = net(x)
                loss = objective(y_hat, y)
                ep_loss += loss.item()
                board.add_scalar('Loss/train', loss.item(), step)

                bar.set_postfix(**{'batch loss': loss.item()})

                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_value_(net.parameters(), 0.1)
                opt.step()

                bar.update(x.shape[0])
                step += 1
                if step % (n_fit // (10 * batch_size)) == 0:
                    for name, p in net.named_parameters():
                        name = name.replace('.', '/')
                        board.add_histogram(
                            'weights/' + name, p.data.cpu().numpy(), step)
                        board.add_histogram(
                            'grads/' + name, p.grad.data.cpu().numpy(), step)
                    val_score = score_net(net, val_loader, device)
                    sched.step(val_score)
                    board.add_scalar(
                        'learning_rate', opt.param_groups[0]['lr'], step)

                    if net.n_classes > 1:
                        logging.info(
                            'Check cross entropy: {}'.format(val_score))
                        board.add_scalar('Loss/test', val_score, step)
                    else:
                        logging.info(
                            'Check Dice: {}'.format(val_score))
                        board.add_scalar('Dice/test', val_score, step)

                    board.add_images('images', x, step)
                    if net.n_classes == 1:
                        board.add_images(
                            'masks/true', y, step)
                        board.add_images(
                            'masks/pred', torch.sigmoid(y_hat) > 0.5, step)

        if keep_ckpt:
            try:
                os.mkdir(ckpt_folder)
                logging.info('Made the checkpoint folder')
            except OSError:
                pass
            torch.save(net.state_dict(),
                       ckpt_folder + f'CP_epoch{ep + 1}.pth')
            logging.info(f'Weights of pass {ep + 1} written')

    board.close()


logging.basicConfig(level=logging.INFO,
                    format='%(levelname)s: %(message)s')
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

logging.info(f'Device: {device}')

net = UNet(n_channels=1, n_classes=5, bilinear=False)

logging.info(f'Net:\n'
             f'\t{net.n_channels} in channels\n'
             f'\t{net.n_classes} out channels\n'
             f'\t{"Bilinear" if net.bilinear else "Transposed conv"} upsampling')

# Restore weights
# net.load_state_dict(
#     torch.load(args.load, map_location=device)
# )
# logging.info(f'Weights read from {args.load}')

net.to(device=device)

try:
    fit(net=net,
        epochs=5,
        batch_size=5,
        lr=0.001,
        device=device,
        val_frac=20 / 100)
except KeyboardInterrupt:
    torch.save(net.state_dict(), 'STOPPED.pth')
    logging.info('Stopped; weights written')
    try:
        sys.exit(0)
    except SystemExit:
        os._exit(0)
