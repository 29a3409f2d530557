import os
import sys
import argparse
import datetime
import time
import os.path as osp
import matplotlib
matplotlib.use('Agg')
from matplotlib import pyplot as plt
import numpy as np

import torch
import torch.nn as nn
from torch.optim import lr_scheduler
import torch.backends.cudnn as cudnn

import datasets
import models
from utils import AverageMeter, Logger
from center_loss import CenterLoss

ap = argparse.ArgumentParser("Center Loss Example")
# ~
ap.add_argument('-d', '--dataset', type=str, default='mnist', choices=['mnist'])
ap.add_argument('-j', '--workers', default=4, type=int,
                    help="(see README: help)")
# ~
ap.add_argument('--batch-size', type=int, default=128)
ap.add_argument('--lr-model', type=float, default=0.001, help="(see README: help)")
ap.add_argument('--lr-cent', type=float, default=0.5, help="(see README: help)")
ap.add_argument('--weight-cent', type=float, default=1, help="(see README: help)")
ap.add_argument('--max-epoch', type=int, default=100)
ap.add_argument('--stepsize', type=int, default=20)
ap.add_argument('--gamma', type=float, default=0.5, help="(see README: help)")
# ~
ap.add_argument('--model', type=str, default='cnn')
# ~
ap.add_argument('--eval-freq', type=int, default=10)
ap.add_argument('--print-freq', type=int, default=50)
ap.add_argument('--gpu', type=str, default='0')
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--use-cpu', action='store_true')
ap.add_argument('--save-dir', type=str, default='log')
ap.add_argument('--plot', action='store_true', help="(see README: help)")

opts = ap.parse_args()

def run():
    torch.manual_seed(opts.seed)
    os.environ['CUDA_VISIBLE_DEVICES'] = opts.gpu
    on_gpu = torch.cuda.is_available()
    if opts.use_cpu: on_gpu = False

    sys.stdout = Logger(osp.join(opts.save_dir, 'log_' + opts.dataset + '.txt'))

    if on_gpu:
        print("Currently using GPU: {}".format(opts.gpu))
        cudnn.benchmark = True
        torch.cuda.manual_seed_all(opts.seed)
    else:
        print("Currently using CPU")

    print("Creating dataset: {}".format(opts.dataset))
    ds = datasets.create(
        name=opts.dataset, batch_size=opts.batch_size, use_gpu=on_gpu,
        num_workers=opts.workers,
    )

    fit_loader, eval_loader = ds.trainloader, ds.testloader

    print("Creating model: {}".format(opts.model))
    net = models.create(name=opts.model, num_classes=ds.num_classes)

    if on_gpu:
        net = nn.DataParallel(net).cuda()

    ce_crit = nn.CrossEntropyLoss()
    ctr_crit = CenterLoss(num_classes=ds.num_classes, feat_dim=2, use_gpu=on_gpu)
    opt_net = torch.optim.SGD(net.parameters(), lr=opts.lr_model, weight_decay=5e-04, momentum=0.9)
    opt_ctr = torch.optim.SGD(ctr_crit.parameters(), lr=opts.lr_cent)

    if opts.stepsize > 0:
        sched = lr_scheduler.StepLR(opt_net, step_size=opts.stepsize, gamma=opts.gamma)

    t0 = time.time()

    for ep in range(opts.max_epoch):
        print("==> Epoch {}/{}".format(ep+1, opts.max_epoch))
        fit_epoch(net, ce_crit, ctr_crit,
              opt_net, opt_ctr,
              fit_loader, on_gpu, ds.num_classes, ep)

        if opts.stepsize > 0: sched.step()

        if opts.eval_freq > 0 and (ep+1) % opts.eval_freq == 0 or (ep+1) == opts.max_epoch:
            print("=-> Eval")
            acc_v, err_v = score(net, eval_loader, on_gpu, ds.num_classes, ep)
            print("Accuracy (%): {}\t Error rate (%): {}".format(acc_v, err_v))

    spent = round(time.time() - t0)
    spent = str(datetime.timedelta(seconds=spent))
    print("Finished. Total elapsed time (h:m:s): {}".format(spent))

