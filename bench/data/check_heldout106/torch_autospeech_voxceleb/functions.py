import time
import torch
import torch.nn.functional as F
import logging
import numpy as np
import matplotlib.pyplot as plt

from utils import compute_eer
from utils import AverageMeter, ProgressMeter, accuracy

plt.switch_backend('agg')
log = logging.getLogger(__name__)


def train(cfg, net, opt, train_dl, search_dl, ce_loss, arch_opt, epoch, tb_state, sched=None):
    t_batch = AverageMeter('Time', ':6.3f')
    t_data = AverageMeter('Data', ':6.3f')
    loss_meter = AverageMeter('Loss', ':.4e')
    acc1_meter = AverageMeter('Acc@1', ':6.2f')
    acc5_meter = AverageMeter('Acc@5', ':6.2f')
    entropy_meter = AverageMeter('Entropy', ':.4e')
    meter_print = ProgressMeter(
        len(train_dl), t_batch, t_data, loss_meter, acc1_meter, acc5_meter, entropy_meter,
        prefix="ep [{}]".format(epoch), logger=log)
    tb = tb_state['writer']

    # training mode
    net.train()

    t_prev = time.time()
    for i, (input, target) in enumerate(train_dl):
        gstep = tb_state['train_global_steps']

        if sched:
            lr_now = sched.set_lr(opt, gstep, epoch)
        else:
            lr_now = cfg.TRAIN.LR

        # time spent waiting for data
        t_data.update(time.time() - t_prev)

        input = input.cuda(non_blocking=True)
        target = target.cuda(non_blocking=True)

        x_arch, y_arch = next(iter(search_dl))
        x_arch = x_arch.cuda(non_blocking=True)
        y_arch = y_arch.cuda(non_blocking=True)

        # one update of the architecture weights on a search batch
        arch_opt.step(x_arch, y_arch)

        arch_entropy = arch_opt.model.compute_arch_entropy()
        entropy_meter.update(arch_entropy.mean(), input.size(0))

        # forward
        logits = net(input)

        # top-k accuracy and loss bookkeeping
        a1, a5 = accuracy(logits, target, topk=(1, 5))
        acc1_meter.update(a1[0], input.size(0))
        acc5_meter.update(a5[0], input.size(0))
        loss_val = ce_loss(logits, target)
        loss_meter.update(loss_val.item(), input.size(0))

        # weight update
        opt.zero_grad()
        loss_val.backward()
        opt.step()

        # step time
        t_batch.update(time.time() - t_prev)
        t_prev = time.time()

        # tensorboard scalars
        tb.add_scalar('lr', lr_now, gstep)
        tb.add_scalar('train_loss', loss_meter.val, gstep)
        tb.add_scalar('arch_entropy', entropy_meter.val, gstep)

        tb_state['train_global_steps'] = gstep + 1

        # accuracy curves
        tb.add_scalar('train_acc1', acc1_meter.val, gstep)
        tb.add_scalar('train_acc5', acc5_meter.val, gstep)

        if i % cfg.PRINT_FREQ == 0:
            meter_print.print(i)


