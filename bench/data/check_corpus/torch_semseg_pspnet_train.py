# source: https://github.com/hszhao/semseg/blob/2338a1380751d1fd98b5b770715e4b233835f4ef/tool/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the corpus copy leaves out the config parser, the logger factory, the config checks, seeding,
#  checkpoint loading and saving, the PSANet branch and the periodic log lines)
import os
import random
import time
import cv2
import numpy as np
import logging
import argparse

import torch
import torch.backends.cudnn as cudnn
import torch.nn as nn
import torch.nn.functional as F
import torch.nn.parallel
import torch.optim
import torch.utils.data
import torch.multiprocessing as mp
import torch.distributed as dist
import apex
from tensorboardX import SummaryWriter

from util import dataset, transform, config
from util.util import AverageMeter, poly_learning_rate, intersectionAndUnionGPU

cv2.setNumThreads(0)
cv2.ocl.setUseOpenCL(False)


def seed_loader_worker(worker_id):
    random.seed(cfg.manual_seed + worker_id)


def is_rank_zero():
    if not cfg.multiprocessing_distributed:
        return True
    return cfg.multiprocessing_distributed and cfg.rank % cfg.ngpus_per_node == 0


def main():
    cfg = get_parser()
    check(cfg)
    os.environ["CUDA_VISIBLE_DEVICES"] = ','.join(str(g) for g in cfg.train_gpu)
    if cfg.dist_url == "env://" and cfg.world_size == -1:
        cfg.world_size = int(os.environ["WORLD_SIZE"])
    cfg.distributed = cfg.world_size > 1 or cfg.multiprocessing_distributed
    cfg.ngpus_per_node = len(cfg.train_gpu)
    if len(cfg.train_gpu) == 1:
        cfg.sync_bn = False
        cfg.distributed = False
        cfg.multiprocessing_distributed = False
    if cfg.multiprocessing_distributed:
        cfg.world_size = cfg.ngpus_per_node * cfg.world_size
        mp.spawn(worker_main, args=(cfg.ngpus_per_node, cfg), nprocs=cfg.ngpus_per_node)
    else:
        worker_main(cfg.train_gpu, cfg.ngpus_per_node, cfg)


