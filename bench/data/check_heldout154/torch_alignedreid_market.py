from __future__ import absolute_import
import sys
import time
import datetime
import argparse
import os.path as osp
import numpy as np

import torch
import torch.nn as nn
from torch.utils.data import DataLoader
import torch.backends.cudnn as cudnn
from torch.optim import lr_scheduler

import models
from util.losses import CrossEntropyLoss, DeepSupervision, CrossEntropyLabelSmooth, TripletLossAlignedReID
from util import data_manager
from util import transforms as T
from util.dataset_loader import ImageDataset
from util.utils import Logger
from util.utils import AverageMeter, Logger, save_checkpoint
from util.eval_metrics import evaluate
from util.optimizers import init_optim
from util.samplers import RandomIdentitySampler
from IPython import embed


ap = argparse.ArgumentParser(description='AlignedReID trainer: softmax + hard triplet')
# --------
ap.add_argument('--root', type=str, default='data', help="(see README)")
ap.add_argument('-d', '--dataset', type=str, default='market1501',
                    choices=data_manager.get_names())
ap.add_argument('-j', '--workers', default=4, type=int,
                    help="(see README)")
ap.add_argument('--height', type=int, default=256,
                    help="(see README)")
ap.add_argument('--width', type=int, default=128,
                    help="(see README)")
ap.add_argument('--split-id', type=int, default=0, help="(see README)")
# --------
ap.add_argument('--cuhk03-labeled', action='store_true',
                    help="(see README)")
ap.add_argument('--cuhk03-classic-split', action='store_true',
                    help="(see README)")
ap.add_argument('--use-metric-cuhk03', action='store_true',
                    help="(see README)")
# --------
ap.add_argument('--labelsmooth', action='store_true', help="(see README)")
ap.add_argument('--optim', type=str, default='adam', help="(see README)")
ap.add_argument('--max-epoch', default=300, type=int,
                    help="(see README)")
ap.add_argument('--start-epoch', default=0, type=int,
                    help="(see README)")
ap.add_argument('--train-batch', default=32, type=int,
                    help="(see README)")
ap.add_argument('--test-batch', default=32, type=int, help="(see README)")
ap.add_argument('--lr', '--learning-rate', default=0.0002, type=float,
                    help="(see README)")
ap.add_argument('--stepsize', default=150, type=int,
                    help="(see README)")
ap.add_argument('--gamma', default=0.1, type=float,
                    help="(see README)")
ap.add_argument('--weight-decay', default=5e-04, type=float,
                    help="(see README)")
# --------
ap.add_argument('--margin', type=float, default=0.3, help="(see README)")
ap.add_argument('--num-instances', type=int, default=4,
                    help="(see README)")
ap.add_argument('--htri-only', action='store_true', default=False,
                    help="(see README)")
# --------
ap.add_argument('-a', '--arch', type=str, default='resnet50', choices=models.get_names())
# --------
ap.add_argument('--print-freq', type=int, default=10, help="(see README)")
ap.add_argument('--seed', type=int, default=1, help="(see README)")
ap.add_argument('--resume', type=str, default='', metavar='PATH')
ap.add_argument('--evaluate', action='store_true', help="(see README)")
ap.add_argument('--eval-step', type=int, default=-1,
                    help="(see README)")
ap.add_argument('--start-eval', type=int, default=0, help="(see README)")
ap.add_argument('--save-dir', type=str, default='log')
ap.add_argument('--use_cpu', action='store_true', help="(see README)")
ap.add_argument('--gpu-devices', default='0', type=str, help="(see README)")
ap.add_argument('--reranking',action= 'store_true', help= "(see README)")

ap.add_argument('--test_distance',type = str, default='global', help= "(see README)")
ap.add_argument('--unaligned',action= 'store_true', help= "(see README)")

opts = ap.parse_args()

