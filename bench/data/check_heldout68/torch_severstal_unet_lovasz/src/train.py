import os
import gc
import time
import argparse
import numpy as np
from tqdm import tqdm

import torch
from torch import nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
import segmentation_models_pytorch as smp
from sklearn.model_selection import KFold
from torch.utils.data.sampler import RandomSampler
from sklearn.model_selection import train_test_split

from src.logger import Logger
from src.steel_data import make_steel_set
from src.losses import lovasz_softmax, dice_channel_torch


class SteelTrainer(object):
    def __init__(self):
        self.logger = Logger('logs/')

        # network and its optimiser
        self.model = None
        self.optimizer = None
        self.lr_scheduler = None

        # datasets and loaders
        self.train_loader = None
        self.val_loader = None
        self.train_data = None
        self.val_data = None

    def run_val(self):
        """ one pass over the held-out fold """
        loss_sum = 0
        prob_maps = []
        gt_maps = []

        self.model.eval()
        for imgs, gt, cls_map in tqdm(self.val_loader, total=len(self.val_loader), ascii=True, desc='held-out'):
            imgs, gt, cls_map = imgs.to(device), gt.to(device), cls_map.to(device)
            with torch.set_grad_enabled(False):
                logits = self.model(imgs)
                bce_part = nn.BCEWithLogitsLoss()(logits, gt)
                lovasz_part = lovasz_softmax(F.softmax(logits, dim=1), cls_map)  # weight may need tuning
                total = bce_part + lovasz_part

            prob_maps.append(F.sigmoid(logits).detach().cpu().numpy())
            gt_maps.append(gt.detach().cpu().numpy())
            loss_sum += total.item() * imgs.size(0)
            gc.collect()

        start = time.time()
        prob_maps = np.concatenate(prob_maps).squeeze()
        gt_maps = np.concatenate(gt_maps).squeeze()
        va_dice = dice_channel_torch(prob_maps, gt_maps, 0.5)
        va_loss = loss_sum / self.val_data.__len__()
        print(f"held-out dice took {(time.time() - start):.3f}s")
        gc.collect()
        return va_loss, va_dice

    def run_train(self):
        """ one pass over the training fold """
        loss_sum = 0
        self.model.train()
        for imgs, gt, cls_map in tqdm(self.train_loader, total=len(self.train_loader), ascii=True, desc='fit'):
            imgs, gt, cls_map = imgs.to(device), gt.to(device), cls_map.to(device)
            self.optimizer.zero_grad()

            with torch.set_grad_enabled(True):
                logits = self.model(imgs)
                bce_part = nn.BCEWithLogitsLoss()(logits, gt)
                lovasz_part = lovasz_softmax(F.softmax(logits, dim=1), cls_map)  # weight may need tuning
                total = bce_part + lovasz_part

                total.backward()
                self.optimizer.step()
                gc.collect()

            loss_sum += total.item() * imgs.size(0)

        tr_loss = loss_sum / self.train_data.__len__()
        gc.collect()
        return tr_loss

    def log_epoch(self, ep, tr_hist, va_hist, va_score):
        """ print and send scalars/histograms to tensorboard """
        print(f"ep {ep} | fit loss {tr_hist[-1]:.6f} | held-out loss {va_hist[-1]:.6f} | "
              f"held-out dice {va_score:.6f}")
        # print(f"lr now: {self.lr_scheduler.get_lr()[0]:.6f}")

        # scalars
        scalars = {'fit_loss': tr_hist[-1],
                'heldout_loss': va_hist[-1],
                'heldout_dice': va_score}

        for name, val in scalars.items():
            self.logger.scalar_summary(name, val, ep + 1)

        # weight and gradient histograms
        for name, val in self.model.named_parameters():
            name = name.replace('.', '/')
            self.logger.histo_summary(name, val.data.cpu().numpy(), ep + 1)
            self.logger.histo_summary(name + '/grad', val.grad.data.cpu().numpy(), ep + 1)

        return True

    def main(self):
        """ folds x epochs """
        # build the Unet
        self.model = smp.Unet(args.model, classes=4, encoder_weights='imagenet')
        self.model = torch.nn.Sequential(*(list(self.model.children())[:-1]))
        self.model.to(device)
        self.model.state_dict(torch.load('output/weights/resnet34_f0_s3.pth'))
        cycle_len = args.epoch // args.snapshot

        n_imgs = len(os.listdir('input/severstal-steel-defect-detection/train_images'))
        # n_imgs = 1000  (quick debug run)
        all_idx = list(range(n_imgs))

        if args.num_fold > 1:
            splitter = KFold(n_splits=args.num_fold, random_state=42, shuffle=True)
            tr_folds = []
            va_folds = []
            for t, v in splitter.split(all_idx):
                tr_folds.append(t)
                va_folds.append(v)
        elif args.num_fold == 1:
            tr_folds, va_folds, _, _ = train_test_split(all_idx, all_idx, test_size=0.2, random_state=42)
            tr_folds, va_folds = [tr_folds], [va_folds]
        else:
            raise Exception('num_fold must be at least 1')

        for k in range(args.num_fold):
            print(f'========================'
                  f'==== fold {k} ===='
                  f'========================')
            self.train_data = make_steel_set(mode='train', image_idx=tr_folds[k])
            self.train_loader = DataLoader(self.train_data,
                                           shuffle=RandomSampler(self.train_data),
                                           batch_size=args.batch_size,
                                           num_workers=6,
                                           pin_memory=True)
            self.val_data = make_steel_set(mode='val', image_idx=va_folds[k])
            self.val_loader = DataLoader(self.val_data,
                                         shuffle=False,
                                         batch_size=args.batch_size,
                                         num_workers=6,
                                         pin_memory=True)

            snap = 0
            best_dice = 0
            # SGD with momentum
            self.optimizer = torch.optim.SGD(self.model.parameters(), lr=args.max_lr, momentum=args.momentum,
                                             weight_decay=args.weight_decay)
            # self.lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer,
            #                                                                cycle_len, args.min_lr)
            self.lr_scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(self.optimizer, patience=6,
                                                                           verbose=True,
                                                                           )

            # per-epoch history
            tr_hist = []  # train loss per epoch
            va_hist = []  # held-out loss per epoch

            for epoch in range(args.epoch):
                tr_epoch_loss = self.run_train()
                # tr_epoch_loss = 1
                va_loss, dice_now = self.run_val()
                # self.lr_scheduler.step()  # cosine variant
                self.lr_scheduler.step(va_loss)  # plateau variant

                tr_hist.append(tr_epoch_loss)
                va_hist.append(va_loss)

                self.log_epoch(epoch, tr_hist, va_hist, dice_now)

                # keep the best weights of this cycle
                if dice_now >= best_dice:
                    best_dice = dice_now
                    best_sd = self.model.state_dict()
                    torch.save(best_sd, args.save_weight + args.weight_name +
                               '_lrPlateau' + '.pth')

                if (epoch + 1) % cycle_len == 0:
                    torch.save(best_sd, args.save_weight + args.weight_name +
                               '_f' + str(k) + '_s' + str(snap) + '.pth')

                    self.optimizer = torch.optim.SGD(self.model.parameters(),
                                                     lr=args.max_lr,
                                                     momentum=args.momentum,
                                                     weight_decay=args.weight_decay)
                    self.lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer,
                                                                                   cycle_len,
                                                                                   args.min_lr)
                    snap += 1
                    best_dice = 0

        return True


