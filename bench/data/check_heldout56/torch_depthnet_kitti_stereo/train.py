import os
import time
import datetime
import argparse
import torch
import torch.optim as optim
import torchvision.transforms as tv
import matplotlib.pyplot as plt

from torch.utils.data import DataLoader

from kitti_data import *
from models.net_custom import *
from metrics.loss import *
from utils.pytorch_util import *
from utils.util import *


def kitti_sets():
    tag = 'kitti'
    root = 'D://data/KITTI/'
    tr = StereoPairs(root, 'train')
    va = StereoPairs(root, 'val')
    collate = pair_collate

    return tag, tr, va, collate


def set_lr(opt, ep):
    if isinstance(opt, optim.Adam):
        if ep == 0:
            opt.param_groups[0]['lr'] = .0001
        elif ep == 5:
            opt.param_groups[0]['lr'] = .0001
        elif ep == 20:
            opt.param_groups[0]['lr'] = .0001
    elif isinstance(opt, optim.SGD):
        if ep == 0:
            opt.param_groups[0]['lr'] = .001
        elif ep == 30:
            opt.param_groups[0]['lr'] = .001
        elif ep == 40:
            opt.param_groups[0]['lr'] = .001


def main():
    device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

    now = datetime.datetime.now()
    day = f'{now.date().year}{now.date().month:02d}{now.date().day:02d}'
    clock = f'{now.time().hour:02d}{now.time().minute:02d}{now.time().second:02d}'
    log = open(f'./records/record_{day}_{clock}.csv', 'w')
    log.write('optimizer, epoch, lr, loss(train), loss, loss(ap), loss(ds), loss(lr)\n')
    log.close()

    ap = argparse.ArgumentParser()
    ap.add_argument('--batch_size', required=False, type=int, default=4)
    ap.add_argument('--lr', required=False, type=float, default=.0001)
    ap.add_argument('--momentum', required=False, type=float, default=.9)
    ap.add_argument('--weight_decay', required=False, type=float, default=.0005)
    ap.add_argument('--epoch', required=False, type=int, default=50)

    opts = ap.parse_args()
    bs = opts.batch_size
    lr = opts.lr
    momentum = opts.momentum
    wd = opts.weight_decay
    n_epochs = opts.epoch

    tag, tr_set, va_set, collate = kitti_sets()
    tr_loader = DataLoader(dataset=tr_set, batch_size=bs, shuffle=True, drop_last=False, collate_fn=collate, num_workers=2)
    va_loader = DataLoader(dataset=va_set, batch_size=bs, shuffle=False, drop_last=False, collate_fn=collate, num_workers=2)

    net = DepthNet().to(device)
    net_name = 'depthnet'

    opt = optim.Adam(net.parameters(), lr=lr, weight_decay=wd)
    # opt = optim.SGD(net.parameters(), lr=lr, weight_decay=wd, momentum=momentum)
    if isinstance(opt, optim.Adam):
        opt_name = 'Adam'
    elif isinstance(opt, optim.SGD):
        opt_name = 'SGD'
    ckpt_path = None
    # ckpt_path = './pretrain/some_earlier_run.ckpt'
    if ckpt_path is not None:
        ckpt = torch.load(ckpt_path)
        net.load_state_dict(ckpt['model_state_dict'])
        if opt_name == 'Adam' and 'optimizer_state_dict' in ckpt.keys():
            opt.load_state_dict(ckpt['optimizer_state_dict'])

    tr_hist = []
    va_hist = []

    t0 = time.time()
    for ep in range(n_epochs):
        n_batches = 0
        n_seen = 0
        tr_loss = 0
        tr_ap = 0
        tr_ds = 0
        tr_lr = 0

        set_lr(opt, ep)
        lr_now = opt.param_groups[0]['lr']
        net.train()
        for i, (left, right) in enumerate(tr_loader):
            n_batches += 1
            n_seen += len(left)

            print(f'{opt_name} ', end='')
            print(f'[{ep+1}/{n_epochs}] ', end='')
            print(f'{n_seen}/{len(tr_set)}  ', end='')
            print(f'<lr> {lr_now:.6f}  ', end='')

            left = make_batch(left).to(device)
            right = make_batch(right).to(device)

            disp = net(left)
            # right_hat = warp_left_with_right_disparity(left, disp).to(device)
            opt.zero_grad()
            loss, l_ap, l_ds, l_lr = depthnet_loss(left, right, disp)
            loss.backward()
            opt.step()

            tr_loss += loss.detach().cpu().item()
            tr_ap += l_ap
            tr_ds += l_ds
            tr_lr += l_lr

            t1 = time.time()
            h, m, s = time_calculator(t1 - t0)

            print(f'<loss> {loss.detach().cpu().item():.5f} ({tr_loss/n_batches:.5f})  ', end='')
            print(f'<loss_ap> {l_ap:.5f} ({tr_ap/n_batches:.5f})  ', end='')
            print(f'<loss_ds> {l_ds:.5f} ({tr_ds/n_batches:.5f})  ', end='')
            print(f'<loss_lr> {l_lr:.5f} ({tr_lr/n_batches:.5f})  ', end='')
            print(f'<time> {int(h):02d}:{int(m):02d}:{int(s):02d}')

            del left, right, disp, loss, l_ap, l_ds, l_lr
            torch.cuda.empty_cache()

        tr_loss /= n_batches
        tr_ap /= n_batches
        tr_ds /= n_batches
        tr_lr /= n_batches

        tr_hist.append(tr_loss)

        n_batches = 0
        va_loss = 0
        va_ap = 0
        va_ds = 0
        va_lr = 0
        net.eval()
        for i, (left, right) in enumerate(va_loader):
            n_batches += 1

            left = make_batch(left).to(device)
            right = make_batch(right).to(device)

            disp = net(left)
            loss, l_ap, l_ds, l_lr = depthnet_loss(left, right, disp)

            va_loss += loss.detach().cpu().item()
            va_ap += l_ap
            va_ds += l_ds
            va_lr += l_lr

            del left, right, disp, loss, l_ap, l_ds, l_lr
            torch.cuda.empty_cache()

        va_loss /= n_batches
        va_ap /= n_batches
        va_ds /= n_batches
        va_lr /= n_batches

        va_hist.append(va_loss)

        log = open(f'./records/record_{day}_{clock}.csv', 'a')
        row = f'{opt_name}, {ep+1}, {lr_now}, {tr_loss:.5f}, {va_loss:.5f}, {va_ap:.5f}, {va_ds:.5f}, {va_lr:.5f}\n'
        log.write(row)
        log.close()

        if (ep + 1) % 5 == 0 or ep == 0:
            out_path = f'./save/{opt_name}_{net_name}_{tag}_{ep+1}epoch_{lr:.6f}lr_{tr_loss:.5f}loss(train)_{va_loss:.5f}loss_{va_ap:.5f}loss(ap)_{va_ds:.5f}loss(ds)_{va_lr:.5f}loss(lr).ckpt'
            state = {'model_state_dict': net.state_dict()}
            if opt_name == 'Adam':
                state['optimizer_state_dict'] = opt.state_dict()
            torch.save(state, out_path)

    xs = [i for i in range(len(tr_hist))]
    plt.plot(xs, tr_hist, 'r-', label='train')
    plt.plot(xs, va_hist, 'b-', label='val')
    plt.title('Loss')
    plt.legend()
    plt.show()


if __name__ == '__main__':
    main()