def run():
    on_gpu = torch.cuda.is_available()
    if opts.use_cpu: on_gpu = False
    pin = True if on_gpu else False

    if not opts.evaluate:
        sys.stdout = Logger(osp.join(opts.save_dir, 'train_log.txt'))
    else:
        sys.stdout = Logger(osp.join(opts.save_dir, 'test_log.txt'))
    print("----\nOptions:{}\n----".format(opts))

    if on_gpu:
        print("GPU(s) in use: {}".format(opts.gpu_devices))
        os.environ['CUDA_VISIBLE_DEVICES'] = opts.gpu_devices
        cudnn.benchmark = True
        torch.cuda.manual_seed_all(opts.seed)
    else:
        print("CPU run")

    print("Preparing data {}".format(opts.dataset))
    ds = data_manager.init_img_dataset(
        root=opts.root, name=opts.dataset, split_id=opts.split_id,
        cuhk03_labeled=opts.cuhk03_labeled, cuhk03_classic_split=opts.cuhk03_classic_split,
    )

    # --------
    tf_fit = T.Compose([
        T.Random2DTranslation(opts.height, opts.width),
        T.RandomHorizontalFlip(),
        T.ToTensor(),
        T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
    ])

    tf_eval = T.Compose([
        T.Resize((opts.height, opts.width)),
        T.ToTensor(),
        T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
    ])

    fit_loader = DataLoader(
        ImageDataset(ds.train, transform=tf_fit),
        sampler=RandomIdentitySampler(ds.train, num_instances=opts.num_instances),
        batch_size=opts.train_batch, num_workers=opts.workers,
        pin_memory=pin, drop_last=True,
    )

    probe_loader = DataLoader(
        ImageDataset(ds.query, transform=tf_eval),
        batch_size=opts.test_batch, shuffle=False, num_workers=opts.workers,
        pin_memory=pin, drop_last=False,
    )

    gallery_loader = DataLoader(
        ImageDataset(ds.gallery, transform=tf_eval),
        batch_size=opts.test_batch, shuffle=False, num_workers=opts.workers,
        pin_memory=pin, drop_last=False,
    )

    print("Building network: {}".format(opts.arch))
    net = models.init_model(name=opts.arch, num_classes=ds.num_train_pids, loss={'softmax','metric'}, aligned =True, use_gpu=on_gpu)
    print("Param count: {:.5f}M".format(sum(p.numel() for p in net.parameters())/1000000.0))
    if opts.labelsmooth:
        cls_crit = CrossEntropyLabelSmooth(num_classes=ds.num_train_pids, use_gpu=on_gpu)
    else:
        cls_crit = CrossEntropyLoss(use_gpu=on_gpu)
    met_crit = TripletLossAlignedReID(margin=opts.margin)
    optim = init_optim(opts.optim, net.parameters(), opts.lr, opts.weight_decay)

    if opts.stepsize > 0:
        sched = lr_scheduler.StepLR(optim, step_size=opts.stepsize, gamma=opts.gamma)
    first_epoch = opts.start_epoch

    if opts.resume:
        print("Resuming from '{}'".format(opts.resume))
        ckpt = torch.load(opts.resume)
        net.load_state_dict(ckpt['state_dict'])
        first_epoch = ckpt['epoch']

    if on_gpu:
        net = nn.DataParallel(net).cuda()

    if opts.evaluate:
        print("evaluation only")
        score(net, probe_loader, gallery_loader, on_gpu)
        return 0

    t0 = time.time()
    fit_secs = 0
    top_r1 = -np.inf
    top_ep = 0
    print("-- training --")

    for ep in range(first_epoch, opts.max_epoch):
        t_fit = time.time()
        fit_epoch(ep, net, cls_crit, met_crit, optim, fit_loader, on_gpu)
        fit_secs += round(time.time() - t_fit)

        if opts.stepsize > 0: sched.step()

        if (ep + 1) > opts.start_eval and opts.eval_step > 0 and (ep + 1) % opts.eval_step == 0 or (
                ep + 1) == opts.max_epoch:
            print("-- evaluating --")
            r1 = score(net, probe_loader, gallery_loader, on_gpu)
            improved = r1 > top_r1
            if improved:
                top_r1 = r1
                top_ep = ep + 1

            if on_gpu:
                weights = net.module.state_dict()
            else:
                weights = net.state_dict()
            save_checkpoint({
                'state_dict': weights,
                'rank1': r1,
                'epoch': ep,
            }, improved, osp.join(opts.save_dir, 'ckpt_ep' + str(ep + 1) + '.pth.tar'))

    print("-- top R1 {:.1%}, reached at epoch {}".format(top_r1, top_ep))

    spent = round(time.time() - t0)
    spent = str(datetime.timedelta(seconds=spent))
    fit_secs = str(datetime.timedelta(seconds=fit_secs))
    print("Done. Wall (h:m:s): {}. fit (h:m:s): {}.".format(spent, fit_secs))