def worker_main(local_gpu, gpus_per_node, run_cfg):
    global cfg
    cfg = run_cfg
    if cfg.sync_bn:
        if cfg.multiprocessing_distributed:
            Norm = apex.parallel.SyncBatchNorm
        else:
            from lib.sync_bn.modules import BatchNorm2d
            Norm = BatchNorm2d
    else:
        Norm = nn.BatchNorm2d
    if cfg.distributed:
        if cfg.dist_url == "env://" and cfg.rank == -1:
            cfg.rank = int(os.environ["RANK"])
        if cfg.multiprocessing_distributed:
            cfg.rank = cfg.rank * gpus_per_node + local_gpu
        dist.init_process_group(backend=cfg.dist_backend, init_method=cfg.dist_url, rank=cfg.rank, world_size=cfg.world_size)

    ce_criterion = nn.CrossEntropyLoss(ignore_index=cfg.ignore_label)
    if cfg.arch == 'psp':
        from model.pspnet import PSPNet
        seg_model = PSPNet(layers=cfg.layers, classes=cfg.classes, zoom_factor=cfg.zoom_factor, BatchNorm=Norm,
                           criterion=ce_criterion)
        backbone_parts = [seg_model.layer0, seg_model.layer1, seg_model.layer2, seg_model.layer3, seg_model.layer4]
        head_parts = [seg_model.ppm, seg_model.cls, seg_model.aux]
    # the pretrained backbone learns at the base rate, the new head ten times faster
    groups = []
    for part in backbone_parts:
        groups.append(dict(params=part.parameters(), lr=cfg.base_lr))
    for part in head_parts:
        groups.append(dict(params=part.parameters(), lr=cfg.base_lr * 10))
    cfg.index_split = 5
    optimizer = torch.optim.SGD(groups, lr=cfg.base_lr, weight_decay=cfg.weight_decay, momentum=cfg.momentum)

    if cfg.distributed:
        torch.cuda.set_device(local_gpu)
        cfg.batch_size = int(cfg.batch_size / gpus_per_node)
        cfg.batch_size_val = int(cfg.batch_size_val / gpus_per_node)
        cfg.workers = int(cfg.workers / gpus_per_node)
        if cfg.use_apex:
            seg_model, optimizer = apex.amp.initialize(seg_model.cuda(), optimizer, opt_level=cfg.opt_level,
                                                       loss_scale=cfg.loss_scale,
                                                       keep_batchnorm_fp32=cfg.keep_batchnorm_fp32)
            seg_model = apex.parallel.DistributedDataParallel(seg_model)
        else:
            seg_model = torch.nn.parallel.DistributedDataParallel(seg_model.cuda(), device_ids=[local_gpu])

    else:
        seg_model = torch.nn.DataParallel(seg_model.cuda())

    # ImageNet statistics on the 0..255 scale
    mean = [v * 255 for v in [0.485, 0.456, 0.406]]
    std = [v * 255 for v in [0.229, 0.224, 0.225]]

    train_tf = transform.Compose([
        transform.RandScale([cfg.scale_min, cfg.scale_max]),
        transform.RandRotate([cfg.rotate_min, cfg.rotate_max], ignore_label=cfg.ignore_label, padding=mean),
        transform.RandomGaussianBlur(),
        transform.RandomHorizontalFlip(),
        transform.Crop([cfg.train_h, cfg.train_w], ignore_label=cfg.ignore_label, crop_type='rand', padding=mean),
        transform.ToTensor(),
        transform.Normalize(std=std, mean=mean)])
    train_data = dataset.SemData(split='train', data_list=cfg.train_list, data_root=cfg.data_root, transform=train_tf)
    if cfg.distributed:
        tr_sampler = torch.utils.data.distributed.DistributedSampler(train_data)
    else:
        tr_sampler = None
    train_loader = torch.utils.data.DataLoader(train_data, batch_size=cfg.batch_size, sampler=tr_sampler,
                                               shuffle=(tr_sampler is None), drop_last=True,
                                               num_workers=cfg.workers, pin_memory=True)
    if cfg.evaluate:
        val_tf = transform.Compose([
            transform.Crop([cfg.train_h, cfg.train_w], ignore_label=cfg.ignore_label, crop_type='center', padding=mean),
            transform.ToTensor(),
            transform.Normalize(std=std, mean=mean)])
        val_data = dataset.SemData(split='val', data_list=cfg.val_list, data_root=cfg.data_root, transform=val_tf)
        if cfg.distributed:
            va_sampler = torch.utils.data.distributed.DistributedSampler(val_data)
        else:
            va_sampler = None
        val_loader = torch.utils.data.DataLoader(val_data, batch_size=cfg.batch_size_val, sampler=va_sampler,
                                                 shuffle=False, num_workers=cfg.workers, pin_memory=True)

    for epoch in range(cfg.start_epoch, cfg.epochs):
        step_no = epoch + 1
        if cfg.distributed:
            tr_sampler.set_epoch(epoch)
        tr_loss, tr_miou, tr_macc, tr_allacc = train_one_epoch(train_loader, seg_model, optimizer, epoch)
        if is_rank_zero():
            for tag, value in (('train/loss', tr_loss), ('train/mIoU', tr_miou), ('train/mAcc', tr_macc),
                               ('train/allAcc', tr_allacc)):
                writer.add_scalar(tag, value, step_no)

        if cfg.evaluate:
            va_loss, va_miou, va_macc, va_allacc = validate_epoch(val_loader, seg_model, ce_criterion)
            if is_rank_zero():
                for tag, value in (('val/loss', va_loss), ('val/mIoU', va_miou), ('val/mAcc', va_macc),
                                   ('val/allAcc', va_allacc)):
                    writer.add_scalar(tag, value, step_no)


