import os
import sys
import argparse
import datetime
import time
import os.path as osp
from tqdm import tqdm
import numpy as np
import torch
import torch.nn as nn
from torch.optim import lr_scheduler
import torch.backends.cudnn as cudnn
from torch.utils.data import DataLoader
from torch.utils.data import TensorDataset
import scipy.io as sio
from sklearn import preprocessing

import models
from utils import AverageMeter, Logger, encoded_features
from center_loss import CenterLoss


# ---- datasets.py (inlined) ----
class HsiPatchData(object):
    def __init__(self, scene, root_dir, half_patch=4, with_all_pixels=False, per_class_n=10,
                 batch_n=16):

        if scene == 'UP':
            scene_dir = os.path.join(root_dir, 'UP/')
            data_in = sio.loadmat(scene_dir + "PaviaU.mat")
            label_mat = sio.loadmat(scene_dir + 'PaviaU_gt.mat')
            self.cube = data_in["paviaU"]
            self.gt_map = label_mat["paviaU_gt"]
        if scene == "SA":
            scene_dir = os.path.join(root_dir, 'SA/')
            data_in = sio.loadmat(scene_dir + "Salinas_corrected.mat")
            label_mat = sio.loadmat(scene_dir + 'Salinas_gt.mat')
            self.cube = data_in["salinas_corrected"]
            self.gt_map = label_mat["salinas_gt"]

        self.n_bands = self.cube.shape[2]
        self.half_w = half_patch
        self.gt_flat = self.gt_map.reshape(np.prod(self.gt_map.shape[:2]), )
        self.batch_n = batch_n
        self.padded_cube = self.standardize_pad()
        self.per_class_n = per_class_n
        self.train_idx_list, self.test_idx_list = self.draw_train_pixels()
        self.all_idx_list = [j for j, v in enumerate(self.gt_flat.ravel().tolist())]
        self.n_train = len(self.train_idx_list)
        self.n_test = len(self.test_idx_list)
        self.n_pixels = self.cube.shape[0] * self.cube.shape[1]
        self.n_classes = max(self.gt_flat)
        self.with_all_pixels = with_all_pixels
        self.train_y = self.gt_flat[self.train_idx_list] - 1
        self.test_y = self.gt_flat[self.test_idx_list] - 1

    def standardize_pad(self):
        orig = self.cube
        self.cube = self.cube.reshape(np.prod(self.cube.shape[:2]), np.prod(self.cube.shape[2:]))
        self.cube = preprocessing.scale(self.cube)
        self.cube = self.cube.reshape(orig.shape[0], orig.shape[1], orig.shape[2])
        padded = np.lib.pad(
            self.cube, ((self.half_w, self.half_w), (self.half_w, self.half_w),
                        (0, 0)), 'constant', constant_values=0)
        return padded

    def draw_train_pixels(self):
        per_class_n = self.per_class_n
        gt_grid = self.gt_map
        train_grid = np.zeros_like(gt_grid)
        test_grid = gt_grid
        n_cls = np.max(gt_grid)
        for i in range(n_cls):
            coords = np.column_stack(np.where(gt_grid == i + 1))
            picked = coords[np.random.choice(coords.shape[0], per_class_n, replace=False), :]
            for k in range(per_class_n):
                train_grid[picked[k, 0], picked[k, 1]] = i + 1
                test_grid[picked[k, 0], picked[k, 1]] = 0
        return [j for j, v in enumerate(train_grid.ravel().tolist())if v >0], \
               [j for j, v in enumerate(test_grid.ravel().tolist())if v >0]

    def pixel_coords(self, flat_idx, n_rows, n_cols, pad):
        coord_map = {}
        for n, flat in enumerate(flat_idx):
            r0 = flat // n_cols + pad
            c0 = flat % n_cols + pad
            coord_map[n] = [r0, c0]
        return coord_map

    def crop_window(self, grid, r, c, half):
        row_band = grid[range(r - half, r + half + 1)]
        patch = row_band[:, range(c - half, c + half + 1)]
        return patch

    def gather_patches(self, n_patches, idx_list, cube_ref, half_patch, padded, n_ch):
        patches = np.zeros((n_patches, 2 * half_patch + 1, 2 * half_patch + 1, n_ch))
        coords_by_i = self.pixel_coords(idx_list, cube_ref.shape[0], cube_ref.shape[1], half_patch)
        for i in range(len(coords_by_i)):
            patches[i] = self.crop_window(padded, coords_by_i[i][0], coords_by_i[i][1], half_patch)
        return patches

    def build_loaders(self):
        all_labels = self.gt_flat - 1

        train_patch_data = self.gather_patches(len(self.train_idx_list), self.train_idx_list, self.cube,
                                        self.half_w, self.padded_cube, self.n_bands)
        test_patch_data = self.gather_patches(self.n_test, self.test_idx_list, self.cube,
                                       self.half_w, self.padded_cube, self.n_bands)
        train_x = train_patch_data.reshape(train_patch_data.shape[0], train_patch_data.shape[1], train_patch_data.shape[2], self.n_bands)
        test_x_all = test_patch_data.reshape(test_patch_data.shape[0], test_patch_data.shape[1], test_patch_data.shape[2], self.n_bands)
        test_x = test_x_all

        train_x_t = torch.from_numpy(train_x).type(torch.FloatTensor).unsqueeze(1)
        train_y_t = torch.from_numpy(self.train_y).type(torch.FloatTensor)
        train_tensor_dataset = TensorDataset(train_x_t, train_y_t)

        test_x_t = torch.from_numpy(test_x).type(torch.FloatTensor).unsqueeze(1)
        test_y_t = torch.from_numpy(self.test_y).type(torch.FloatTensor)
        test_tensor_dataset = TensorDataset(test_x_t, test_y_t)

        train_dl = DataLoader(dataset=train_tensor_dataset, batch_size=self.batch_n, shuffle=True, num_workers=0)
        test_dl = DataLoader(dataset=test_tensor_dataset, batch_size=self.batch_n, shuffle=False, num_workers=0)

        if self.with_all_pixels == True:
            all_patch_data = self.gather_patches(self.n_pixels, self.all_idx_list, self.cube,
                                          self.half_w, self.padded_cube, self.n_bands)
            all_patch_data.reshape(all_patch_data.shape[0], all_patch_data.shape[1], all_patch_data.shape[2], self.n_bands)
            all_x_t = torch.from_numpy(all_patch_data).type(torch.FloatTensor).unsqueeze(1)
            all_labels_t = torch.from_numpy(all_labels).type(torch.FloatTensor)
            all_tensor_dataset = TensorDataset(all_x_t, all_labels_t)
            all_dl = DataLoader(dataset=all_tensor_dataset, batch_size=self.batch_n, shuffle=False, num_workers=0)
            return train_dl, test_dl, all_dl
        else:
            return train_dl, test_dl

    def loaders(self):
        if self.with_all_pixels == True:
            train_dl, test_dl, all_dl = self.build_loaders()
            return train_dl, test_dl, all_dl
        else:
            train_dl, test_dl = self.build_loaders()
            return train_dl, test_dl