cli = argparse.ArgumentParser(description='')
cli.add_argument('--model', default='resnet34', type=str, help='encoder name')
cli.add_argument('--batch_size', default=8, type=int, help='images per step')
cli.add_argument('--epoch', default=40, type=int, help='epochs per fold')
cli.add_argument('--num_fold', default=1, type=int, help='how many folds')
cli.add_argument('--snapshot', default=1, type=int, help='snapshots per fold')
cli.add_argument('--cuda', default=True, type=bool, help='train on the GPU')
cli.add_argument('--save_weight', default='output/weights/', type=str, help='checkpoint folder')
cli.add_argument('--max_lr', default=0.01, type=float, help='initial step size')
cli.add_argument('--min_lr', default=1e-3, type=float, help='floor for the cosine schedule')
cli.add_argument('--momentum', default=0.9, type=float, help='SGD momentum')
cli.add_argument('--weight_decay', default=1e-5, type=float, help='L2 penalty')
cli.add_argument('--patience', default=40, type=int, help='epochs without improvement before stopping')

args = cli.parse_args()
args.weight_name = args.model

if not os.path.isdir(args.save_weight):
    os.mkdir(args.save_weight)

device = torch.device('cuda' if args.cuda else 'cpu')


if __name__ == '__main__':
    # ------------------------------------------------------------------ #
    #   curves: run tensorboard on the logs/ folder                        #
    # ------------------------------------------------------------------ #
    # tensorboard --logdir=logs --port=6006
    # then open the printed local address

    trainer = SteelTrainer()
    trainer.run()
