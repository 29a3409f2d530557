#!/usr/bin/env python
import os
import sys
import time
from datetime import datetime
from optparse import OptionParser

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.transforms as transforms
import yaml
from torch import optim
from torch.autograd import Variable
from torch.utils.data import DataLoader
from torch.utils.data.sampler import SubsetRandomSampler

from evaluate_model import eval_net
from loss import dice_loss
from tqdm import tqdm
from train_dataset import (PairColorJitter, NucleusTileDataset,
                           PairHFlip, PairRandomResizedCrop,
                           PairRotation, PairVFlip,
                           PairCLAHE, PairGrayscale, PairNormalize,
                           PairToTensor)
from unet import UNet


def train_unet(seg_net, data_conf, model_conf, n_epochs=50, batch_n=32, valid_frac=0.1, shuffle_ids=False, rng_seed=42, patience_runs=5, on_gpu=False):
    pipeline = transforms.Compose(
        [PairGrayscale(),
         PairRandomResizedCrop((data_conf['img_height'], data_conf['img_width'])),
         PairHFlip(p_apply=0.5),
         PairVFlip(p_apply=0.5),
         PairColorJitter(bright_amt=1.5, contrast_amt=1.5,
                     sat_amt=1.5, hue_amt=0.25),
         PairRotation(deg_range=90),
         PairToTensor(),
         PairNormalize()])
    stamp = datetime.now().strftime('%Y-%m-%d-%H%M%S')
    ckpt_path = f'models/pt-model-dsbowl{stamp}.pth'

    nuclei_dataset = NucleusTileDataset(
        data_conf['root_path'], skip_ids=data_conf['bad_images'], n_channels=model_conf['channels'], pipeline=pipeline)

    n_train_items = len(nuclei_dataset)

    sgd_optimizer = optim.SGD(
        seg_net.parameters(), lr=model_conf['lr'], momentum=model_conf['momentum'], weight_decay=model_conf['weight_decay'])
    loss_fn = dice_loss

    prev_epoch_loss = 0
    stale_runs = 0

    for epoch_i in range(n_epochs):
        train_ids, val_ids = split_train_val(
            nuclei_dataset, valid_frac, shuffle_ids, rng_seed)
        train_pick = SubsetRandomSampler(train_ids)
        val_pick = SubsetRandomSampler(val_ids)
        train_batch_loader = DataLoader(
            dataset=nuclei_dataset, batch_size=batch_n, sampler=train_pick, num_workers=data_conf['workers'])
        val_batch_loader = DataLoader(
            dataset=nuclei_dataset, batch_size=batch_n, sampler=val_pick, num_workers=data_conf['workers'])

        epoch_loss_sum = 0
        progress = tqdm(train_batch_loader)
        progress.set_description(desc=f'epoch {epoch_i+1} of {n_epochs}')
        for i, image_in in enumerate(progress):
            if on_gpu:
                X = Variable(image_in['image']).cuda()
                y = Variable(image_in['combined_mask']).cuda()
            else:
                X = Variable(image_in['image'])
                y = Variable(image_in['combined_mask'])
            seg_net.train()
            pred_y = seg_net(X)
            seg_net.eval()

            loss = loss_fn(pred_y, y)
            epoch_loss_sum += loss.data[0]

            progress.set_postfix(loss=loss.data[0])

            sgd_optimizer.zero_grad()
            loss.backward()
            sgd_optimizer.step()

        # validation disabled: val_dice_err = eval_net(seg_net, val_batch_loader, on_gpu)
        val_dice_err = 0
        tqdm.write(
            f'epoch done, summed loss {epoch_loss_sum/(batch_n if batch_n != 1 else n_train_items)}, dice error {val_dice_err}')
        if prev_epoch_loss < epoch_loss_sum:
            stale_runs += 1
        else:
            tqdm.write(
                f'loss went down by {(prev_epoch_loss - epoch_loss_sum)}; writing a checkpoint')
            torch.save(seg_net.state_dict(), ckpt_path)
            stale_runs = 0
        if stale_runs > patience_runs:
            tqdm.write('no improvement for a while, stopping')
            break
        prev_epoch_loss = epoch_loss_sum


def split_train_val(nuclei_dataset, valid_frac, shuffle_ids=False, rng_seed=42):
    n_items = len(nuclei_dataset)
    index_list = list(range(0, n_items))

    if shuffle_ids:
        random.seed(rng_seed)
        random.shuffle(index_list)

    cut_at = np.floor(valid_frac * n_items)
    return index_list[int(cut_at):], index_list[:int(cut_at)]


if __name__ == '__main__':
    opt_parser = OptionParser()
    opt_parser.add_option('-g', '--gpu', action='store_true', dest='use_gpu',
                      default=False, help='run on the GPU (off unless given)')
    opt_parser.add_option('-m', '--model', action='store_true', dest='load_model',
                      default=False, help='start from saved weights (off unless given)')

    (opts, rest_args) = opt_parser.parse_args()

    with open('train_config.yml', 'r') as cfg_file:
        conf = yaml.load(cfg_file)

    misc_conf = conf['misc']

    seg_net = UNet(conf['model']['channels'], conf['model']['dropout'])

    if opts.use_gpu:
        print('using the GPU')
        seg_net.cuda()
        cudann.benchmark = True

    if opts.load_model:
        print(f'reading weights from {misc_conf.get("model_path")}')
        seg_net.load_state_dict(torch.load(misc_conf['model_path']))
        print('weights restored')

    try:
        train_unet(seg_net,
              conf['data'],
              conf['model'],
              misc_conf['epochs'],
              misc_conf['batch_size'],
              misc_conf['val_split'],
              misc_conf['shuffle'],
              misc_conf['seed'],
              misc_conf['early_stop_loss'],
              opts.use_gpu)
    except KeyboardInterrupt:
        try:
            sys.exit(0)
        except SystemExit:
            os._exit(0)
