# -*- coding: utf-8 -*-
# differentiable architecture search for speaker recognition
# (searches cell operations on VoxCeleb1 features)
#
#


from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import argparse
import numpy as np
import shutil
import os
from tensorboardX import SummaryWriter
from tqdm import tqdm
from pathlib import Path

import torch
import torch.optim as optim
import torch.backends.cudnn as cudnn

from config import cfg, update_config
from utils import set_path, create_logger, save_checkpoint
from data_objects.DeepSpeakerDataset import DeepSpeakerDataset
from functions import train, validate_identification
from architect import Architect
from loss import CrossEntropyLoss
from torch.utils.data import DataLoader
from spaces import primitives_1, primitives_2, primitives_3
from models.model_search import Network


def read_cli():
    cli = argparse.ArgumentParser(description='architecture search')
    # required
    cli.add_argument('--cfg',
                        help='experiment configure file name',
                        required=True,
                        type=str)

    cli.add_argument('opts',
                        help="config overrides as KEY VALUE pairs",
                        default=None,
                        nargs=argparse.REMAINDER)

    cli.add_argument('--load_path',
                        help="run folder to resume from",
                        default=None)

    opts = cli.parse_args()

    return opts


def main():
    opts = read_cli()
    update_config(cfg, opts)

    # cudnn flags
    cudnn.benchmark = cfg.CUDNN.BENCHMARK
    torch.backends.cudnn.deterministic = cfg.CUDNN.DETERMINISTIC
    torch.backends.cudnn.enabled = cfg.CUDNN.ENABLED

    # seeds
    np.random.seed(cfg.SEED)
    torch.manual_seed(cfg.SEED)
    torch.cuda.manual_seed_all(cfg.SEED)

    # criterion
    ce_loss = CrossEntropyLoss(cfg.MODEL.NUM_CLASSES).cuda()

    # supernet
    net = Network(cfg.MODEL.INIT_CHANNELS, cfg.MODEL.NUM_CLASSES, cfg.MODEL.LAYERS, ce_loss, primitives_2,
                    drop_path_prob=cfg.TRAIN.DROPPATH_PROB)
    net = net.cuda()

    # weights = every parameter that is not an architecture parameter
    arch_ids = list(map(id, net.arch_parameters()))
    w_params = filter(lambda p: id(p) not in arch_ids,
                           net.parameters())

    # optimiser for the weights
    opt = optim.Adam(
        w_params,
        lr=cfg.TRAIN.LR,
        weight_decay=cfg.TRAIN.WD,
    )

    # resume, or create the run folders
    if opts.load_path and os.path.exists(opts.load_path):
        ckpt_file = os.path.join(opts.load_path, 'Model', 'checkpoint_best.pth')
        assert os.path.exists(ckpt_file)
        ckpt = torch.load(ckpt_file)

        # restore state
        start_ep = ckpt['epoch']
        last_epoch = ckpt['epoch']
        net.load_state_dict(ckpt['state_dict'])
        best_top1 = ckpt['best_acc1']
        opt.load_state_dict(ckpt['optimizer'])
        opts.path_helper = ckpt['path_helper']

        log = create_logger(opts.path_helper['log_path'])
        log.info("restored {}".format(ckpt_file))
    else:
        run_name = opts.cfg.split('/')[-1].split('.')[0]
        opts.path_helper = set_path('runs_search', run_name)
        log = create_logger(opts.path_helper['log_path'])
        start_ep = cfg.TRAIN.BEGIN_EPOCH
        best_top1 = 0.0
        last_epoch = -1

    log.info(opts)
    log.info(cfg)

    # keep a copy of the model source with the run
    here = os.path.dirname(__file__)
    shutil.copy2(
        os.path.join(here, 'models', cfg.MODEL.NAME + '.py'),
        opts.path_helper['ckpt_path'])

    # data
    train_set = DeepSpeakerDataset(
        Path(cfg.DATASET.DATA_DIR), cfg.DATASET.PARTIAL_N_FRAMES, 'train')
    search_set = DeepSpeakerDataset(
        Path(cfg.DATASET.DATA_DIR), cfg.DATASET.PARTIAL_N_FRAMES, 'val')
    train_dl = torch.utils.data.DataLoader(
        dataset=train_set,
        batch_size=cfg.TRAIN.BATCH_SIZE,
        num_workers=cfg.DATASET.NUM_WORKERS,
        pin_memory=True,
        shuffle=True,
        drop_last=True,
    )
    search_dl = torch.utils.data.DataLoader(
        dataset=search_set,
        batch_size=cfg.TRAIN.BATCH_SIZE,
        num_workers=cfg.DATASET.NUM_WORKERS,
        pin_memory=True,
        shuffle=True,
        drop_last=True,
    )
    test_set = DeepSpeakerDataset(
        Path(cfg.DATASET.DATA_DIR), cfg.DATASET.PARTIAL_N_FRAMES, 'test', is_test=True)
    test_dl = torch.utils.data.DataLoader(
        dataset=test_set,
        batch_size=1,
        num_workers=cfg.DATASET.NUM_WORKERS,
        pin_memory=True,
        shuffle=True,
        drop_last=True,
    )

    # tensorboard state
    tb_state = {
        'writer': SummaryWriter(opts.path_helper['log_path']),
        'train_global_steps': start_ep * len(train_dl),
        'valid_global_steps': start_ep // cfg.VAL_FREQ,
    }

    # search loop
    arch_opt = Architect(net, cfg)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(
        opt, cfg.TRAIN.END_EPOCH, cfg.TRAIN.LR_MIN,
        last_epoch=last_epoch
    )

    for epoch in tqdm(range(start_ep, cfg.TRAIN.END_EPOCH), desc='search'):
        net.train()

        geno = net.genotype()
        log.info('cells: %s', geno)

        if cfg.TRAIN.DROPPATH_PROB != 0:
            net.drop_path_prob = cfg.TRAIN.DROPPATH_PROB * epoch / (cfg.TRAIN.END_EPOCH - 1)

        train(cfg, net, opt, train_dl, search_dl, ce_loss, arch_opt, epoch, tb_state)

        if epoch % cfg.VAL_FREQ == 0:
            # identification accuracy on the test split
            acc = validate_identification(cfg, net, test_dl, ce_loss)

            # track the best top-1
            improved = acc > best_top1
            best_top1 = max(acc, best_top1)

            # checkpoint
            log.info('checkpoint -> {}'.format(opts.path_helper['ckpt_path']))
            save_checkpoint({
                'epoch': epoch + 1,
                'state_dict': net.state_dict(),
                'best_acc1': best_top1,
                'optimizer': opt.state_dict(),
                'arch': net.arch_parameters(),
                'genotype': geno,
                'path_helper': opts.path_helper
            }, improved, opts.path_helper['ckpt_path'], 'checkpoint_{}.pth'.format(epoch))

        sched.step(epoch)



if __name__ == '__main__':
    main()
