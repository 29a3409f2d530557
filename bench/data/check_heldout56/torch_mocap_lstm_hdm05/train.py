import argparse
import glob

import os
import pandas as pd
import re
import shutil
import torch
import torch.nn.functional as F
from torch.autograd import Variable
from torch.nn.utils import clip_grad_norm
from torch.optim import Adam, SGD
from torch.utils.data import DataLoader
from torch.utils.data.sampler import WeightedRandomSampler, RandomSampler
from tqdm import trange, tqdm

from dataset import MocapSequences
from model import MotionModel


def topk_acc(logits, gold, topk=(1, 5)):
    """accuracy@k for each k in topk"""
    kmax = max(topk)
    n = gold.size(0)
    logits = logits.data if isinstance(logits, Variable) else logits

    _, guess = logits.topk(kmax, dim=1, largest=True, sorted=True)
    guess = guess.t()
    hit = guess.eq(gold.view(1, -1).expand_as(guess))

    out = []
    for k in topk:
        hit_k = hit[:k].view(-1).float().sum(0, keepdim=True)
        hit_k.mul_(100.0 / n)
        out.append(hit_k[0])
    return out


def loss_of(logits, gold, args):

    if args.head == 'softmax' and args.label_smoothing == 0:
        return F.cross_entropy(logits, gold)

    n_cls = logits.shape[1]

    # one-hot target
    gold = gold.data.cpu()[0]
    t = torch.zeros(1, n_cls)
    t[0, gold] = 1

    if args.cuda:
        t = t.cuda()
    t = Variable(t, requires_grad=False)

    if args.label_smoothing:
        t = t * (1 - args.label_smoothing) + \
            (1 - t) * args.label_smoothing / (n_cls - 1)

    if args.head == 'softmax':
        return torch.sum(- t * F.log_softmax(logits, dim=1), 1).mean()

    if args.head == 'sigmoid':
        return F.binary_cross_entropy_with_logits(logits, t)


def run_eval(loader, net, args):
    net.eval()

    sum_loss = 0.0
    sum_acc1 = 0.0
    sum_acc5 = 0.0

    n_cls = len(loader.dataset.actions)
    cls_hits = torch.zeros(n_cls)
    cls_seen = torch.zeros(n_cls)

    bar = tqdm(loader, disable=args.no_progress)
    for i, (x, y) in enumerate(bar):
        y_cpu = y
        if args.cuda:
            x = x.cuda()
            y = y.cuda(non_blocking=True)

        x = Variable(x, volatile=True)
        y = Variable(y, volatile=True)

        logits = net(x)

        loss = loss_of(logits, y, args)
        sum_loss += loss.data[0]

        a1, a5 = topk_acc(logits.cpu(), y_cpu, topk=(1, 5))
        cls_hits[y_cpu] += (a1 / 100.0) + (a5 / 100.0)
        cls_seen[y_cpu] += 1

        sum_acc1 += a1
        sum_acc5 += a5

        mean_loss = sum_loss / (i + 1)
        mean_acc1 = sum_acc1 / (i + 1)
        mean_acc5 = sum_acc5 / (i + 1)
        bar.set_postfix({
            'loss': '{:6.4f}'.format(mean_loss),
            'acc1': '{:5.2f}%'.format(mean_acc1),
            'acc5': '{:5.2f}%'.format(mean_acc5),
        })

    balance = torch.log1p(2 * cls_seen - cls_hits)

    return (mean_loss, mean_acc1, mean_acc5), balance


def run_train(loader, net, opt, epoch, args):
    net.train()
    opt.zero_grad()

    run_loss = 0.0
    n = len(loader.dataset)
    bar = tqdm(loader, disable=args.no_progress)
    for i, (x, y) in enumerate(bar):
        if args.cuda:
            x = x.cuda()
            y = y.cuda(non_blocking=True)

        x = Variable(x, requires_grad=False)
        y = Variable(y, requires_grad=False)

        logits = net(x)

        loss = loss_of(logits, y, args)
        loss.backward()

        run_loss += loss.data[0]

        if (i + 1) % args.accumulate == 0 or (i + 1) == n:
            if args.clip_norm:
                clip_grad_norm(net.parameters(), args.clip_norm)

            opt.step()
            opt.zero_grad()

            run_loss /= args.accumulate

            bar.set_postfix({
                'loss': '{:6.4f}'.format(run_loss),
            })

            if (i + 1) % args.log_every == 0:
                print('train ep {} [{}/{}]: loss {:6.4f}'.format(
                    epoch, i + 1, n, run_loss), file=args.log, flush=True)

            run_loss = 0


