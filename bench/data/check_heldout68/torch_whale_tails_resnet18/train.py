#! /usr/bin/env python
# humpback tail id: fine-tune a frozen resnet18 head
import time
import argparse
import os.path as osp
import torch
import torch.optim as optim
from tqdm import tqdm
import torch.nn.functional as F
from torch.autograd import Variable
from torchvision import datasets, transforms, models
#from architecture import Net
from whale_data import WhaleTailSet
import torch.nn as nn
import numpy as np
import csv
import os
from densenet import DenseNet

RESNET_18 = 'https://download.pytorch.org/models/resnet18-5c106cde.pth'

# command-line options
ap = argparse.ArgumentParser(description='whale tail classifier')
ap.add_argument('--batch-size', type=int, default=100, metavar='N',
                    help='images per training step')
ap.add_argument('--test-batch-size', type=int, default=100, metavar='N',
                    help='images per evaluation step')
ap.add_argument('--epochs', type=int, default=10, metavar='N',
                    help='passes over the training folder')
ap.add_argument('--lr', type=float, default=0.01, metavar='LR',
                    help='base step size')
ap.add_argument('--momentum', type=float, default=0.5, metavar='M',
                    help='momentum term (unused by Adam)')
ap.add_argument('--gamma', type=float, default=2, metavar='M',
                    help='multiplier applied when val loss stalls')
ap.add_argument('--no-cuda', action='store_true', default=False,
                    help='force CPU')
ap.add_argument('--seed', type=int, default=1, metavar='S',
                    help='rng seed')
ap.add_argument('--log-interval', type=int, default=10, metavar='N',
                    help='print every this many '
                         'steps')
ap.add_argument('--save', type=str, default='tails_net.pt',
                    help='checkpoint path')

n_ids = 1078

args = ap.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()

torch.manual_seed(args.seed)
if args.cuda:
    torch.cuda.manual_seed(args.seed)


loader_opts = {'num_workers': 1, 'pin_memory': True} if args.cuda else {}

with open('train_final.csv', mode='r') as fh_tr:
    rows_in = csv.reader(fh_tr)
    tr_map = {rows[0]:rows[1] for rows in rows_in}
tr_files=os.listdir('../whales_in/train_final/')

with open('val_final.csv', mode='r') as fh_va:
    rows_in = csv.reader(fh_va)
    va_map = {rows[0]:rows[1] for rows in rows_in}
va_files=os.listdir('../whales_in/val_final/')

with open('test_final.csv', mode='r') as fh_te:
    rows_in = csv.reader(fh_te)
    te_map = {rows[0]:rows[1] for rows in rows_in}
te_files=os.listdir('../whales_in/test_final/')

root_dir= '../whales_in/'

tr_loader = torch.utils.data.DataLoader(WhaleTailSet(tr_files, tr_map, '../whales_in/train_final/')
                  ,batch_size=args.batch_size, shuffle=True, **loader_opts)


va_loader = torch.utils.data.DataLoader(WhaleTailSet(va_files, va_map, '../whales_in/val_final/'), 
                  batch_size=args.batch_size, shuffle=True, **loader_opts)

net = models.resnet18(pretrained=True)

for param in net.parameters():
    param.requires_grad = False

feat_dim =net.fc.in_features
net.fc = nn.Sequential(nn.Linear(feat_dim,n_ids),
                         nn.ReLU(),
                         nn.LogSoftmax(dim=1))

if args.cuda:
    net.cuda()

resumed = False
if osp.exists(args.save):
    with open(args.save, 'rb') as fh:
        sd = torch.load(fh)
        net.load_state_dict(sd)
        resumed = True

opt = optim.Adam(net.parameters())
crit= nn.NLLLoss()

