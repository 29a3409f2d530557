from __future__ import print_function
import torch.backends.cudnn as cudnn
import torch
import torchvision.transforms as transforms

import argparse
import os
import random
import sys
import pprint
import datetime
import dateutil
import dateutil.tz


here = (os.path.abspath(os.path.join(os.path.realpath(__file__), './.')))
sys.path.append(here)

from miscc.caption_data import CaptionImages
from miscc.config import cfg, cfg_from_file
from miscc.utils import mkdir_p
from trainer import TwoStageTrainer


def read_cli():
    ap = argparse.ArgumentParser(description='text-to-image GAN training')
    ap.add_argument('--cfg', dest='cfg_file',
                        help='yaml settings file',
                        default='birds_stage1.yml', type=str)
    ap.add_argument('--gpu',  dest='gpu_id', type=str, default='0')
    ap.add_argument('--data_dir', dest='data_dir', type=str, default='')
    ap.add_argument('--manualSeed', type=int, help='rng seed')
    cli = ap.parse_args()
    return cli

if __name__ == "__main__":
    cli = read_cli()
    if cli.cfg_file is not None:
        cfg_from_file(cli.cfg_file)
    if cli.gpu_id != -1:
        cfg.GPU_ID = cli.gpu_id
    if cli.data_dir != '':
        cfg.DATA_DIR = cli.data_dir
    print('settings:')
    pprint.pprint(cfg)
    if cli.manualSeed is None:
        cli.manualSeed = random.randint(1, 10000)
    random.seed(cli.manualSeed)
    torch.manual_seed(cli.manualSeed)
    if cfg.CUDA:
        torch.cuda.manual_seed_all(cli.manualSeed)
    now = datetime.datetime.now(dateutil.tz.tzlocal())
    stamp = now.strftime('%Y_%m_%d_%H_%M_%S')
    out_dir = '../output/%s_%s_%s' % \
                 (cfg.DATASET_NAME, cfg.CONFIG_NAME, stamp)

    n_gpu = len(cfg.GPU_ID.split(','))
    if cfg.TRAIN.FLAG:
        img_tf = transforms.Compose([
            transforms.RandomCrop(cfg.IMSIZE),
            transforms.RandomHorizontalFlip(),
            transforms.ToTensor(),
            transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])
        ds = CaptionImages(cfg.DATA_DIR, 'train',
                              imsize=cfg.IMSIZE,
                              transform=img_tf)
        assert ds
        loader = torch.utils.data.DataLoader(
            ds, batch_size=cfg.TRAIN.BATCH_SIZE * n_gpu,
            drop_last=True, shuffle=True, num_workers=int(cfg.WORKERS))

        runner = TwoStageTrainer(out_dir)
        runner.train(loader, cfg.STAGE)
    else:
        t7_path= '%s/test/val_captions.t7' % (cfg.DATA_DIR)
        runner = TwoStageTrainer(out_dir)
        runner.sample(t7_path, cfg.STAGE)