# ---- main.py (inlined) ----
cli = argparse.ArgumentParser("hyperspectral patch classifier with centre loss")
cli.add_argument('-d', '--dataset', type=str, default='SA', choices=['UP', 'SA', 'KSC', 'UH'])
cli.add_argument('-dir', '--dataset-dir', default="Datasets/", type=str)
cli.add_argument("--patch-len", type=int, default=4)
cli.add_argument("--sample-num", type=int, default=10)
cli.add_argument('--lr-model', type=float, default=0.003)
cli.add_argument('--lr-cent', type=float, default=0.5)
cli.add_argument('--weight-cent', type=float, default=0.1)
cli.add_argument('--max-epoch', type=int, default=500)
cli.add_argument('--stepsize', type=int, default=20)
cli.add_argument('--eval-freq', type=int, default=500)
cli.add_argument('--model', type=str, default='RCN')
cli.add_argument('--save-dir', type=str, default='log/RCN')
cli.add_argument('--emb', action='store_true', help="also write out the learned embeddings")
opts = cli.parse_args()


def run():
    on_cuda = torch.cuda.is_available()
    sys.stdout = Logger(osp.join(opts.save_dir, 'log_' + opts.dataset + '_.txt'))
    if on_cuda:
        cudnn.benchmark = True

    print("building data set {}".format(opts.dataset))
    if opts.emb:
        hsi_dataset = HsiPatchData(scene=opts.dataset, root_dir=opts.dataset_dir,
                               half_patch=opts.patch_len, with_all_pixels=True,
                               per_class_n=opts.sample_num)
        train_loader, test_loader, all_loader = hsi_dataset.loaders()
    else:
        hsi_dataset = HsiPatchData(scene=opts.dataset, root_dir=opts.dataset_dir,
                               half_patch=opts.patch_len, with_all_pixels=False,
                               per_class_n=opts.sample_num)
        train_loader, test_loader = hsi_dataset.loaders()

    rcn_model = models.create(name=opts.model, num_classes=hsi_dataset.n_classes, band=hsi_dataset.n_bands)
    if on_cuda:
        rcn_model = nn.DataParallel(rcn_model).cuda()

    ce_loss_fn = nn.CrossEntropyLoss()
    center_loss_fn = CenterLoss(num_classes=hsi_dataset.n_classes, feat_dim=2, use_gpu=on_cuda)
    model_optimizer = torch.optim.SGD(rcn_model.parameters(), lr=opts.lr_model, weight_decay=5e-04, momentum=0.9)
    center_optimizer = torch.optim.RMSprop(center_loss_fn.parameters(), lr=opts.lr_cent)
    lr_sched = lr_scheduler.CosineAnnealingLR(model_optimizer, opts.stepsize, eta_min=0, last_epoch=-1)

    t0 = time.time()
    for epoch_i in range(opts.max_epoch):
        print("epoch {} of {}".format(epoch_i + 1, opts.max_epoch))
        train_epoch(rcn_model, ce_loss_fn, center_loss_fn, model_optimizer, center_optimizer, train_loader, on_cuda)
        lr_sched.step()

        if opts.eval_freq > 0 and (epoch_i + 1) % opts.eval_freq == 0 or (epoch_i + 1) == opts.max_epoch:
            acc_pct, err_pct = run_test(rcn_model, test_loader, on_cuda)
            print("acc %: {}\t err %: {}".format(acc_pct, err_pct))

        if opts.emb and epoch_i + 1 == int(opts.max_epoch):
            encoded_features(model=rcn_model, allloader=all_loader, use_gpu=on_cuda, dataset_dict=hsi_dataset,
                             scene=opts.dataset, save_dir=opts.save_dir, prefix="embeddings",)

    took = str(datetime.timedelta(seconds=round(time.time() - t0)))
    print("done; wall time (h:m:s): {}".format(took))


