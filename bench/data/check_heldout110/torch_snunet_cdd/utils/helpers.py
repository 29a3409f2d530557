import logging
import torch
import torch.utils.data
import torch.nn as nn
import numpy as np
from utils.dataloaders import (full_path_loader, full_test_loader, CDDloader)
from utils.metrics import jaccard_loss, dice_loss
from utils.losses import hybrid_loss
from models.Models import Siam_NestedUNet_Conc, SNUNet_ECAM
from models.siamunet_dif import SiamUnet_diff
logging.basicConfig(level=logging.INFO)

def initialize_metrics():
    """A fresh dict of empty score lists

    Returns
    -------
    dict
        one empty list per score


    """
    stats = {
        'cd_losses': [],
        'cd_corrects': [],
        'cd_precisions': [],
        'cd_recalls': [],
        'cd_f1scores': [],
        'learning_rate': [],
    }

    return stats


def get_mean_metrics(stats):
    """Mean of every score list

    Parameters
    ----------
    stats : dict
        score lists

    Returns
    -------
    dict
        mean per score

    """
    return {k: np.mean(v) for k, v in stats.items()}


def set_metrics(stats, loss_cd, acc, prf, lr):
    """Append one batch's scores

    Parameters
    ----------
    stats : dict
        score lists
    loss_cd : tensor
        the batch loss
    acc : tensor
        pixel accuracy
    prf : tuple
        precision, recall, F1

    Returns
    -------
    dict
        the same dict, extended


    """
    stats['cd_losses'].append(loss_cd.item())
    stats['cd_corrects'].append(acc.item())
    stats['cd_precisions'].append(prf[0])
    stats['cd_recalls'].append(prf[1])
    stats['cd_f1scores'].append(prf[2])
    stats['learning_rate'].append(lr)

    return stats

def set_test_metrics(stats, acc, prf):

    stats['cd_corrects'].append(acc.item())
    stats['cd_precisions'].append(prf[0])
    stats['cd_recalls'].append(prf[1])
    stats['cd_f1scores'].append(prf[2])

    return stats


def get_loaders(cfg):


    logging.info('indexing the splits')

    tr_index, va_index = full_path_loader(cfg.dataset_dir)


    tr_set = CDDloader(tr_index, aug=cfg.augmentation)
    va_set = CDDloader(va_index, aug=False)

    logging.info('making the loaders')

    tr_loader = torch.utils.data.DataLoader(tr_set,
                                               batch_size=cfg.batch_size,
                                               shuffle=True,
                                               num_workers=cfg.num_workers)
    va_loader = torch.utils.data.DataLoader(va_set,
                                             batch_size=cfg.batch_size,
                                             shuffle=False,
                                             num_workers=cfg.num_workers)
    return tr_loader, va_loader

def get_test_loaders(cfg, batch_size=None):

    if not batch_size:
        batch_size = cfg.batch_size

    logging.info('indexing the test split')

    te_index = full_test_loader(cfg.dataset_dir)

    te_set = CDDloader(te_index, aug=False)

    logging.info('making the loader')


    te_loader = torch.utils.data.DataLoader(te_set,
                                             batch_size=batch_size,
                                             shuffle=False,
                                             num_workers=cfg.num_workers)
    return te_loader


def get_criterion(cfg):
    """The loss the options name

    Parameters
    ----------
    cfg : namespace
        options

    Returns
    -------
    callable
        the loss


    """
    if cfg.loss_function == 'hybrid':
        crit = hybrid_loss
    if cfg.loss_function == 'bce':
        crit = nn.CrossEntropyLoss()
    if cfg.loss_function == 'dice':
        crit = dice_loss
    if cfg.loss_function == 'jaccard':
        crit = jaccard_loss

    return crit


def load_model(cfg, device):
    """Build the network

    Parameters
    ----------
    cfg : namespace
        options
    device : torch.device
        where it runs

    """
    # ids = list(range(cfg.num_gpus))
    net = SNUNet_ECAM(cfg.num_channel, 2).to(device)
    # net = nn.DataParallel(net, device_ids=ids)

    return net
