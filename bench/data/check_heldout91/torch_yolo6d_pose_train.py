from __future__ import print_function
import sys
import time
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import torch.backends.cudnn as cudnn
import numpy as np
import os
import random
import math
import shutil
import argparse
from torchvision import datasets, transforms
from torch.autograd import Variable # autograd notes: http://pytorch.org/docs/master/notes/autograd.html

import dataset
from utils import *
from cfg import parse_cfg
from region_loss import RegionLoss
from darknet import Darknet
from MeshPly import MeshPly

import warnings
warnings.filterwarnings("ignore")

# make a folder if missing
def ensure_dir(folder):
    if not os.path.exists( folder ):
        os.makedirs( folder )

# step schedule for the learning rate, read from the network config
def set_lr(opt, n_batches_done):
    rate = base_lr
    for k in range(len(lr_steps)):
        factor = lr_scales[k] if k < len(lr_scales) else 1
        if n_batches_done >= lr_steps[k]:
            rate = rate * factor
            if n_batches_done == lr_steps[k]:
                break
        else:
            break
    for group in opt.param_groups:
        group['lr'] = rate/bsz
    return rate

def run_epoch(ep):

    global batches_done

    # timer
    s0 = time.time()

    # loader over the training list
    fit_loader = torch.utils.data.DataLoader(dataset.listDataset(fit_list,
                                                                 shape=(start_w, start_h),
                                                                 shuffle=True,
                                                                 transform=transforms.Compose([transforms.ToTensor(),]),
                                                                 train=True,
                                                                 seen=net.seen,
                                                                 batch_size=bsz,
                                                                 num_workers=n_workers,
                                                                 bg_file_names=bg_files),
                                             batch_size=bsz, shuffle=False, **loader_kw)

    # FIT
    rate = set_lr(opt, batches_done)
    logging('round %d, %d samples seen, lr %f' % (ep, ep * len(fit_loader.dataset), rate))
    # go
    net.train()
    s1 = time.time()
    timings = torch.zeros(9)
    n_it = 0
    # over the batches
    for b_idx, (x, y) in enumerate(fit_loader):
        s2 = time.time()
        # lr update
        set_lr(opt, batches_done)
        batches_done = batches_done + 1
        # to the GPU
        if on_gpu:
            x = x.cuda()
        s3 = time.time()
        # wrap for autograd
        x, y = Variable(x), Variable(y)
        s4 = time.time()
        # clear gradients
        opt.zero_grad()
        s5 = time.time()
        # forward
        out = net(x)
        s6 = time.time()
        net.seen = net.seen + x.data.size(0)
        criterion.seen = criterion.seen + x.data.size(0)
        # loss, kept in a list to be written out later
        loss = criterion(out, y, ep)
        fit_iters.append(ep * math.ceil(len(fit_loader.dataset) / float(bsz) ) + n_it)
        fit_losses.append(convert2cpu(loss.data))
        n_it += 1
        s7 = time.time()
        # backward
        loss.backward()
        s8 = time.time()
        # update
        opt.step()
        s9 = time.time()
        # timing printout (switched off)
        if False and b_idx > 1:
            timings[0] = timings[0] + (s2-s1)
            timings[1] = timings[1] + (s3-s2)
            timings[2] = timings[2] + (s4-s3)
            timings[3] = timings[3] + (s5-s4)
            timings[4] = timings[4] + (s6-s5)
            timings[5] = timings[5] + (s7-s6)
            timings[6] = timings[6] + (s8-s7)
            timings[7] = timings[7] + (s9-s8)
            timings[8] = timings[8] + (s9-s1)
            print('-------------------------------')
            print('      data wait : %f' % (timings[0]/(b_idx)))
            print('    host to gpu : %f' % (timings[1]/(b_idx)))
            print('       wrapping : %f' % (timings[2]/(b_idx)))
            print('      zero grad : %f' % (timings[3]/(b_idx)))
            print('        forward : %f' % (timings[4]/(b_idx)))
            print('           loss : %f' % (timings[5]/(b_idx)))
            print('       backward : %f' % (timings[6]/(b_idx)))
            print('         update : %f' % (timings[7]/(b_idx)))
            print('          total : %f' % (timings[8]/(b_idx)))
        s1 = time.time()
    s1 = time.time()
    return ep * math.ceil(len(fit_loader.dataset) / float(bsz) ) + n_it - 1

