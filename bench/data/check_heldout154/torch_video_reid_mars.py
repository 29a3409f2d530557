from __future__ import print_function, absolute_import
import os
import sys
import time
import datetime
import argparse
import os.path as osp
import numpy as np

import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn
from torch.utils.data import DataLoader
from torch.autograd import Variable
from torch.optim import lr_scheduler

import data_manager
from video_loader import VideoDataset
import transforms as T
import models
from models import resnet3d
from losses import CrossEntropyLabelSmooth, TripletLoss
from utils import AverageMeter, Logger, save_checkpoint
from eval_metrics import evaluate
from samplers import RandomIdentitySampler

ap = argparse.ArgumentParser(description='Video re-identification trainer (softmax + triplet)')
# data
ap.add_argument('-d', '--dataset', type=str, default='mars',
                choices=data_manager.get_names())
ap.add_argument('-j', '--workers', default=4, type=int,
                help="loader worker processes")
ap.add_argument('--height', type=int, default=224,
                help="frame height")
ap.add_argument('--width', type=int, default=112,
                help="frame width")
ap.add_argument('--seq-len', type=int, default=4, help="frames drawn per tracklet clip")
# optimisation
ap.add_argument('--max-epoch', default=800, type=int,
                help="total epochs")
ap.add_argument('--start-epoch', default=0, type=int,
                help="epoch to resume from")
ap.add_argument('--train-batch', default=32, type=int,
                help="clips per training batch")
ap.add_argument('--test-batch', default=1, type=int, help="must stay 1")
ap.add_argument('--lr', '--learning-rate', default=0.0003, type=float,
                help="base learning rate")
ap.add_argument('--stepsize', default=200, type=int,
                help="epochs between lr drops (0 disables)")
ap.add_argument('--gamma', default=0.1, type=float,
                help="lr drop factor")
ap.add_argument('--weight-decay', default=5e-04, type=float,
                help="L2 penalty")
ap.add_argument('--margin', type=float, default=0.3, help="triplet margin")
ap.add_argument('--num-instances', type=int, default=4,
                help="tracklets per identity in a batch")
ap.add_argument('--htri-only', action='store_true', default=False,
                help="train with the triplet term alone")
# network
ap.add_argument('-a', '--arch', type=str, default='resnet50tp', help="resnet503d | resnet50tp | resnet50ta | resnetrnn")
ap.add_argument('--pool', type=str, default='avg', choices=['avg', 'max'])

# other
ap.add_argument('--print-freq', type=int, default=80, help="log every N batches")
ap.add_argument('--seed', type=int, default=1, help="rng seed")
ap.add_argument('--pretrained-model', type=str, default='/data/pretrained/resnet-50-kinetics.pth', help='weights for the 3d variant')
ap.add_argument('--evaluate', action='store_true', help="only run the test pass")
ap.add_argument('--eval-step', type=int, default=50,
                help="test every N epochs (-1: only at the end)")
ap.add_argument('--save-dir', type=str, default='log')
ap.add_argument('--use-cpu', action='store_true', help="force cpu")
ap.add_argument('--gpu-devices', default='0', type=str, help='value for CUDA_VISIBLE_DEVICES')

opts = ap.parse_args()

def run():
    torch.manual_seed(opts.seed)
    os.environ['CUDA_VISIBLE_DEVICES'] = opts.gpu_devices
    on_gpu = torch.cuda.is_available()
    if opts.use_cpu: on_gpu = False

    if not opts.evaluate:
        sys.stdout = Logger(osp.join(opts.save_dir, 'train_log.txt'))
    else:
        sys.stdout = Logger(osp.join(opts.save_dir, 'test_log.txt'))
    print("----------\nOptions:{}\n----------".format(opts))

    if on_gpu:
        print("GPU(s): {}".format(opts.gpu_devices))
        cudnn.benchmark = True
        torch.cuda.manual_seed_all(opts.seed)
    else:
        print("running on CPU")

    print("Loading dataset {}".format(opts.dataset))
    ds = data_manager.init_dataset(name=opts.dataset)

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

    pin = True if on_gpu else False


    fit_loader = DataLoader(
        VideoDataset(ds.train, seq_len=opts.seq_len, sample='random',transform=tf_fit),
        sampler=RandomIdentitySampler(ds.train, num_instances=opts.num_instances),
        batch_size=opts.train_batch, num_workers=opts.workers,
        pin_memory=pin, drop_last=True,
    )

    probe_loader = DataLoader(
        VideoDataset(ds.query, seq_len=opts.seq_len, sample='dense', transform=tf_eval),
        batch_size=opts.test_batch, shuffle=False, num_workers=opts.workers,
        pin_memory=pin, drop_last=False,
    )

    gallery_loader = DataLoader(
        VideoDataset(ds.gallery, seq_len=opts.seq_len, sample='dense', transform=tf_eval),
        batch_size=opts.test_batch, shuffle=False, num_workers=opts.workers,
        pin_memory=pin, drop_last=False,
    )

    print("Building network: {}".format(opts.arch))
    if opts.arch=='resnet503d':
        net = resnet3d.resnet50(num_classes=ds.num_train_pids, sample_width=opts.width, sample_height=opts.height, sample_duration=opts.seq_len)
        if not os.path.exists(opts.pretrained_model):
            raise IOError("pretrained weights missing: {}".format(opts.pretrained_model))
        print("Reading weights from '{}'".format(opts.pretrained_model))
        ckpt = torch.load(opts.pretrained_model)
        weights = {}
        for name in ckpt['state_dict']:
            if 'fc' in name: continue
            weights[name.partition("module.")[2]] = ckpt['state_dict'][name]
        net.load_state_dict(weights, strict=False)
    else:
        net = models.init_model(name=opts.arch, num_classes=ds.num_train_pids, loss={'xent', 'htri'})
    print("Parameters: {:.5f}M".format(sum(p.numel() for p in net.parameters())/1000000.0))

    ce_crit = CrossEntropyLabelSmooth(num_classes=ds.num_train_pids, use_gpu=on_gpu)
    tri_crit = TripletLoss(margin=opts.margin)

    optim = torch.optim.Adam(net.parameters(), lr=opts.lr, weight_decay=opts.weight_decay)
    if opts.stepsize > 0:
        sched = lr_scheduler.StepLR(optim, step_size=opts.stepsize, gamma=opts.gamma)
    first_epoch = opts.start_epoch

    if on_gpu:
        net = nn.DataParallel(net).cuda()

    if opts.evaluate:
        print("test pass only")
        score(net, probe_loader, gallery_loader, opts.pool, on_gpu)
        return

    t0 = time.time()
    top_r1 = -np.inf
    if opts.arch=='resnet503d':
        torch.backends.cudnn.benchmark = False
    for ep in range(first_epoch, opts.max_epoch):
        print("--> epoch {}/{}".format(ep+1, opts.max_epoch))
        
        fit_epoch(net, ce_crit, tri_crit, optim, fit_loader, on_gpu)
        
        if opts.stepsize > 0: sched.step()
        
        if opts.eval_step > 0 and (ep+1) % opts.eval_step == 0 or (ep+1) == opts.max_epoch:
            print("--> evaluating")
            r1 = score(net, probe_loader, gallery_loader, opts.pool, on_gpu)
            improved = r1 > top_r1
            if improved: top_r1 = r1

            if on_gpu:
                weights = net.module.state_dict()
            else:
                weights = net.state_dict()
            save_checkpoint({
                'state_dict': weights,
                'rank1': r1,
                'epoch': ep,
            }, improved, osp.join(opts.save_dir, 'ckpt_ep' + str(ep+1) + '.pth.tar'))

    spent = round(time.time() - t0)
    spent = str(datetime.timedelta(seconds=spent))
    print("Done. Wall time (h:m:s): {}".format(spent))

