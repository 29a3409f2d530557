# source: https://github.com/ShichenLiu/SoftRas/blob/b569bed5759cf2014f9b79c12ad10eef7b80ec34/examples/recon/train.py (+ examples/recon/datasets.py; memory issue: https://github.com/ShichenLiu/SoftRas/issues/53)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import argparse
import os
import time

import imageio
import numpy as np
import torch
import tqdm

import soft_renderer.functional as srf
from losses import multiview_iou_loss
from utils import AverageMeter, img_cvt
import models

ALL_CLASSES = ('02691156,02828884,02933112,02958343,03001627,03211117,03636649,' +
               '03691459,04090263,04256520,04379243,04401088,04530566')


class ShapeNetViews(object):
    def __init__(self, folder=None, class_ids=None, split=None):
        self.class_ids = class_ids
        self.split = split
        self.elevation = 30.
        self.distance = 2.732
        views = []
        grids = []
        self.count_per_class = {}
        self.offset = {}
        total = 0
        bar = tqdm.tqdm(self.class_ids)
        for cid in bar:
            views.append(list(np.load(os.path.join(folder, '%s_%s_images.npz' % (cid, split))).items())[0][1])
            grids.append(list(np.load(os.path.join(folder, '%s_%s_voxels.npz' % (cid, split))).items())[0][1])
            self.count_per_class[cid] = views[-1].shape[0]
            self.offset[cid] = total
            total += self.count_per_class[cid]
        views = np.concatenate(views, axis=0).reshape((-1, 4, 64, 64))
        views = np.ascontiguousarray(views)
        self.images = views
        self.voxels = np.ascontiguousarray(np.concatenate(grids, axis=0))
        del views
        del grids

    def random_batch(self, batch_size):
        ids_a = np.zeros(batch_size, 'int32')
        ids_b = np.zeros(batch_size, 'int32')
        vp_a = torch.zeros(batch_size)
        vp_b = torch.zeros(batch_size)
        for i in range(batch_size):
            cid = np.random.choice(self.class_ids)
            obj = np.random.randint(0, self.count_per_class[cid])
            va = np.random.randint(0, 24)
            vb = np.random.randint(0, 24)
            ids_a[i] = (obj + self.offset[cid]) * 24 + va
            ids_b[i] = (obj + self.offset[cid]) * 24 + vb
            vp_a[i] = va
            vp_b[i] = vb
        imgs_a = torch.from_numpy(self.images[ids_a].astype('float32') / 255.)
        imgs_b = torch.from_numpy(self.images[ids_b].astype('float32') / 255.)
        dist = torch.ones(batch_size).float() * self.distance
        elev_a = torch.ones(batch_size).float() * self.elevation
        elev_b = torch.ones(batch_size).float() * self.elevation
        cam_a = srf.get_points_from_angles(dist, elev_a, -vp_a * 15)
        cam_b = srf.get_points_from_angles(dist, elev_b, -vp_b * 15)
        return imgs_a, imgs_b, cam_a, cam_b


cli = argparse.ArgumentParser()
cli.add_argument('-eid', '--experiment-id', type=str)
cli.add_argument('-md', '--model-directory', type=str, default='data/results/models')
cli.add_argument('-r', '--resume-path', type=str, default='')
cli.add_argument('-dd', '--dataset-directory', type=str, default='data/datasets')
cli.add_argument('-cls', '--class-ids', type=str, default=ALL_CLASSES)
cli.add_argument('-is', '--image-size', type=int, default=64)
cli.add_argument('-b', '--batch-size', type=int, default=64)
cli.add_argument('-sv', '--sigma-val', type=float, default=1e-4)
cli.add_argument('-lr', '--learning-rate', type=float, default=1e-4)
cli.add_argument('-lrt', '--lr-type', type=str, default='step')
cli.add_argument('-ll', '--lambda-laplacian', type=float, default=5e-3)
cli.add_argument('-lf', '--lambda-flatten', type=float, default=5e-4)
cli.add_argument('-ni', '--num-iterations', type=int, default=250000)
cli.add_argument('-pf', '--print-freq', type=int, default=100)
cli.add_argument('-df', '--demo-freq', type=int, default=1000)
cli.add_argument('-sf', '--save-freq', type=int, default=10000)
cli.add_argument('-s', '--seed', type=int, default=0)
args = cli.parse_args()

torch.backends.cudnn.deterministic = True
torch.manual_seed(args.seed)
torch.cuda.manual_seed_all(args.seed)
np.random.seed(args.seed)

out_dir = os.path.join(args.model_directory, args.experiment_id)
os.makedirs(out_dir, exist_ok=True)
pic_dir = os.path.join(out_dir, 'pic')
os.makedirs(pic_dir, exist_ok=True)

net = models.Model('data/obj/sphere/sphere_642.obj', args=args)
net = net.cuda()
optimizer = torch.optim.Adam(net.model_param(), args.learning_rate)

first_iter = 0
if args.resume_path:
    state = torch.load(args.resume_path)
    net.load_state_dict(state['model'])
    optimizer.load_state_dict(state['optimizer'])
    first_iter = int(os.path.split(args.resume_path)[1][11:].split('.')[0]) + 1

train_set = ShapeNetViews(args.dataset_directory, args.class_ids.split(','), 'train')


def step_lr(opts, base, i, method):
    if method == 'step':
        lr = base
        if i >= 150000:
            lr *= 0.3
    else:
        lr = base
    for o in opts:
        for g in o.param_groups:
            g['lr'] = lr
    return lr


def step_sigma(sigma, i):
    if i >= 150000:
        sigma *= 0.3
    return sigma


def train():
    tic = time.time()
    batch_time = AverageMeter()
    losses = AverageMeter()
    for i in range(first_iter, args.num_iterations + 1):
        lr = step_lr([optimizer], args.learning_rate, i, method=args.lr_type)
        net.set_sigma(step_sigma(args.sigma_val, i))
        imgs_a, imgs_b, cam_a, cam_b = train_set.random_batch(args.batch_size)
        imgs_a = imgs_a.cuda()
        imgs_b = imgs_b.cuda()
        cam_a = cam_a.cuda()
        cam_b = cam_b.cuda()
        renders, lap_loss, flat_loss = net([imgs_a, imgs_b], [cam_a, cam_b], task='train')
        lap_loss = lap_loss.mean()
        flat_loss = flat_loss.mean()
        loss = multiview_iou_loss(renders, imgs_a, imgs_b) + \
            args.lambda_laplacian * lap_loss + args.lambda_flatten * flat_loss
        losses.update(loss.data.item(), imgs_a.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch_time.update(time.time() - tic)
        tic = time.time()
        if i % args.save_freq == 0:
            torch.save({'model': net.state_dict(), 'optimizer': optimizer.state_dict()},
                       os.path.join(out_dir, 'checkpoint_%07d.pth.tar' % i))
        if i % args.demo_freq == 0:
            demo_v, demo_f = net.reconstruct(imgs_a[0:1])
            srf.save_obj(os.path.join(out_dir, 'demo_%07d.obj' % i), demo_v[0], demo_f[0])
            imageio.imsave(os.path.join(pic_dir, '%07d_fake.png' % i), img_cvt(renders[0][0]))
            imageio.imsave(os.path.join(pic_dir, '%07d_input.png' % i), img_cvt(imgs_a[0]))
        if i % args.print_freq == 0:
            print('iter {0}/{1} loss {loss.val:.3f} lr {lr:.6f}'.format(i, args.num_iterations, loss=losses, lr=lr))


train()
