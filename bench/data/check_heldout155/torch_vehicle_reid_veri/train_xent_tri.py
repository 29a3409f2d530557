from __future__ import print_function
from __future__ import division

import os
import sys
import time
import datetime
import os.path as osp
import numpy as np
import warnings

import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn

from options import build_parser, data_opts, optim_opts, sched_opts
from vreid.manager import VehicleDataManager
from vreid import nets
from vreid.criteria import SmoothedCE, HardTriplet, MultiHeadLoss
from vreid.fsutil import file_ok
from vreid.meters import Meter
from vreid.logs import TeeLog, RankTable
from vreid.ckpt import n_params, topk_acc, \
    load_weights, write_ckpt, resume_ckpt
from vreid.vis import dump_rankings
from vreid.seed import seed_all
from vreid.metrics import cmc_map
from vreid.optim import make_optim
from vreid.sched import make_sched

# module-level options
ap = build_parser()
opt = ap.parse_args()


def main():
    global opt

    seed_all(opt.seed)
    if not opt.use_avai_gpus:
        os.environ['CUDA_VISIBLE_DEVICES'] = opt.gpu_devices
    on_gpu = torch.cuda.is_available()
    if opt.use_cpu:
        on_gpu = False
    logfile = 'eval_log.txt' if opt.evaluate else 'train_log.txt'
    sys.stdout = TeeLog(osp.join(opt.save_dir, logfile))
    print('----------\nOptions:{}\n----------'.format(opt))

    if on_gpu:
        print('GPUs: {}'.format(opt.gpu_devices))
        cudnn.benchmark = True
    else:
        warnings.warn('running on CPU; a GPU is much faster')

    print('building data manager')
    mgr = VehicleDataManager(on_gpu, **data_opts(opt))
    tr_loader, te_loaders = mgr.return_dataloaders()

    print('building network: {}'.format(opt.arch))
    net = nets.init_model(name=opt.arch, num_classes=mgr.num_train_pids, loss={'xent', 'htri'},
                              pretrained=not opt.no_pretrained, use_gpu=on_gpu)
    print('Params: {:.3f} M'.format(n_params(net)))

    if opt.load_weights and file_ok(opt.load_weights):
        load_weights(net, opt.load_weights)

    net = nn.DataParallel(net).cuda() if on_gpu else net

    ce_crit = SmoothedCE(num_classes=mgr.num_train_pids, use_gpu=on_gpu, label_smooth=opt.label_smooth)
    tri_crit = HardTriplet(margin=opt.margin)
    optim = make_optim(net, **optim_opts(opt))
    sched = make_sched(optim, **sched_opts(opt))

    if opt.resume and file_ok(opt.resume):
        opt.start_epoch = resume_ckpt(opt.resume, net, optimizer=optim)

    if opt.evaluate:
        print('evaluation only')

        for tgt in opt.target_names:
            print('evaluating on {}'.format(tgt))
            q_loader = te_loaders[tgt]['query']
            g_loader = te_loaders[tgt]['gallery']
            dist = evaluate_split(net, q_loader, g_loader, on_gpu, return_distmat=True)

            if opt.visualize_ranks:
                dump_rankings(
                    dist, mgr.return_testdataset_by_name(tgt),
                    save_dir=osp.join(opt.save_dir, 'rankings', tgt),
                    topk=20
                )
        return

    t_begin = time.time()
    table = RankTable(opt.source_names, opt.target_names)
    print('-> training')
    '''
    if opt.fixbase_epoch > 0:
        print('warm-up of {} for {} epochs, rest frozen'.format(opt.open_layers, opt.fixbase_epoch))
        saved_optim = optim.state_dict()

        for ep in range(opt.fixbase_epoch):
            run_epoch(ep, net, ce_crit, tri_crit, optim, tr_loader, on_gpu, fixbase=True)

        print('all layers open now for {} epochs'.format(opt.max_epoch))
        optim.load_state_dict(saved_optim)
    '''
    for ep in range(opt.start_epoch, opt.max_epoch):
        run_epoch(ep, net, ce_crit, tri_crit, optim, tr_loader, on_gpu)

        sched.step()

        if (ep + 1) > opt.start_eval and opt.eval_freq > 0 and (ep + 1) % opt.eval_freq == 0 or (
                ep + 1) == opt.max_epoch:
            print('-> evaluating')

            for tgt in opt.target_names:
                print('evaluating on {}'.format(tgt))
                q_loader = te_loaders[tgt]['query']
                g_loader = te_loaders[tgt]['gallery']
                r1 = evaluate_split(net, q_loader, g_loader, on_gpu)
                table.write(tgt, ep + 1, r1)

            write_ckpt({
                'state_dict': net.state_dict(),
                'rank1': r1,
                'epoch': ep + 1,
                'arch': opt.arch,
                'optimizer': optim.state_dict(),
            }, opt.save_dir)

    spent = round(time.time() - t_begin)
    spent = str(datetime.timedelta(seconds=spent))
    print('total time {}'.format(spent))
    table.show_summary()


