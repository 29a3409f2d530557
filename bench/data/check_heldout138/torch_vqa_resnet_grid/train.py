import sys
import os.path
import math
import json

import torch
import torch.nn as nn
import torch.optim as optim
from torch.autograd import Variable
import torch.backends.cudnn as cudnn
from tqdm import tqdm

import config
import data
import model
import utils


def set_lr(opt, it):
    lr = config.initial_lr * 0.5**(float(it) / config.lr_halflife)
    for group in opt.param_groups:
        group['lr'] = lr


global_iters = 0


def one_epoch(net, loader, opt, meters, train=False, tag='', ep=0):
    """ One pass over a loader, training or evaluating """
    if train:
        net.train()
        meter_cls, meter_kw = meters.MovingMeanMonitor, {'momentum': 0.99}
    else:
        net.eval()
        meter_cls, meter_kw = meters.MeanMonitor, {}
        preds = []
        rows = []
        scores = []

    bar = tqdm(loader, desc='{} E{:03d}'.format(tag, ep), ncols=0)
    loss_meter = meters.track('{}_loss'.format(tag), meter_cls(**meter_kw))
    acc_meter = meters.track('{}_acc'.format(tag), meter_cls(**meter_kw))

    lsm = nn.LogSoftmax().cuda()
    for v, q, a, row, q_len in bar:
        var_kw = {
            'volatile': not train,
            'requires_grad': False,
        }
        v = Variable(v.cuda(non_blocking=True), **var_kw)
        q = Variable(q.cuda(non_blocking=True), **var_kw)
        a = Variable(a.cuda(non_blocking=True), **var_kw)
        q_len = Variable(q_len.cuda(non_blocking=True), **var_kw)

        logits = net(v, q, q_len)
        nll = -lsm(logits)
        loss = (nll * a / 10).sum(dim=1).mean()
        acc = utils.batch_accuracy(logits.data, a.data).cpu()

        if train:
            global global_iters
            set_lr(opt, global_iters)

            opt.zero_grad()
            loss.backward()
            opt.step()

            global_iters += 1
        else:
            # keep per-sample results of this batch
            _, pick = logits.data.cpu().max(dim=1)
            preds.append(pick.view(-1))
            scores.append(acc.view(-1))
            rows.append(row.view(-1).clone())

        loss_meter.append(loss.data[0])
        # acc_meter.append(acc.mean())
        for a in acc:
            acc_meter.append(a.item())
        f4 = '{:.4f}'.format
        bar.set_postfix(loss=f4(loss_meter.mean.value), acc=f4(acc_meter.mean.value))

    if not train:
        preds = list(torch.cat(preds, dim=0))
        scores = list(torch.cat(scores, dim=0))
        rows = list(torch.cat(rows, dim=0))
        return preds, scores, rows


def main():
    if len(sys.argv) > 1:
        run_name = ' '.join(sys.argv[1:])
    else:
        from datetime import datetime
        run_name = datetime.now().strftime("%Y-%m-%d_%H:%M:%S")
    out_path = os.path.join('logs', '{}.pth'.format(run_name))
    print('results go to {}'.format(out_path))

    cudnn.benchmark = True

    train_loader = data.get_loader(train=True)
    val_loader = data.get_loader(val=True)

    net = nn.DataParallel(model.Net(train_loader.dataset.num_tokens)).cuda()
    opt = optim.Adam([p for p in net.parameters() if p.requires_grad])

    meters = utils.Tracker()
    cfg_dict = {k: v for k, v in vars(config).items() if not k.startswith('__')}

    for ep in range(config.epochs):
        _ = one_epoch(net, train_loader, opt, meters, train=True, tag='train', ep=ep)
        res = one_epoch(net, val_loader, opt, meters, train=False, tag='val', ep=ep)

        blob = {
            'name': run_name,
            'tracker': meters.to_dict(),
            'config': cfg_dict,
            'weights': net.state_dict(),
            'eval': {
                'answers': res[0],
                'accuracies': res[1],
                'idx': res[2],
            },
            'vocab': train_loader.dataset.vocab,
        }
        torch.save(blob, out_path)


if __name__ == '__main__':
    main()
