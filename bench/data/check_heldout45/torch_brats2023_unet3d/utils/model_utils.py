"""Helpers shared by the training routines."""

import os
import numpy as np
import torch
from torch.utils.data import DataLoader

from ..datasets import brats_dataset
from .general_utils import seg_to_one_hot_channels, disjoint_to_overlapping

def resume_or_start(net, opt, ckpt_path, with_val=False):
    """Restores the last checkpoint when there is one, else starts from epoch 1.

    Args:
        net: the network being trained.
        opt: its optimizer.
        ckpt_path: where the latest checkpoint lives.
        with_val: also hand back the best validation loss and Dice so far.

    Returns:
        The first epoch to run.
        With with_val, also the best validation loss and Dice so far.
    """

    if not os.path.exists(ckpt_path):
        first_epoch = 1
        if with_val:
            best_val = float('inf')
            best_dsc = 0
        print('No checkpoint on disk; training from scratch.')
    else:
        print('Found a checkpoint; restoring it...')
        state = torch.load(ckpt_path)
        first_epoch = state['epoch'] + 1
        net.load_state_dict(state['model_sd'])
        opt.load_state_dict(state['optim_sd'])
        if with_val:
            best_val = state['vloss']
            best_dsc = state['dice']
        print(f'Restored; resuming at epoch {first_epoch}.')

    if with_val:
        return first_epoch, best_val, best_dsc
    return first_epoch

def build_loader(root, shuffle, split, batch_size=1):
    """DataLoader over one data folder."""
    ds = brats_dataset.GliomaCases(root, split=split)
    loader = DataLoader(ds, batch_size=batch_size, shuffle=shuffle, num_workers=1, pin_memory=True)
    return loader

def decay_lr(opt, epoch, base_lr, rate):
    """Sets an exponentially decayed learning rate for this epoch."""
    lr = base_lr * (rate ** (epoch-1))
    for group in opt.param_groups:
        group['lr'] = lr

def weighted_loss(pred, target, criteria, weights):
    """Sum over the three regions of each criterion, weighted per criterion."""
    total = 0.
    for n, crit in enumerate(criteria):      
        part = 0
        for r in range(3):
            part += crit(pred[:,r:r+1].cuda(), target[:,r:r+1].cuda())

        total += part * weights[n]
    return total

def run_epoch(net, opt, loader, criteria, weights, regions):
    """One pass over the training data.

    Args:
        net: the network being trained.
        opt: its optimizer.
        loader: training batches.
        criteria: loss functions.
        weights: a weight per loss function.
        regions: 'disjoint' or 'overlapping' target regions.

    Returns:
        Mean training loss of the epoch.
    """
    epoch_losses = []
    for _, vols, mask in loader:

        net.train()

        # batch to the GPU
        vols = [v.cuda() for v in vols] # each B1HWD
        mask = mask.cuda()

        # one channel per tumour label
        mask = seg_to_one_hot_channels(mask)
        # mask is B3HWD, one disjoint region per channel

        if regions == 'overlapping':
            mask = disjoint_to_overlapping(mask)
            # mask is B3HWD, one nested region per channel

        x = torch.cat(vols, dim=1) # B4HWD
        pred = net(x)
        pred = pred.float()

        # weighted loss over the regions
        loss = weighted_loss(pred, mask, criteria, weights)

        opt.zero_grad()
        loss.backward()
        opt.step()

        epoch_losses.append(loss.detach().cpu())

    # mean over the epoch
    mean_loss = np.mean(epoch_losses)
    return mean_loss


def freeze_named(net, names):
    """Stops gradient updates of every parameter whose name contains one of names.

    Args:
        net: the network.
        names: substrings of parameter names to freeze.
    """

    for pname, p in net.named_parameters():
        hit = False
        for nm in names:
            if nm in pname:
                hit = True
                break
        if hit:
            print(f'Freezing {pname}.')
            p.requires_grad = False

def report_frozen(net, names):
    """Prints whether each parameter matched by names is frozen.

    Args:
        net: the network.
        names: substrings of parameter names that should be frozen.
    """
    for pname, p in net.named_parameters():
        hit = False
        for nm in names:
            if nm in pname:
                hit = True
                break
        if hit:
            if p.requires_grad:
                print(f'Parameter {pname} still takes gradients.')
                break
            else:
                print(f'{pname} is frozen.')

# Groups of the 3-D U-Net that can be frozen:
# 'encoder': ['Conv1', 'Conv2', 'Conv3', 'Conv4', 'Conv5', 'Conv6', 'Conv7'],
# 'decoder': ['Up6', 'Up_conv6', 'Up5', 'Up_conv5', 'Up4', 'Up_conv4', 'Up3', 'Up_conv3', 'Conv_1x13', 'Up2', 'Up_conv2', 'Conv_1x12', 'Up1', 'Up_conv1', 'Conv_1x11'],
# 'middle' : ['Conv5', 'Conv6', 'Conv7', 'Up6', 'Up_conv6', 'Up5', 'Up_conv5', 'Up4', 'Up_conv4'],
# 'none' : [],
# 'deep_decoder': ['Up6', 'Up_conv6', 'Up5', 'Up_conv5', 'Up4', 'Up_conv4']