def evaluate(ep, n_it):
    def n_objects(gts):
        for k in range(50):
            if gts[k][1] == 0:
                return k

    # eval mode (dropout off, batchnorm frozen)
    net.eval()

    # settings
    n_cls                = net.num_classes
    anchors              = net.anchors
    n_anchors            = net.num_anchors
    show_times           = True
    err_trans_sum        = 0.0
    err_angle_sum        = 0.0
    err_pixel_sum        = 0.0
    n_seen               = 0.0
    errs_2d              = []
    errs_3d              = []
    errs_trans           = []
    errs_angle           = []
    errs_corner2D        = []
    logging("   evaluating...")
    logging("   evaluation samples: %d" % len(check_loader.dataset))
    missed = 0
    # over the evaluation images
    for b_idx, (x, y) in enumerate(check_loader):
        s1 = time.time()
        # to the GPU
        if on_gpu:
            x = x.cuda()
            y = y.cuda()
        # wrap; volatile=True was the old way to ask for no graph
        x = Variable(x, volatile=True)
        s2 = time.time()
        # forward
        out = net(x).data
        s3 = time.time()
        # keep only confident predictions
        boxes = get_region_boxes(out, n_cls, n_kp)
        s4 = time.time()
        # over the batch
        for box_pr, y in zip([boxes], [y[0]]):
            # every ground-truth object of this image
            gts = y.view(-1, n_kp*2+3)
            # how many there are
            n_gt    = n_objects(gts)
            # each object
            for k in range(n_gt):
                box_gt = list()
                for j in range(1, 2*n_kp+1):
                    box_gt.append(gts[k][j])
                box_gt.extend([1.0, 1.0])
                box_gt.append(gts[k][0])

                # corners back to pixels
                c2d_gt = np.array(np.reshape(box_gt[:n_kp*2], [n_kp, 2]), dtype='float32')
                c2d_pr = np.array(np.reshape(box_pr[:n_kp*2], [n_kp, 2]), dtype='float32')
                c2d_gt[:, 0] = c2d_gt[:, 0] * img_w
                c2d_gt[:, 1] = c2d_gt[:, 1] * img_h
                c2d_pr[:, 0] = c2d_pr[:, 0] * img_w
                c2d_pr[:, 1] = c2d_pr[:, 1] * img_h

                # corner error
                c_norm = np.linalg.norm(c2d_gt - c2d_pr, axis=1)
                c_dist = np.mean(c_norm)
                errs_corner2D.append(c_dist)

                # [R|t] from PnP
                R_gt, t_gt = pnp(np.array(np.transpose(np.concatenate((np.zeros((3, 1)), box3d[:3, :]), axis=1)), dtype='float32'),  c2d_gt, np.array(K_cam, dtype='float32'))
                R_pr, t_pr = pnp(np.array(np.transpose(np.concatenate((np.zeros((3, 1)), box3d[:3, :]), axis=1)), dtype='float32'),  c2d_pr, np.array(K_cam, dtype='float32'))

                # errors
                # translation
                d_trans   = np.sqrt(np.sum(np.square(t_gt - t_pr)))
                errs_trans.append(d_trans)

                # rotation
                d_angle   = calcAngularDistance(R_gt, R_pr)
                errs_angle.append(d_angle)

                # reprojection
                Rt_gt        = np.concatenate((R_gt, t_gt), axis=1)
                Rt_pr        = np.concatenate((R_pr, t_pr), axis=1)
                p2d_gt       = compute_projection(verts, Rt_gt, K_cam)
                p2d_pr       = compute_projection(verts, Rt_pr, K_cam)
                p_norm       = np.linalg.norm(p2d_gt - p2d_pr, axis=0)
                d_pixel      = np.mean(p_norm)
                errs_2d.append(d_pixel)

                # 3D vertex distance
                v3d_gt   = compute_transformation(verts, Rt_gt)
                v3d_pr   = compute_transformation(verts, Rt_pr)
                v_norm   = np.linalg.norm(v3d_gt - v3d_pr, axis=0)
                d_vertex = np.mean(v_norm)
                errs_3d.append(d_vertex)

                # running sums
                err_trans_sum  += d_trans
                err_angle_sum  += d_angle
                err_pixel_sum  += d_pixel
                n_seen         += 1

        s5 = time.time()

    # 2D reprojection, ADD and 5cm5deg scores
    px_limit = 5 # the usual 5 pixel limit
    eps          = 1e-5
    acc          = len(np.where(np.array(errs_2d) <= px_limit)[0]) * 100. / (len(errs_2d)+eps)
    acc3d        = len(np.where(np.array(errs_3d) <= add_limit)[0]) * 100. / (len(errs_3d)+eps)
    acc5cm5deg   = len(np.where((np.array(errs_trans) <= 0.05) & (np.array(errs_angle) <= 5))[0]) * 100. / (len(errs_trans)+eps)
    corner_acc   = len(np.where(np.array(errs_corner2D) <= px_limit)[0]) * 100. / (len(errs_corner2D)+eps)
    mean_err_2d  = np.mean(errs_2d)
    mean_corner_err = np.mean(errs_corner2D)
    nts = float(n_seen)

    if show_times:
        print('-----------------------------------')
        print('     host to gpu : %f' % (s2 - s1))
        print('         forward : %f' % (s3 - s2))
        print('       box decode : %f' % (s4 - s3))
        print('         scoring : %f' % (s5 - s4))
        print('           total : %f' % (s5 - s1))
        print('-----------------------------------')

    # report
    logging("   mean corner error %f" % (mean_corner_err))
    logging('   acc at {} px 2D reprojection = {:.2f}%'.format(px_limit, acc))
    logging('   acc at {} vx 3D transformation = {:.2f}%'.format(add_limit, acc3d))
    logging('   acc at 5 cm 5 degrees = {:.2f}%'.format(acc5cm5deg))
    logging('   translation error: %f, angle error: %f' % (err_trans_sum/(nts+eps), err_angle_sum/(nts+eps)) )

    # keep the numbers for the stats file
    check_iters.append(n_it)
    check_err_trans.append(err_trans_sum/(nts+eps))
    check_err_angle.append(err_angle_sum/(nts+eps))
    check_err_pixel.append(err_pixel_sum/(nts+eps))
    check_acc.append(acc)