def train_epoch(rcn_model, ce_loss_fn, center_loss_fn, model_optimizer, center_optimizer, train_loader, on_cuda):
    rcn_model.train()
    loss_meter = AverageMeter()
    for b, (data_in, batch_labels) in enumerate(tqdm(train_loader)):
        if on_cuda:
            data_in, batch_labels = data_in.cuda(), batch_labels.cuda()
        _, embed_features, logits = rcn_model(data_in)
        ce_loss = ce_loss_fn(logits, batch_labels.long())
        center_loss = center_loss_fn(embed_features, batch_labels)
        center_loss *= opts.weight_cent
        total_loss = ce_loss + center_loss
        model_optimizer.zero_grad()
        center_optimizer.zero_grad()
        total_loss.backward()
        model_optimizer.step()
        for p in center_loss_fn.parameters():
            p.grad.data *= (1. / opts.weight_cent)
        center_optimizer.step()
        loss_meter.update(total_loss.item(), batch_labels.size(0))


def run_test(rcn_model, test_loader, on_cuda):
    rcn_model.eval()
    n_right, n_seen = 0, 0
    with torch.no_grad():
        for data_in, batch_labels in test_loader:
            if on_cuda:
                data_in, batch_labels = data_in.cuda(), batch_labels.cuda()
            _, embed_features, logits = rcn_model(data_in)
            pred_cls = logits.data.max(1)[1]
            n_seen += batch_labels.size(0)
            n_right += (pred_cls == batch_labels.data).sum()
    acc_pct = n_right * 100. / n_seen
    return acc_pct, 100. - acc_pct


if __name__ == '__main__':
    run()