def fit_epoch(ep, net, cls_crit, met_crit, optim, fit_loader, on_gpu):
    net.train()
    m_total = AverageMeter()
    m_batch = AverageMeter()
    m_data = AverageMeter()
    m_ce = AverageMeter()
    m_glob = AverageMeter()
    m_loc = AverageMeter()

    tick = time.time()
    for step, (batch_x, ids, _) in enumerate(fit_loader):
        if on_gpu:
            batch_x, ids = batch_x.cuda(), ids.cuda()

        # --------
        m_data.update(time.time() - tick)
        logits, gfeat, lfeat = net(batch_x)
        if opts.htri_only:
            if isinstance(gfeat, tuple):
                g_term, l_term = DeepSupervision(met_crit, gfeat, ids, lfeat)
            else:
                g_term, l_term = met_crit(gfeat, ids, lfeat)
        else:
            if isinstance(logits, tuple):
                ce_term = DeepSupervision(cls_crit, logits, ids)
            else:
                ce_term = cls_crit(logits, ids)

            if isinstance(gfeat, tuple):
                g_term, l_term = DeepSupervision(met_crit, gfeat, ids, lfeat)
            else:
                g_term, l_term = met_crit(gfeat, ids, lfeat)
        objective = ce_term + g_term + l_term
        optim.zero_grad()
        objective.backward()
        optim.step()

        m_batch.update(time.time() - tick)
        tick = time.time()
        m_total.update(objective.item(), ids.size(0))
        m_ce.update(ce_term.item(), ids.size(0))
        m_glob.update(g_term.item(), ids.size(0))
        m_loc.update(l_term.item(), ids.size(0))

        if (step+1) % opts.print_freq == 0:
            print('ep [{0}][{1}/{2}]\t'
                  'Time {batch_time.val:.3f} ({batch_time.avg:.3f})\t'
                  'Data {data_time.val:.3f} ({data_time.avg:.3f})\t'
                  'Loss {loss.val:.4f} ({loss.avg:.4f})\t'
                  'CLoss {xent_loss.val:.4f} ({xent_loss.avg:.4f})\t'
                  'GLoss {global_loss.val:.4f} ({global_loss.avg:.4f})\t'
                  'LLoss {local_loss.val:.4f} ({local_loss.avg:.4f})\t'.format(
                   ep+1, step+1, len(fit_loader), batch_time=m_batch,data_time=m_data,
                   loss=m_total,xent_loss=m_ce, global_loss=m_glob, local_loss = m_loc))

