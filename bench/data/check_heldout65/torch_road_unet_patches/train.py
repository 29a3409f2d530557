import logging
import os

import click
import torch.nn as nn
from torch import optim
from torch.utils.data import DataLoader, random_split
from torch.utils.tensorboard import SummaryWriter
from torch_unet.globals import *
from torch_unet.tools.dataset import TrainingSet
from torch_unet.tools.losses import dice_loss_withlogits
from torch_unet.unet import UNet
from torch_unet.unet.train import train_model


def make_loaders(full_set, hold_frac, bs):
    """ Cut the data set into a fit part and a held-out part and wrap both in loaders
    
    :param full_set: the data set
    :param hold_frac: share held out
    :param bs: batch size
    :return:
    """
    n_hold = int(len(full_set) * hold_frac)
    n_fit = len(full_set) - n_hold
    fit_part, hold_part = random_split(full_set, [n_fit, n_hold])
    fit_loader = DataLoader(fit_part, batch_size=bs, shuffle=True, num_workers=2, pin_memory=True)
    hold_loader = DataLoader(hold_part, batch_size=bs, shuffle=False, num_workers=2, pin_memory=True)
    return n_fit, fit_loader, n_hold, hold_loader


def run_folder(patch_size, step, depth, batch_size, lr, decay, padding, batch_norm,
                  dropout, rotation, init_filters, leaky, balance, augmentation, dice, create=True):
    """
    Folder name that encodes the run settings
    """
    tag = f"d{depth}_bs{batch_size}_lr{lr}_p{patch_size}_s{step}_f{init_filters}"
    if padding:
        tag += "_pad"
    if batch_norm:
        tag += "_bn"
    if rotation:
        tag += "_rot"
    if decay > 0:
        tag += f"_dec"
    if dropout > 0:
        tag += f"_do{dropout}"
    if leaky:
        tag += "_lrelu"
    if balance:
        tag += "_bal"
    if dice:
        tag += '_dice'
    if augmentation:
        tag += "_aug"
    
    run_dir = os.path.join(MODELS_DIR, tag)
    ckpt_dir = os.path.join(run_dir, "checkpoints/")
    if create and not os.path.exists(ckpt_dir):
        os.makedirs(ckpt_dir, exist_ok=True)
    return ckpt_dir, tag


def fit(epochs, lr, decay, val_ratio, batch_size, patch_size, step, depth, num_filters, padding, batch_norm, dropout,
          leaky, rotations, balance, dice, augmentation):
    """
    One training run with the given settings
    """
    
    # the run folder (created if missing)
    ckpt_dir, tag = run_folder(patch_size, step, depth, batch_size, lr, decay, padding, batch_norm, dropout,
                                         rotations, num_filters, leaky, balance, augmentation, dice)
    
    # the patch data set
    full_set = TrainingSet(IMAGE_DIR, MASK_DIR, mask_threshold=MASK_THRESHOLD,
                          rotation_angles=ROTATION_ANGLES if rotations else None, patch_size=patch_size,
                          step=step if step is None else int(step), augmentation=augmentation)
    
    # fit / held-out loaders
    n_fit, fit_loader, n_hold, hold_loader = make_loaders(full_set, val_ratio, batch_size)
    
    # tensorboard
    tb = SummaryWriter(comment=tag)
    
    # the network
    net = UNet(n_channels=NUM_CHANNELS, n_classes=N_CLASSES, depth=depth, init_filters=num_filters, padding=padding,
               batch_norm=batch_norm, dropout=dropout, leaky=leaky)
    
    # Adam
    opt = optim.Adam(net.parameters(), lr=lr)
    
    # loss
    crit = nn.BCEWithLogitsLoss()
    if dice:
        crit = dice_loss_withlogits
    
    # optional plateau decay
    sched = None
    if decay:
        sched = optim.lr_scheduler.ReduceLROnPlateau(opt, 'min', patience=5, verbose=True)
    
    # go
    train_model(epochs, crit, opt, sched, net, fit_loader, hold_loader, ckpt_dir, logger, n_fit,
                n_hold, batch_size, tb, val_ratio, balance)


@click.command()
@click.option("--epochs", default=35, help="epochs (35)")
@click.option("--lr", default=0.001, help="learning rate (0.001)")
@click.option("--decay", is_flag=True, help="reduce the rate on plateau")
@click.option("--val-ratio", default=0.2, help="held-out share (0.2)")
@click.option("--batch-size", default=128, help="batch size (128)")
@click.option("--patch-size", default=80, help="patch side (80)")
@click.option("--step", default=20, help="stride between patches (20)")
@click.option("--depth", default=3, help="U-Net levels (3)")
@click.option("--num-filters", default=64, help="filters of the first level (64)")
@click.option("--padding", is_flag=True, help="same padding")
@click.option("--batch-norm", is_flag=True, help="batch norm")
@click.option("--dropout", default=0., help="dropout (0)")
@click.option("--leaky", is_flag=True, help="leaky ReLU")
@click.option("--rotations", is_flag=True, help="add rotated copies of the images")
@click.option("--balance", is_flag=True, help="class-balanced BCE (not with --dice)")
@click.option("--dice", is_flag=True, help="dice loss")
@click.option("--augmentation", is_flag=True, help="random augmentation of patches")
def main(epochs, lr, decay, val_ratio, batch_size, patch_size, step, depth, num_filters, padding, batch_norm, dropout,
         leaky, rotations, balance, dice, augmentation):
    """
    Train a road-segmentation U-Net

    """
    
    fit(epochs, lr, decay, val_ratio, batch_size, patch_size, step, depth, num_filters, padding, batch_norm, dropout,
          leaky, rotations, balance, dice, augmentation)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format='%(levelname)s: %(message)s')
    
    logger = logging.getLogger()
    logger.setLevel(logging.DEBUG)
    
    main()
