# source: https://github.com/samleoqh/MSCG-Net/blob/a3b13572b2379dbbcb35cf7597a6d1d861fe937b/tools/train_R50.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import random
import sys
import time

import numpy as np
import torch
import torchvision.utils as vutils
from tensorboardX import SummaryWriter
from torch import optim
from torch.backends import cudnn
from torch.utils.data import DataLoader

from lib.loss.acw_loss import ACW_loss
from config.configs_kf import agriculture_configs, prepare_gt, VAL_ROOT, TRAIN_ROOT
from lib.utils.lookahead import Lookahead
from lib.utils.lr import init_params_lr
from lib.utils.measure import evaluate, AverageMeter
from lib.utils.visual import get_visualize, colorize_mask
from tools.model import load_model

cudnn.benchmark = True

prepare_gt(VAL_ROOT)
prepare_gt(TRAIN_ROOT)

cfg = agriculture_configs(net_name='MSCG-Rx50', data='Agriculture', bands_list=['NIR', 'RGB'],
                          kf=0, k_folder=0, note='acw_adax')
cfg.input_size = [512, 512]
cfg.scale_rate = 1.
cfg.val_size = [512, 512]
cfg.node_size = (32, 32)
cfg.train_batch = 10
cfg.val_batch = 10
cfg.lr = 1.5e-4 / np.sqrt(3)
cfg.weight_decay = 2e-5
cfg.lr_decay = 0.9
cfg.max_iter = 1e8
cfg.snapshot = ''
cfg.print_freq = 100
cfg.save_pred = False
cfg.ckpt_path = os.path.abspath(os.curdir)

writer = SummaryWriter(os.path.join(cfg.save_path, 'tblog'))
visualize, restore = get_visualize(cfg)


def seed_everything(seed, use_cuda=True):
    np.random.seed(seed)
    torch.manual_seed(seed)
    random.seed(seed)
    if use_cuda:
        torch.cuda.manual_seed(seed)
        torch.cuda.manual_seed_all(seed)
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.benchmark = False


def main():
    seed_everything(cfg.seeds)
    net = load_model(name=cfg.model, classes=cfg.nb_classes, node_size=cfg.node_size)
    net, first_epoch = cfg.resume_train(net)
    net.cuda()
    net.train()

    train_set, val_set = cfg.get_dataset()
    train_loader = DataLoader(dataset=train_set, batch_size=cfg.train_batch, num_workers=0, shuffle=True)
    val_loader = DataLoader(dataset=val_set, batch_size=cfg.val_batch, num_workers=0)

    criterion = ACW_loss().cuda()
    params = init_params_lr(net, cfg)
    inner_opt = optim.Adam(params, amsgrad=True)
    optimizer = Lookahead(inner_opt, k=6)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, 60, 1.18e-6)

    extra_ep = 0
    while True:
        seg_meter = AverageMeter()
        aux_meter = AverageMeter()
        cfg.lr = optimizer.param_groups[0]['lr']
        n_iter = len(train_loader)
        it = ((first_epoch + extra_ep) - 1) * n_iter

        for i, (inputs, labels) in enumerate(train_loader):
            sys.stdout.flush()
            inputs, labels = inputs.cuda(), labels.cuda()
            n_pix = inputs.size(0) * inputs.size(2) * inputs.size(3)
            optimizer.zero_grad()
            outputs, graph_cost = net(inputs)

            seg_loss = criterion(outputs, labels)
            loss = seg_loss + graph_cost
            loss.backward()
            optimizer.step()
            scheduler.step(epoch=(first_epoch + extra_ep))

            seg_meter.update(seg_loss.item(), n_pix)
            aux_meter.update(graph_cost.item(), inputs.size(0))

            it += 1
            writer.add_scalar('main_loss', seg_meter.avg, it)
            writer.add_scalar('aux_loss', aux_meter.avg, it)
            writer.add_scalar('lr', optimizer.param_groups[0]['lr'], it)

        validate(net, val_set, val_loader, criterion, optimizer, first_epoch + extra_ep, extra_ep)
        extra_ep += 1


def validate(net, val_set, val_loader, criterion, optimizer, epoch, extra_ep):
    net.eval()
    val_meter = AverageMeter()
    kept_inputs, kept_gts, kept_preds = [], [], []

    with torch.no_grad():
        for vi, (inputs, gts) in enumerate(val_loader):
            inputs, gts = inputs.cuda(), gts.cuda()
            n_pix = inputs.size(0) * inputs.size(2) * inputs.size(3)
            outputs = net(inputs)
            val_meter.update(criterion(outputs, gts).item(), n_pix)
            if random.random() > cfg.save_rate:
                kept_inputs.append(None)
            else:
                kept_inputs.append(inputs.data.squeeze(0).cpu())

            kept_gts.append(gts.data.squeeze(0).cpu().numpy())
            preds = outputs.data.max(1)[1].squeeze(1).squeeze(0).cpu().numpy()
            kept_preds.append(preds)

    save_if_better(net, optimizer, epoch, extra_ep, val_meter, kept_inputs, kept_gts, kept_preds)
    net.train()
    return val_meter, kept_inputs, kept_gts, kept_preds


def save_if_better(net, optimizer, epoch, extra_ep, val_meter, kept_inputs, kept_gts, kept_preds):
    mean_loss = val_meter.avg
    acc, acc_cls, mean_iu, fwavacc, f1 = evaluate(kept_preds, kept_gts, cfg.nb_classes)
    writer.add_scalar('val_loss', mean_loss, epoch)
    writer.add_scalar('mean_iu', mean_iu, epoch)

    improved = cfg.update_best_record(epoch, mean_loss, acc, acc_cls, mean_iu, fwavacc, f1)
    tag = 'epoch_%d_loss_%.5f_miou_%.5f' % (epoch, mean_loss, mean_iu)
    if improved or (cfg.best_record['val_loss'] > mean_loss):
        torch.save(net.state_dict(), os.path.join(cfg.save_path, tag + '.pth'))

    panels = []
    if cfg.save_pred and (improved or (extra_ep % 5 == 0)):
        for idx, item in enumerate(zip(kept_inputs, kept_gts, kept_preds)):
            if item[0] is None:
                continue
            img_pil = restore(item[0][0][0:3, :, :])
            gt_pil = colorize_mask(item[1][0], cfg.palette)
            pred_pil = colorize_mask(item[2][0], cfg.palette)
            panels.extend([visualize(img_pil.convert('RGB')), visualize(gt_pil.convert('RGB')),
                           visualize(pred_pil.convert('RGB'))])
    if len(panels) > 0:
        grid = vutils.make_grid(torch.stack(panels, 0), nrow=3, padding=5)
        writer.add_image(tag, grid)


if __name__ == '__main__':
    main()