def run_train(ep):
    net.train()
    for step, (x, y) in enumerate(tr_loader):
        y=list(map(int,y))
        y=torch.tensor(y)
        y=y.long()
        if args.cuda:
            x, y = x.cuda(), y.cuda()
        x, y = Variable(x.float()), Variable(y)
        opt.zero_grad()
        logp = net(x)
        l = crit(logp, y)
        l.backward()
        opt.step()




        # running_loss += l.item() * x.size(0)

        # # top-1 from the log-probabilities
        # _, yhat = torch.max(logp, dim=1)
        # hits = yhat.eq(y.data.view_as(yhat))
        # # bool -> float so it can be averaged
        # acc = torch.mean(hits.type(torch.FloatTensor))
        # # weight by the number of images in this step
        # running_acc += acc.item() * x.size(0)

        if step % args.log_interval == 0:
            print('ep {} | {}/{} imgs ({:.0f}%) | nll {:.6f}'.format(
                ep, step * len(x), len(tr_loader.dataset),
                100. * step / len(tr_loader), l.data.item()))


# def run_val(ep):
#     net.eval()
#     va_loss = 0
#     for x, y in va_loader:
#         y=list(map(int,y))
#         y=torch.tensor(y)
#         y=y.long()
#         if args.cuda:
#             x, y = x.cuda(), y.cuda()
#         x, y = Variable(x), Variable(y)
#         logp = net(x)
#         l = crit(logp,y)
#         # accumulate weighted loss
#         va_loss += l.item() * x.size(0)
#         # arg-max class
#         #yhat = logp.data.max(1)[1]
#         _, yhat = torch.max(logp, dim=1)
#         hits = yhat.eq(y.data.view_as(yhat))
#         #correct += yhat.eq(y.data).cpu().sum()
#         #va_loss = va_loss
#         # crit already means over the batch
#         #va_loss /= len(va_loader)
#         #pct = 100. * correct / len(va_loader.dataset)
#         acc = torch.mean(hits.type(torch.FloatTensor))
#         va_acc += acc.item() * x.size(0)
#     va_loss = va_loss / len(va_loader.dataset)
#     va_acc = va_acc / len(va_loader.dataset)
#         print('\nheld-out: mean nll {:.4f}, '
#           'hits {}/{} ({:.0f}%)\n'.format(va_loss, correct, len(va_loader.dataset), pct))
    
#     return va_loss

def run_val(ep):
    with torch.no_grad():
        va_loss=0.0
        va_acc=0.0
        # inference mode for BN
        net.eval()
        # sweep the held-out folder
        for x, y in va_loader:
            y=list(map(int,y))
            y=torch.tensor(y)
            y=y.long()

            if args.cuda:
                x, y = x.cuda(), y.cuda()
            x, y = Variable(x), Variable(y)
            # forward
            logp = net(x.float())
            # batch nll
            l = crit(logp.float(), y)
            # weight by batch size
            va_loss += l.item() * x.size(0)
            # top-1 hits
            _, yhat = torch.max(logp, dim=1)
            yhat = yhat.cuda()
            hits = yhat.eq(y.data.view_as(yhat))
            acc = torch.mean(hits.type(torch.FloatTensor))
            # weight by batch size
            va_acc += acc.item() * x.size(0)

        # per-image means
        va_loss = va_loss / len(va_loader.dataset)

        # per-image accuracy
        va_acc = va_acc / len(va_loader.dataset)

        print(f'\nep {ep} | held-out nll {va_loss:.4f}')
        print(f'\t\t held-out acc {100 * va_acc:.2f}%')
    
    return(va_loss)

def set_lr(opt, decay, step):
    """Scale the base step size by gamma**step
       (called when held-out loss does not improve);
       same idea as the torchvision ImageNet recipe
       reference script
    """
    new_lr = args.lr * (decay ** (step))
    for grp in opt.param_groups:
        grp['lr'] = new_lr


if __name__ == '__main__':
    best = None
    if resumed:
        best = run_val(0)
    try:
        for ep in range(1, args.epochs + 1):
            t0 = time.time()
            run_train(ep)
            va_loss = run_val(ep)
            print('-' * 89)
            print('| ep {:3d} done | {:5.2f}s '.format(
                ep, time.time() - t0))
            print('-' * 89)

            if best is None or va_loss < best:
                best = va_loss
                with open(args.save, 'wb') as fh:
                    sd = net.state_dict()
                    torch.save(sd, fh)
            else:
                set_lr(opt, args.gamma, ep)
    except KeyboardInterrupt:
        print('-' * 89)
        print('stopped by user')