def train_one_epoch(train_loader, seg_model, optimizer, epoch):
    t_batch = AverageMeter()
    t_data = AverageMeter()
    main_meter = AverageMeter()
    aux_meter = AverageMeter()
    total_meter = AverageMeter()
    inter_meter = AverageMeter()
    uni_meter = AverageMeter()
    label_meter = AverageMeter()

    seg_model.train()
    tick = time.time()
    total_iters = cfg.epochs * len(train_loader)
    for step, (inputs, targets) in enumerate(train_loader):
        t_data.update(time.time() - tick)
        if cfg.zoom_factor != 8:
            out_h = int((targets.size()[1] - 1) / 8 * cfg.zoom_factor + 1)
            out_w = int((targets.size()[2] - 1) / 8 * cfg.zoom_factor + 1)
            # bilinear (with align_corners) is used because nearest does not accept align_corners
            targets = F.interpolate(targets.unsqueeze(1).float(), size=(out_h, out_w), align_corners=True,
                                    mode='bilinear').squeeze(1).long()
        inputs = inputs.cuda(non_blocking=True)
        targets = targets.cuda(non_blocking=True)
        logits, seg_loss, aux_part_loss = seg_model(inputs, targets)
        if not cfg.multiprocessing_distributed:
            seg_loss, aux_part_loss = torch.mean(seg_loss), torch.mean(aux_part_loss)
        step_loss = seg_loss + cfg.aux_weight * aux_part_loss

        optimizer.zero_grad()
        if cfg.use_apex and cfg.multiprocessing_distributed:
            with apex.amp.scale_loss(step_loss, optimizer) as scaled:
                scaled.backward()
        else:
            step_loss.backward()
        optimizer.step()

        n = inputs.size(0)
        if cfg.multiprocessing_distributed:
            # sums over all processes, weighted by batch size (ignored pixels are not discounted)
            seg_loss, aux_part_loss, step_loss = seg_loss.detach() * n, aux_part_loss * n, step_loss * n
            n_seen = targets.new_tensor([n], dtype=torch.long)
            dist.all_reduce(seg_loss), dist.all_reduce(aux_part_loss), dist.all_reduce(step_loss), dist.all_reduce(n_seen)
            n = n_seen.item()
            seg_loss, aux_part_loss, step_loss = seg_loss / n, aux_part_loss / n, step_loss / n

        inter, union, targets = intersectionAndUnionGPU(logits, targets, cfg.classes, cfg.ignore_label)
        if cfg.multiprocessing_distributed:
            dist.all_reduce(inter), dist.all_reduce(union), dist.all_reduce(targets)
        inter, union, targets = inter.cpu().numpy(), union.cpu().numpy(), targets.cpu().numpy()
        inter_meter.update(inter), uni_meter.update(union), label_meter.update(targets)

        pixel_acc = sum(inter_meter.val) / (sum(label_meter.val) + 1e-10)
        main_meter.update(seg_loss.item(), n)
        aux_meter.update(aux_part_loss.item(), n)
        total_meter.update(step_loss.item(), n)
        t_batch.update(time.time() - tick)
        tick = time.time()

        done_iters = epoch * len(train_loader) + step + 1
        lr_now = poly_learning_rate(cfg.base_lr, done_iters, total_iters, power=cfg.power)
        for g in range(0, cfg.index_split):
            optimizer.param_groups[g]['lr'] = lr_now
        for g in range(cfg.index_split, len(optimizer.param_groups)):
            optimizer.param_groups[g]['lr'] = lr_now * 10
        eta_s = (total_iters - done_iters) * t_batch.avg
        eta_m, eta_s = divmod(eta_s, 60)
        eta_h, eta_m = divmod(eta_m, 60)
        eta = f'{int(eta_h):02d}:{int(eta_m):02d}:{int(eta_s):02d}'

    iou_per_class = inter_meter.sum / (uni_meter.sum + 1e-10)
    acc_per_class = inter_meter.sum / (label_meter.sum + 1e-10)
    miou = np.mean(iou_per_class)
    macc = np.mean(acc_per_class)
    allacc = sum(inter_meter.sum) / (sum(label_meter.sum) + 1e-10)
    if is_rank_zero():
        logger.info(f'epoch {epoch + 1}/{cfg.epochs} training: mIoU {miou:.4f}, mAcc {macc:.4f}, allAcc {allacc:.4f}')
    return main_meter.avg, miou, macc, allacc


def validate_epoch(val_loader, seg_model, ce_criterion):
    if is_rank_zero():
        logger.info('validation starts')
    t_batch = AverageMeter()
    t_data = AverageMeter()
    total_meter = AverageMeter()
    inter_meter = AverageMeter()
    uni_meter = AverageMeter()
    label_meter = AverageMeter()

    seg_model.eval()
    tick = time.time()
    for step, (inputs, targets) in enumerate(val_loader):
        t_data.update(time.time() - tick)
        inputs = inputs.cuda(non_blocking=True)
        targets = targets.cuda(non_blocking=True)
        logits = seg_model(inputs)
        if cfg.zoom_factor != 8:
            logits = F.interpolate(logits, size=targets.size()[1:], align_corners=True, mode='bilinear')
        step_loss = ce_criterion(logits, targets)

        n = inputs.size(0)
        if cfg.multiprocessing_distributed:
            step_loss = step_loss * n
            n_seen = targets.new_tensor([n], dtype=torch.long)
            dist.all_reduce(step_loss), dist.all_reduce(n_seen)
            n = n_seen.item()
            step_loss = step_loss / n
        else:
            step_loss = torch.mean(step_loss)

        logits = logits.max(1)[1]
        inter, union, targets = intersectionAndUnionGPU(logits, targets, cfg.classes, cfg.ignore_label)
        if cfg.multiprocessing_distributed:
            dist.all_reduce(inter), dist.all_reduce(union), dist.all_reduce(targets)
        inter, union, targets = inter.cpu().numpy(), union.cpu().numpy(), targets.cpu().numpy()
        inter_meter.update(inter), uni_meter.update(union), label_meter.update(targets)

        pixel_acc = sum(inter_meter.val) / (sum(label_meter.val) + 1e-10)
        total_meter.update(step_loss.item(), inputs.size(0))
        t_batch.update(time.time() - tick)
        tick = time.time()

    iou_per_class = inter_meter.sum / (uni_meter.sum + 1e-10)
    acc_per_class = inter_meter.sum / (label_meter.sum + 1e-10)
    miou = np.mean(iou_per_class)
    macc = np.mean(acc_per_class)
    allacc = sum(inter_meter.sum) / (sum(label_meter.sum) + 1e-10)
    if is_rank_zero():
        logger.info(f'validation: mIoU {miou:.4f}, mAcc {macc:.4f}, allAcc {allacc:.4f}')
        for c in range(cfg.classes):
            logger.info(f'class {c}: IoU {iou_per_class[c]:.4f}, accuracy {acc_per_class[c]:.4f}')
        logger.info('validation done')
    return total_meter.avg, miou, macc, allacc


if __name__ == '__main__':
    main()