def fit_epoch(net, ce_crit, tri_crit, optim, fit_loader, on_gpu):
    net.train()
    meter = AverageMeter()

    for step, (clips, ids, _) in enumerate(fit_loader):
        if on_gpu:
            clips, ids = clips.cuda(), ids.cuda()
        clips, ids = Variable(clips), Variable(ids)
        logits, embs = net(clips)
        if opts.htri_only:
            # triplet term on its own
            objective = tri_crit(embs, ids)
        else:
            # softmax term plus triplet term
            ce_term = ce_crit(logits, ids)
            tri_term = tri_crit(embs, ids)
            objective = ce_term + tri_term
        optim.zero_grad()
        objective.backward()
        optim.step()
        meter.update(objective.data[0], ids.size(0))

        if (step+1) % opts.print_freq == 0:
            print("step {}/{}\t objective {:.6f} ({:.6f})".format(step+1, len(fit_loader), meter.val, meter.avg))

def score(net, probe_loader, gallery_loader, pool, on_gpu, ranks=[1, 5, 10, 20]):
    net.eval()

    pf, p_ids, p_cams = [], [], []
    for step, (clips, ids, cams) in enumerate(probe_loader):
        if on_gpu:
            clips = clips.cuda()
        clips = Variable(clips, volatile=True)
        # one tracklet per batch, cut into n clips of s frames
        b, n, s, c, h, w = clips.size()
        assert(b==1)
        clips = clips.view(b*n, s, c, h, w)
        emb = net(clips)
        emb = emb.view(n, -1)
        emb = torch.mean(emb, 0)
        emb = emb.data.cpu()
        pf.append(emb)
        p_ids.extend(ids)
        p_cams.extend(cams)
    pf = torch.stack(pf)
    p_ids = np.asarray(p_ids)
    p_cams = np.asarray(p_cams)

    print("probe embeddings: {} x {}".format(pf.size(0), pf.size(1)))

    gf, g_ids, g_cams = [], [], []
    for step, (clips, ids, cams) in enumerate(gallery_loader):
        if on_gpu:
            clips = clips.cuda()
        clips = Variable(clips, volatile=True)
        b, n, s, c, h, w = clips.size()
        clips = clips.view(b*n, s , c, h, w)
        assert(b==1)
        emb = net(clips)
        emb = emb.view(n, -1)
        if pool == 'avg':
            emb = torch.mean(emb, 0)
        else:
            emb, _ = torch.max(emb, 0)
        emb = emb.data.cpu()
        gf.append(emb)
        g_ids.extend(ids)
        g_cams.extend(cams)
    gf = torch.stack(gf)
    g_ids = np.asarray(g_ids)
    g_cams = np.asarray(g_cams)

    print("gallery embeddings: {} x {}".format(gf.size(0), gf.size(1)))
    print("building distance matrix")

    m, n = pf.size(0), gf.size(0)
    dmat = torch.pow(pf, 2).sum(dim=1, keepdim=True).expand(m, n) + \
           torch.pow(gf, 2).sum(dim=1, keepdim=True).expand(n, m).t()
    dmat.addmm_(1, -2, pf, gf.t())
    dmat = dmat.numpy()

    print("CMC / mAP")
    cmc, mAP = evaluate(dmat, p_ids, g_ids, p_cams, g_cams)

    print("Scores ----------")
    print("mAP: {:.1%}".format(mAP))
    print("CMC")
    for r in ranks:
        print("R{:<3}: {:.1%}".format(r, cmc[r-1]))
    print("----------------")

    return cmc[0]

if __name__ == '__main__':
    run()