if __name__ == "__main__":

    # config files
    ap = argparse.ArgumentParser(description='pose net training')
    ap.add_argument('--datacfg', type=str, default='cfg/ape.data') # data config
    ap.add_argument('--modelcfg', type=str, default='cfg/yolo-pose.cfg') # network config
    ap.add_argument('--initweightfile', type=str, default='cfg/darknet19_448.conv.23') # backbone weights
    ap.add_argument('--pretrain_num_epochs', type=int, default=15) # warm-up epochs
    a                   = ap.parse_args()
    datacfg             = a.datacfg
    modelcfg            = a.modelcfg
    init_weights        = a.initweightfile
    warm_epochs         = a.pretrain_num_epochs

    # read the configs
    data_opts  = read_data_cfg(datacfg)
    net_opts   = parse_cfg(modelcfg)[0]
    fit_list      = data_opts['train']
    check_list    = data_opts['valid']
    gpu_ids       = data_opts['gpus']
    mesh_file     = data_opts['mesh']
    n_workers     = int(data_opts['num_workers'])
    out_dir       = data_opts['backup']
    add_limit     = float(data_opts['diam']) * 0.1 # ADD threshold
    if not os.path.exists(out_dir):
        ensure_dir(out_dir)
    bsz           = int(net_opts['batch'])
    max_batches   = int(net_opts['max_batches'])
    base_lr       = float(net_opts['learning_rate'])
    momentum      = float(net_opts['momentum'])
    decay         = float(net_opts['decay'])
    n_samples     = file_lines(fit_list)
    bsz           = int(net_opts['batch'])
    n_batches     = n_samples / bsz
    lr_steps      = [float(s)*n_batches for s in net_opts['steps'].split(',')]
    lr_scales     = [float(s) for s in net_opts['scales'].split(',')]
    bg_files      = get_all_files('VOCdevkit/VOC2012/JPEGImages')

    # training settings
    max_epochs    = int(net_opts['max_epochs'])
    n_kp          = int(net_opts['num_keypoints'])

    # evaluation settings
    img_w       = int(data_opts['width'])
    img_h       = int(data_opts['height'])
    fx          = float(data_opts['fx'])
    fy          = float(data_opts['fy'])
    u0          = float(data_opts['u0'])
    v0          = float(data_opts['v0'])
    check_w     = int(net_opts['test_width'])
    check_h     = int(net_opts['test_height'])

    # GPUs
    on_gpu        = True
    seed          = int(time.time())
    torch.manual_seed(seed)
    if on_gpu:
        os.environ['CUDA_VISIBLE_DEVICES'] = gpu_ids
        torch.cuda.manual_seed(seed)

    # network and loss
    net         = Darknet(modelcfg)
    criterion   = RegionLoss(num_keypoints=9, num_classes=1, anchors=[], num_anchors=1, pretrain_num_epochs=15)

    # network state
    net.load_weights_until_last(init_weights)
    net.print_network()
    net.seen = 0
    criterion.iter  = net.iter
    criterion.seen  = net.seen
    batches_done      = net.seen//bsz
    start_w           = net.width
    start_h           = net.height
    start_epoch       = net.seen//n_samples

    # statistics to save
    fit_iters               = []
    fit_losses              = []
    check_iters             = []
    check_losses            = []
    check_err_trans         = []
    check_err_angle         = []
    check_err_pixel         = []
    check_acc               = []

    # camera matrix, mesh, vertices and 3D box corners
    mesh                 = MeshPly(mesh_file)
    verts                = np.c_[np.array(mesh.vertices), np.ones((len(mesh.vertices), 1))].transpose()
    box3d                = get_3D_corners(verts)
    K_cam                = get_camera_intrinsic(u0, v0, fx, fy)


    # loader workers
    loader_kw = {'num_workers': n_workers, 'pin_memory': True} if on_gpu else {}

    # evaluation loader
    check_loader = torch.utils.data.DataLoader(dataset.listDataset(check_list,
                                                                   shape=(check_w, check_h),
                                                                   shuffle=False,
                                                                   transform=transforms.Compose([transforms.ToTensor(),]),
                                                                   train=False),
                                               batch_size=1, shuffle=False, **loader_kw)

    # network to the GPU
    if on_gpu:
        net = net.cuda() # net = torch.nn.DataParallel(net, device_ids=[0]).cuda() # several GPUs

    # optimiser
    named = dict(net.named_parameters())
    groups = []
    for name, p in named.items():
        if name.find('.bn') >= 0 or name.find('.bias') >= 0:
            groups += [{'params': [p], 'weight_decay': 0.0}]
        else:
            groups += [{'params': [p], 'weight_decay': decay*bsz}]
    opt = optim.SGD(net.parameters(), lr=base_lr/bsz, momentum=momentum, dampening=0, weight_decay=decay*bsz)

    best_acc      = -sys.maxsize
    for ep in range(start_epoch, max_epochs):
        # FIT
        n_it = run_epoch(ep)
        # EVALUATE and SAVE
        if (ep % 10 == 0) and (ep > 15):
            evaluate(ep, n_it)
            logging('writing training stats to %s/costs.npz' % (out_dir))
            np.savez(os.path.join(out_dir, "costs.npz"),
                training_iters=fit_iters,
                training_losses=fit_losses,
                testing_iters=check_iters,
                testing_accuracies=check_acc,
                testing_errors_pixel=check_err_pixel,
                testing_errors_angle=check_err_angle)
            if (check_acc[-1] > best_acc ):
                best_acc = check_acc[-1]
                logging('best so far!')
                logging('writing weights to %s/model.weights' % (out_dir))
                net.save_weights('%s/model.weights' % (out_dir))
    # shutil.copy2('%s/model.weights' % (out_dir), '%s/model_backup.weights' % (out_dir))