def run_epoch(ep, net, ce_crit, tri_crit, optim, tr_loader, on_gpu):
    ce_meter = Meter()
    tri_meter = Meter()
    acc_meter = Meter()
    step_t = Meter()
    load_t = Meter()

    net.train()
    for w in net.parameters():
        w.requires_grad = True    # train everything

    tick = time.time()
    for it, (x, ids, _, _) in enumerate(tr_loader):
        load_t.update(time.time() - tick)

        if on_gpu:
            x, ids = x.cuda(), ids.cuda()

        logits, emb = net(x)
        if isinstance(logits, (tuple, list)):
            ce = MultiHeadLoss(ce_crit, logits, ids)
        else:
            ce = ce_crit(logits, ids)

        if isinstance(emb, (tuple, list)):
            tri = MultiHeadLoss(tri_crit, emb, ids)
        else:
            tri = tri_crit(emb, ids)

        loss = opt.lambda_xent * ce + opt.lambda_htri * tri
        optim.zero_grad()
        loss.backward()
        optim.step()

        step_t.update(time.time() - tick)

        ce_meter.update(ce.item(), ids.size(0))
        tri_meter.update(tri.item(), ids.size(0))
        acc_meter.update(topk_acc(logits, ids)[0])

        if (it + 1) % opt.print_freq == 0:
            print('ep [{0}][{1}/{2}]\t'
                  'step {st.val:.3f} ({st.avg:.3f})\t'
                  'load {lt.val:.4f} ({lt.avg:.4f})\t'
                  'ce {ce.val:.4f} ({ce.avg:.4f})\t'
                  'tri {tri.val:.4f} ({tri.avg:.4f})\t'
                  'acc {acc.val:.2f} ({acc.avg:.2f})\t'.format(
                ep + 1, it + 1, len(tr_loader),
                st=step_t,
                lt=load_t,
                ce=ce_meter,
                tri=tri_meter,
                acc=acc_meter
            ))

        tick = time.time()


def evaluate_split(net, q_loader, g_loader, on_gpu, ranks=[1, 5, 10, 20], return_distmat=False):
    fwd_t = Meter()

    net.eval()

    with torch.no_grad():
        q_feat, q_ids, q_cams = [], [], []
        for it, (x, ids, cams, _) in enumerate(q_loader):
            if on_gpu:
                x = x.cuda()

            tick = time.time()
            f = net(x)
            fwd_t.update(time.time() - tick)

            f = f.data.cpu()
            q_feat.append(f)
            q_ids.extend(ids)
            q_cams.extend(cams)
        q_feat = torch.cat(q_feat, 0)
        q_ids = np.asarray(q_ids)
        q_cams = np.asarray(q_cams)

        print('query features: {} x {}'.format(q_feat.size(0), q_feat.size(1)))

        g_feat, g_ids, g_cams = [], [], []
        for it, (x, ids, cams, _) in enumerate(g_loader):
            if on_gpu:
                x = x.cuda()

            tick = time.time()
            f = net(x)
            fwd_t.update(time.time() - tick)

            f = f.data.cpu()
            g_feat.append(f)
            g_ids.extend(ids)
            g_cams.extend(cams)
        g_feat = torch.cat(g_feat, 0)
        g_ids = np.asarray(g_ids)
        g_cams = np.asarray(g_cams)

        print('gallery features: {} x {}'.format(g_feat.size(0), g_feat.size(1)))

    print('-> fwd time per batch: {:.3f}/{}'.format(fwd_t.avg, opt.test_batch_size))

    m, n = q_feat.size(0), g_feat.size(0)
    dist = torch.pow(q_feat, 2).sum(dim=1, keepdim=True).expand(m, n) + \
              torch.pow(g_feat, 2).sum(dim=1, keepdim=True).expand(n, m).t()
    dist.addmm_(1, -2, q_feat, g_feat.t())
    dist = dist.numpy()

    print('computing CMC / mAP')
    # cmc, mean_ap = cmc_map(dist, q_ids, g_ids, q_cams, g_cams, opt.target_names)
    cmc, mean_ap = cmc_map(dist, q_ids, g_ids, q_cams, g_cams)

    print('results:')
    print('mAP: {:.1%}'.format(mean_ap))
    print('CMC')
    for r in ranks:
        print('top-{:<3}: {:.1%}'.format(r, cmc[r - 1]))
    print('..........')

    if return_distmat:
        return dist
    return cmc[0]


if __name__ == '__main__':
    main()