def fit_epoch(net, ce_crit, ctr_crit,
          opt_net, opt_ctr,
          fit_loader, on_gpu, num_classes, ep):
    net.train()
    m_ce = AverageMeter()
    m_ctr = AverageMeter()
    m_all = AverageMeter()
    
    if opts.plot:
        feat_chunks, lbl_chunks = [], []

    for step, (x, y) in enumerate(fit_loader):
        if on_gpu:
            x, y = x.cuda(), y.cuda()
        emb, logits = net(x)
        l_ce = ce_crit(logits, y)
        l_ctr = ctr_crit(emb, y)
        l_ctr *= opts.weight_cent
        obj = l_ce + l_ctr
        opt_net.zero_grad()
        opt_ctr.zero_grad()
        obj.backward()
        opt_net.step()
        # ~
        for p in ctr_crit.parameters():
            p.grad.data *= (1. / opts.weight_cent)
        opt_ctr.step()
        
        m_all.update(obj.item(), y.size(0))
        m_ce.update(l_ce.item(), y.size(0))
        m_ctr.update(l_ctr.item(), y.size(0))

        if opts.plot:
            if on_gpu:
                feat_chunks.append(emb.data.cpu().numpy())
                lbl_chunks.append(y.data.cpu().numpy())
            else:
                feat_chunks.append(emb.data.numpy())
                lbl_chunks.append(y.data.numpy())

        if (step+1) % opts.print_freq == 0:
            print("Batch {}/{}\t Loss {:.6f} ({:.6f}) XentLoss {:.6f} ({:.6f}) CenterLoss {:.6f} ({:.6f})" \
                  .format(step+1, len(fit_loader), m_all.val, m_all.avg, m_ce.val, m_ce.avg, m_ctr.val, m_ctr.avg))

    if opts.plot:
        feat_chunks = np.concatenate(feat_chunks, 0)
        lbl_chunks = np.concatenate(lbl_chunks, 0)
        draw_embeddings(feat_chunks, lbl_chunks, num_classes, ep, prefix='train')

def score(net, eval_loader, on_gpu, num_classes, ep):
    net.eval()
    n_ok, n_seen = 0, 0
    if opts.plot:
        feat_chunks, lbl_chunks = [], []

    with torch.no_grad():
        for x, y in eval_loader:
            if on_gpu:
                x, y = x.cuda(), y.cuda()
            emb, logits = net(x)
            guess = logits.data.max(1)[1]
            n_seen += y.size(0)
            n_ok += (guess == y.data).sum()
            
            if opts.plot:
                if on_gpu:
                    feat_chunks.append(emb.data.cpu().numpy())
                    lbl_chunks.append(y.data.cpu().numpy())
                else:
                    feat_chunks.append(emb.data.numpy())
                    lbl_chunks.append(y.data.numpy())

    if opts.plot:
        feat_chunks = np.concatenate(feat_chunks, 0)
        lbl_chunks = np.concatenate(lbl_chunks, 0)
        draw_embeddings(feat_chunks, lbl_chunks, num_classes, ep, prefix='test')

    acc_v = n_ok * 100. / n_seen
    err_v = 100. - acc_v
    return acc_v, err_v

def draw_embeddings(emb, y, num_classes, ep, prefix):
    """(doc)




    """
    palette = ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9']
    for c in range(num_classes):
        plt.scatter(
            emb[y==c, 0],
            emb[y==c, 1],
            c=palette[c],
            s=1,
        )
    plt.legend(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], loc='upper right')
    out_dir = osp.join(opts.save_dir, prefix)
    if not osp.exists(out_dir):
        os.mkdir(out_dir)
    out_png = osp.join(out_dir, 'epoch_' + str(ep+1) + '.png')
    plt.savefig(out_png, bbox_inches='tight')
    plt.close()

if __name__ == '__main__':
    run()