def write_ckpt(state, best, path):
    torch.save(state, path)
    if best:
        folder = os.path.dirname(path)
        best_path = os.path.join(folder, 'model_best.pth.tar')
        shutil.copyfile(path, best_path)


def latest_ckpt(run_dir):
    last = os.path.join(run_dir, 'last_checkpoint.pth')
    if os.path.exists(last):
        return last

    def ep_of(fname):
        pat = r'.*epoch_(\d+).pth'
        m = re.match(pat, fname)
        return int(m.groups()[0]) if m else None

    found = glob.glob(os.path.join(run_dir, 'epoch_*.pth'))
    found = [(ep_of(f), f) for f in found]
    last = max(found)[1]
    return last


def main(args):
    # GPU?
    args.cuda = args.cuda and torch.cuda.is_available()

    torch.manual_seed(args.seed)
    if args.cuda:
        torch.cuda.manual_seed(args.seed)

    # data sets and loaders
    va_set = MocapSequences(args.val_data, fps=args.fps, remap=args.mapper)
    va_actions = va_set.actions.keys()

    tr_set = MocapSequences(args.train_data, only_actions=va_actions, fps=args.fps, shift=args.offset, remap=args.mapper)
    tr_actions = tr_set.actions.keys()

    assert len(tr_actions) == len(va_actions), \
        "train and val must share their actions ({} vs {})".format(
            len(tr_actions), len(va_actions))

    n_in, n_out = tr_set.get_data_size()

    if args.balance == 'none':
        sampler = RandomSampler(tr_set)
    else:
        w = tr_set.get_weights()
        sampler = WeightedRandomSampler(w, len(w))

    tr_loader = DataLoader(tr_set, batch_size=1, sampler=sampler, num_workers=1, pin_memory=args.cuda)
    va_loader = DataLoader(va_set, batch_size=1, shuffle=False, num_workers=1, pin_memory=args.cuda)

    # network
    net = MotionModel(n_in, n_out,
                      hidden=args.hd,
                      dropout=args.dropout,
                      bidirectional=args.bidirectional,
                      stack=args.stack,
                      layers=args.layers,
                      embed=args.embed)
    if args.cuda:
        net.cuda()

    # optimizer, then the train/eval loop
    if args.optim == 'adam':
        opt = Adam(net.parameters(), lr=args.lr, weight_decay=args.wd)
    elif args.optim == 'sgd':
        opt = SGD(net.parameters(), lr=args.lr, weight_decay=args.wd)

    # resume?
    if args.resume:
        run_dir = args.resume
        last = latest_ckpt(run_dir)
        ckpt = torch.load(last)
        net.load_state_dict(ckpt['state_dict'])
        opt.load_state_dict(ckpt['optimizer'])
        best_acc = ckpt['best_accuracy']
        first_epoch = ckpt['epoch'] + 1
    else:
        best_acc = 0
        first_epoch = 1
        # run folder and log
        tr_name = os.path.splitext(os.path.basename(args.train_data))[0]
        va_name = os.path.splitext(os.path.basename(args.val_data))[0]

        params = vars(args)
        params.update(dict(train=tr_name, val=va_name))

        run_name = 'model_tr-{0[train]}_vl-{0[val]}_' \
                   'bi{0[bidirectional]}_' \
                   'emb{0[embed]}_' \
                   'h{0[hd]}_' \
                   's{0[stack]}_' \
                   'l{0[layers]}_' \
                   '{0[head]}_' \
                   'a{0[accumulate]}_' \
                   'c{0[clip_norm]}_' \
                   'd{0[dropout]}_' \
                   'lr{0[lr]}_' \
                   'wd{0[wd]}_' \
                   'e{0[epochs]}_' \
                   'f{0[fps]}_' \
                   'o-{0[offset]}_' \
                   'opt-{0[optim]}_' \
                   'ls{0[label_smoothing]}_' \
                   'bal-{0[balance]}'.format(params)

        parent = 'debug' if args.debug else args.run_dir
        run_dir = os.path.join(parent, run_name)
        if not os.path.exists(run_dir):
            os.makedirs(run_dir)
        elif not args.debug:
            return

        table = pd.DataFrame(params, index=[0])  # one row needs an index
        table_path = os.path.join(run_dir, 'params.csv')
        table.to_csv(table_path, index=False)

        with pd.option_context('display.width', None), pd.option_context('max_columns', None):
            print(table)

    log_path = os.path.join(run_dir, 'log.txt')
    args.log = open(log_path, 'a+')

    bar = trange(first_epoch, args.epochs + 1, initial=first_epoch, disable=args.no_progress)
    for epoch in bar:
        bar.set_description('TRAIN [best acc1={:5.2f}]'.format(best_acc))
        run_train(tr_loader, net, opt, epoch, args)

        bar.set_description('EVAL')
        scores, balance = run_eval(va_loader, net, args)
        print('eval ep {}: loss={:6.4f} acc1={:5.2f} acc5={:5.2f}'.format(epoch, *scores),
              file=args.log, flush=True)

        acc1 = scores[1]

        best = acc1 > best_acc
        best_acc = max(best_acc, acc1)

        # checkpoint
        if args.keep:
            ckpt_name = 'epoch_{:02d}.pth'.format(epoch)
        else:
            ckpt_name = 'last_checkpoint.pth'

            ckpt_name = os.path.join(run_dir, ckpt_name)
        write_ckpt({
            'epoch': epoch,
            'best_accuracy': best_acc,
            'state_dict': net.state_dict(),
            'optimizer': opt.state_dict(),
        }, best, ckpt_name)

        if args.balance == 'adaptive':
            # print(balance)
            w = tr_set.get_weights(balance)
            sampler = WeightedRandomSampler(w, len(w))
            tr_loader = DataLoader(tr_set, batch_size=1, sampler=sampler, num_workers=1, pin_memory=args.cuda)


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description='LSTM on motion-capture sequences',
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    # data
    ap.add_argument('train_data', help='pickled train split')
    ap.add_argument('val_data', help='pickled val split')
    ap.add_argument('--mapper', help='csv that maps classes')
    ap.add_argument('-f', '--fps', type=int, default=10, help='frame rate after resampling')
    ap.add_argument('-o', '--offset', choices=['none', 'random'], default='random', help='resampling offset for training')
    ap.add_argument('--balance', choices=['none', 'frequency', 'adaptive'], default='none', help='sampling scheme')
    ap.add_argument('--ls', '--label-smoothing', type=float, dest='label_smoothing', default=0.1, help='label smoothing amount')

    # network
    ap.add_argument('--emb', '--embed', dest='embed', type=int, default=48, help='input embedding size (0: none)')
    ap.add_argument('-b', '--bidirectional', action='store_true', dest='bidirectional', help='bidirectional LSTM')
    ap.add_argument('-u', '--unidirectional', action='store_false', dest='bidirectional', help='one-way LSTM')
    ap.add_argument('--hd', '--hidden-dim', type=int, default=1024, help='LSTM state size')
    ap.add_argument('-s', '--stack', type=int, default=1, help='stacked LSTMs')
    ap.add_argument('-l', '--layers', type=int, default=1, help='classifier depth')
    ap.add_argument('-d', '--dropout', type=float, default=0.5, help='dropout on the state')
    ap.add_argument('--head', choices=['softmax', 'sigmoid'], default='softmax', help='output head')

    # optimizer
    ap.add_argument('--optim', choices=['sgd', 'adam'], default='adam', help='optimizer')
    # ap.add_argument('-m','--momentum', type=float, default=0.9, help='SGD momentum')
    ap.add_argument('-a', '--accumulate', type=int, default=40, help='steps per update')
    ap.add_argument('-c', '--clip-norm', type=float, default=0.0, help='gradient clip (0: off)')
    ap.add_argument('-e', '--epochs', type=int, default=150, help='epochs')
    ap.add_argument('--lr', '--learning-rate', type=float, default=0.0005, help='step size')
    ap.add_argument('--wd', '--weight-decay', type=float, default=1e-4, help='weight decay')
    ap.add_argument('-r', '--resume', help='run folder to resume')

    # misc
    ap.add_argument('--keep', action='store_true', dest='keep', help='keep every checkpoint')
    ap.add_argument('--no-keep', action='store_false', dest='keep', help='keep last and best only')
    ap.add_argument('--no-cuda', action='store_false', dest='cuda', help='CPU only')
    ap.add_argument('--no-progress', action='store_true', help='no progress bars')
    ap.add_argument('--log-every', type=int, default=None, help='steps between loss lines, a multiple of --accumulate (default: --accumulate)')
    ap.add_argument('--run-dir', default='runs', help='parent folder of runs')
    ap.add_argument('--seed', type=int, default=42, help='random seed')
    ap.add_argument('--debug', action='store_true', help='debug mode')

    ap.set_defaults(bidirectional=True)
    ap.set_defaults(cuda=True)
    ap.set_defaults(debug=False)
    ap.set_defaults(keep=False)
    args = ap.parse_args()

    if args.log_every is None:
        args.log_every = args.accumulate

    main(args)