def train_from_scratch(cfg, net, opt, train_dl, ce_loss, epoch, tb_state, sched=None):
    t_batch = AverageMeter('Time', ':6.3f')
    t_data = AverageMeter('Data', ':6.3f')
    loss_meter = AverageMeter('Loss', ':.4e')
    acc1_meter = AverageMeter('Acc@1', ':6.2f')
    acc5_meter = AverageMeter('Acc@5', ':6.2f')
    meter_print = ProgressMeter(
        len(train_dl), t_batch, t_data, loss_meter, acc1_meter, acc5_meter, prefix="ep [{}]".format(epoch), logger=log)
    tb = tb_state['writer']

    # training mode
    net.train()

    t_prev = time.time()
    for i, (input, target) in enumerate(train_dl):
        gstep = tb_state['train_global_steps']

        if sched:
            lr_now = sched.get_lr()
        else:
            lr_now = cfg.TRAIN.LR

        # time spent waiting for data
        t_data.update(time.time() - t_prev)

        input = input.cuda(non_blocking=True)
        target = target.cuda(non_blocking=True)

        # forward
        logits = net(input)

        # top-k accuracy and loss bookkeeping
        loss_val = ce_loss(logits, target)
        a1, a5 = accuracy(logits, target, topk=(1, 5))
        acc1_meter.update(a1[0], input.size(0))
        acc5_meter.update(a5[0], input.size(0))
        loss_meter.update(loss_val.item(), input.size(0))

        # weight update
        opt.zero_grad()
        loss_val.backward()
        opt.step()

        # step time
        t_batch.update(time.time() - t_prev)
        t_prev = time.time()

        # tensorboard scalars
        tb.add_scalar('lr', lr_now, gstep)
        tb.add_scalar('train_loss', loss_meter.val, gstep)
        tb_state['train_global_steps'] = gstep + 1

        # accuracy curves
        tb.add_scalar('train_acc1', acc1_meter.val, gstep)
        tb.add_scalar('train_acc5', acc5_meter.val, gstep)

        if i % cfg.PRINT_FREQ == 0:
            meter_print.print(i)


def validate_verification(cfg, net, test_dl):
    t_batch = AverageMeter('Time', ':6.3f')
    meter_print = ProgressMeter(
        len(test_dl), t_batch, prefix='eval: ', logger=log)

    # eval mode
    net.eval()
    label_list, dist_list = [], []

    with torch.no_grad():
        t_prev = time.time()
        for i, (input1, input2, label) in enumerate(test_dl):
            input1 = input1.cuda(non_blocking=True).squeeze(0)
            input2 = input2.cuda(non_blocking=True).squeeze(0)
            label = label.cuda(non_blocking=True)

            # forward
            outputs1 = net(input1).mean(dim=0).unsqueeze(0)
            outputs2 = net(input2).mean(dim=0).unsqueeze(0)

            d = F.cosine_similarity(outputs1, outputs2)
            d = d.data.cpu().numpy()
            dist_list.append(d)
            label_list.append(label.data.cpu().numpy())

            # step time
            t_batch.update(time.time() - t_prev)
            t_prev = time.time()

            if i % 2000 == 0:
                meter_print.print(i)

        label_list = np.array([sublabel for label in label_list for sublabel in label])
        dist_list = np.array([subdist for dist in dist_list for subdist in dist])

        eer_val = compute_eer(dist_list, label_list)
        log.info('verification EER: {:.8f}'.format(np.mean(eer_val)))

    return eer_val


def validate_identification(cfg, net, test_dl, ce_loss):
    t_batch = AverageMeter('Time', ':6.3f')
    loss_meter = AverageMeter('Loss', ':.4e')
    acc1_meter = AverageMeter('Acc@1', ':6.2f')
    acc5_meter = AverageMeter('Acc@5', ':6.2f')
    meter_print = ProgressMeter(
        len(test_dl), t_batch, loss_meter, acc1_meter, acc5_meter, prefix='eval: ', logger=log)

    # eval mode
    net.eval()

    with torch.no_grad():
        t_prev = time.time()
        for i, (input, target) in enumerate(test_dl):
            input = input.cuda(non_blocking=True).squeeze(0)
            target = target.cuda(non_blocking=True)

            # forward
            outputs = net(input)
            logits = torch.mean(outputs, dim=0, keepdim=True)
            logits = net.forward_classifier(logits)
            a1, a5 = accuracy(logits, target, topk=(1, 5))
            acc1_meter.update(a1[0], input.size(0))
            acc5_meter.update(a5[0], input.size(0))
            loss_val = ce_loss(logits, target)

            loss_meter.update(loss_val.item(), 1)

            # step time
            t_batch.update(time.time() - t_prev)
            t_prev = time.time()

            if i % 2000 == 0:
                meter_print.print(i)

        log.info('identification top1 {:.8f} top5 {:.8f}'.format(acc1_meter.avg, acc5_meter.avg))

    return acc1_meter.avg

