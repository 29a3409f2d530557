import os
import sys
import cv2
import argparse
import numpy as np

import torch
from torch import nn
from torch.nn import MSELoss
from torch.optim import Adam
from torch.optim.lr_scheduler import MultiStepLR
from torch.autograd import Variable
from torch.utils.data import DataLoader
from tensorboardX import SummaryWriter

import settings
from dataset import RainPairDataset
from model import RecurrentDerainNet 
from cal_ssim import SSIMMetric

log_out = settings.run_logger
torch.cuda.manual_seed_all(66)
torch.manual_seed(66)
torch.cuda.set_device(settings.gpu_index)


def make_dir_if_missing(target_dir):
    if not os.path.isdir(target_dir):
        os.makedirs(target_dir)
        

class TrainSession:
    def __init__(self):
        self.logs_dir = settings.logs_dir
        self.ckpt_model_dir = settings.ckpt_model_dir
        make_dir_if_missing(settings.logs_dir)
        make_dir_if_missing(settings.ckpt_model_dir)
        log_out.info('logs go to %s' % settings.logs_dir)
        log_out.info('checkpoints go to %s' % settings.ckpt_model_dir)

        self.derain_net = RecurrentDerainNet().cuda()
        self.mse_crit = MSELoss().cuda()
        self.ssim_metric = SSIMMetric().cuda()

        self.global_step = 0
        self.ckpt_every = settings.ckpt_every
        self.loader_workers = settings.loader_workers
        self.per_batch = settings.per_batch
        self.tb_writers = {}
        self.loader_cache = {}

        self.adam_opt = Adam(self.derain_net.parameters(), lr=settings.base_lr)
        self.lr_sched = MultiStepLR(self.adam_opt, milestones=[15000, 17500], gamma=0.1)

    def open_writer(self, tag):
        self.tb_writers[tag] = SummaryWriter(os.path.join(self.logs_dir, tag + '.events'))
        return self.tb_writers[tag]

    def log_scalars(self, tag, scalars):
        for key, value in scalars.items():
            self.tb_writers[tag].add_scalar(key, value, self.global_step)

        scalars['lr'] = self.adam_opt.param_groups[0]['lr']
        scalars['step'] = self.global_step
        parts = [
            "{}:{:.4g}".format(key, value) 
            for key, value in scalars.items()
        ]
        log_out.info(tag + '--' + ' '.join(parts))

    def fresh_loader(self, dataset_split):
        split_dataset = RainPairDataset(dataset_split)
        if not dataset_split in self.loader_cache:
            self.loader_cache[dataset_split] = \
                    DataLoader(split_dataset, batch_size=self.per_batch, 
                            shuffle=True, num_workers=self.loader_workers, drop_last=True)
        return iter(self.loader_cache[dataset_split])

    def store_ckpt(self, tag):
        ckpt_path = os.path.join(self.ckpt_model_dir, tag)
        state = {
            'net': self.derain_net.state_dict(),
            'clock': self.global_step,
            'opt': self.adam_opt.state_dict(),
        }
        torch.save(state, ckpt_path)

    def restore_ckpt(self, tag):
        ckpt_path = os.path.join(self.ckpt_model_dir, tag)
        try:
            state = torch.load(ckpt_path)
            log_out.info('restored %s' % ckpt_path)
        except FileNotFoundError:
            log_out.info('nothing to restore at %s' % ckpt_path)
            return
        self.derain_net.load_state_dict(state['net'])
        self.adam_opt.load_state_dict(state['opt'])
        self.global_step = state['clock']
        self.lr_sched.last_epoch = self.global_step

    def run_batch(self, tag, data_batch):
        rain_img, bg_img = data_batch['O'].cuda(), data_batch['B'].cuda()
        rain_img, bg_img = Variable(rain_img, requires_grad=False), Variable(bg_img, requires_grad=False)
        streaks = rain_img - bg_img

        stage_preds = self.derain_net(rain_img)
        stage_losses = [self.mse_crit(stage_pred, streaks) for stage_pred in stage_preds]
        stage_ssims = [self.ssim_metric(rain_img - stage_pred, rain_img - streaks) for stage_pred in stage_preds]

        if tag == 'train':
            self.derain_net.zero_grad()
            sum(stage_losses).backward()
            self.adam_opt.step()

        loss_log = {
            'loss%d' % i: stage_loss.item()
            for i, stage_loss in enumerate(stage_losses)
        }
        ssim_log = {
            'ssim%d' % i: stage_ssim.item()
            for i, stage_ssim in enumerate(stage_ssims)
        }
        loss_log.update(ssim_log)
        self.log_scalars(tag, loss_log)

        return rain_img - stage_preds[-1]

    def dump_preview(self, tag, img_triplet):
        input_imgs, pred_imgs, label_imgs = img_triplet
        pred_imgs = pred_imgs.cpu().data

        input_imgs, label_imgs, pred_imgs = input_imgs * 255, label_imgs * 255, pred_imgs * 255
        pred_imgs = np.clip(pred_imgs, 0, 255)

        tile_h, tile_w = pred_imgs.shape[-2:]

        grid_shape = (6, 2)
        canvas = np.zeros((grid_shape[0] * tile_h, grid_shape[1] * 3 * tile_w, 3))
        for _img_entry in img_triplet:
            for i in range(grid_shape[0]):
                y0 = i * tile_h
                for j in range(grid_shape[1]):
                    slot = i * grid_shape[1] + j
                    triple = [input_imgs[slot], pred_imgs[slot], label_imgs[slot]]
                    for key in range(3):
                        x0 = (j * 3 + key) * tile_w
                        tile = np.transpose(triple[key], (1, 2, 0))
                        canvas[y0: y0+tile_h, x0: x0+tile_w] = tile 

        img_path = os.path.join(self.logs_dir, '%d_%s.jpg' % (self.global_step, tag))
        cv2.imwrite(img_path, canvas)


def train_and_validate(ckpt_name='latest'):
    session = TrainSession()
    session.restore_ckpt(ckpt_name)

    session.open_writer('train')
    session.open_writer('val')

    train_iter = session.fresh_loader('train')
    val_iter = session.fresh_loader('val')

    while session.global_step < 20000:
        session.lr_sched.step()
        session.derain_net.train()

        try:
            train_batch = next(train_iter)
        except StopIteration:
            train_iter = session.fresh_loader('train')
            train_batch = next(train_iter)
        train_pred = session.run_batch('train', train_batch)

        if session.global_step % 4 == 0:
            session.derain_net.eval()
            try:
                val_batch = next(val_iter)
            except StopIteration:
                val_iter = session.fresh_loader('val')
                val_batch = next(val_iter)
            val_pred = session.run_batch('val', val_batch)

        if session.global_step % int(session.ckpt_every / 16) == 0:
            session.store_ckpt('latest')
        if session.global_step % int(session.ckpt_every / 2) == 0:
            session.dump_preview('train', [train_batch['O'], train_pred, train_batch['B']])
            if session.global_step % 4 == 0:
                session.dump_preview('val', [val_batch['O'], val_pred, val_batch['B']])
            log_out.info('preview written at step %d' % session.global_step)
        if session.global_step % session.ckpt_every == 0:
            session.store_ckpt('step_%d' % session.global_step)
            log_out.info('checkpoint written at step %d' % session.global_step)
        session.global_step += 1


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('-m', '--model', default='latest')

    cli_args = cli.parse_args(sys.argv[1:])
    train_and_validate(cli_args.model)