def score(net, probe_loader, gallery_loader, on_gpu, ranks=[1, 5, 10, 20]):
    m_batch = AverageMeter()

    net.eval()

    with torch.no_grad():
        pf, p_ids, p_cams, lpf = [], [], [], []
        for step, (batch_x, ids, camids) in enumerate(probe_loader):
            if on_gpu: batch_x = batch_x.cuda()

            tick = time.time()
            gfeat, lfeat = net(batch_x)
            m_batch.update(time.time() - tick)

            gfeat = gfeat.data.cpu()
            lfeat = lfeat.data.cpu()
            pf.append(gfeat)
            lpf.append(lfeat)
            p_ids.extend(ids)
            p_cams.extend(camids)
        pf = torch.cat(pf, 0)
        lpf = torch.cat(lpf,0)
        p_ids = np.asarray(p_ids)
        p_cams = np.asarray(p_cams)

        print("probe embeddings {} x {}".format(pf.size(0), pf.size(1)))

        gf, g_ids, g_cams, lgf = [], [], [], []
        tick = time.time()
        for step, (batch_x, ids, camids) in enumerate(gallery_loader):
            if on_gpu: batch_x = batch_x.cuda()

            tick = time.time()
            gfeat, lfeat = net(batch_x)
            m_batch.update(time.time() - tick)

            gfeat = gfeat.data.cpu()
            lfeat = lfeat.data.cpu()
            gf.append(gfeat)
            lgf.append(lfeat)
            g_ids.extend(ids)
            g_cams.extend(camids)
        gf = torch.cat(gf, 0)
        lgf = torch.cat(lgf,0)
        g_ids = np.asarray(g_ids)
        g_cams = np.asarray(g_cams)


        print("gallery embeddings {} x {}".format(gf.size(0), gf.size(1)))

    print("secs per batch / batch size: {:.3f}/{}".format(m_batch.avg, opts.test_batch))
    # --------
    pf = 1. * pf / (torch.norm(pf, 2, dim = -1, keepdim=True).expand_as(pf) + 1e-12)
    gf = 1. * gf / (torch.norm(gf, 2, dim = -1, keepdim=True).expand_as(gf) + 1e-12)
    m, n = pf.size(0), gf.size(0)
    dmat = torch.pow(pf, 2).sum(dim=1, keepdim=True).expand(m, n) + \
              torch.pow(gf, 2).sum(dim=1, keepdim=True).expand(n, m).t()
    dmat.addmm_(1, -2, pf, gf.t())
    dmat = dmat.numpy()

    if not opts.test_distance== 'global':
        print("global part only")
        from util.distance import low_memory_local_dist
        lpf = lpf.permute(0,2,1)
        lgf = lgf.permute(0,2,1)
        ldmat = low_memory_local_dist(lpf.numpy(),lgf.numpy(),aligned= not opts.unaligned)
        if opts.test_distance== 'local':
            print("local part only")
            dmat = ldmat
        if opts.test_distance == 'global_local':
            print("both parts")
            dmat = ldmat+dmat
    print("scoring")
    cmc, mAP = evaluate(dmat, p_ids, g_ids, p_cams, g_cams, use_metric_cuhk03=opts.use_metric_cuhk03)

    print("Scores --------")
    print("mAP: {:.1%}".format(mAP))
    print("CMC")
    for r in ranks:
        print("R{:<3}: {:.1%}".format(r, cmc[r - 1]))
    print("------------------")

    if opts.reranking:
        from util.re_ranking import re_ranking
        if opts.test_distance == 'global':
            print("rerank: global part")
            dmat = re_ranking(pf,gf,k1=20, k2=6, lambda_value=0.3)
        else:
            lpp = low_memory_local_dist(lpf.numpy(), lpf.numpy(),aligned= not opts.unaligned)
            lgg = low_memory_local_dist(lgf.numpy(), lgf.numpy(),aligned= not opts.unaligned)
            lall = np.concatenate(
                [np.concatenate([lpp, ldmat], axis=1),
                 np.concatenate([ldmat.T, lgg], axis=1)],
                axis=0)
            if opts.test_distance == 'local':
                print("rerank: local part")
                dmat = re_ranking(pf,gf,k1=20,k2=6,lambda_value=0.3,local_distmat=lall,only_local=True)
            elif opts.test_distance == 'global_local':
                print("rerank: both parts")
                dmat = re_ranking(pf,gf,k1=20,k2=6,lambda_value=0.3,local_distmat=lall,only_local=False)
        print("scores after rerank")
        cmc, mAP = evaluate(dmat, p_ids, g_ids, p_cams, g_cams, use_metric_cuhk03=opts.use_metric_cuhk03)

        print("Scores --------")
        print("mAP(RK): {:.1%}".format(mAP))
        print("CMC (rerank)")
        for r in ranks:
            print("R{:<3}: {:.1%}".format(r, cmc[r - 1]))
        print("------------------")
    return cmc[0]

if __name__ == '__main__':
    run()
