import time
import argparse
import numpy as np

import torch
import torch.nn as nn
from torch.autograd import Variable
import torch.optim as optim
import torch.utils.data as data

import torchvision.transforms as transforms

from utility.utils import *
from model import *


# == grid-world data set (dataset/dataset.py) ==
class GridworldDataset(data.Dataset):
    def __init__(self, npz_path, grid_size, train_split=True,
                    img_tf=None, label_tf=None):
        assert npz_path.endswith('.npz') # only .npz archives are read
        self.npz_file = npz_path
        self.grid_size = grid_size
        self.img_tf = img_tf
        self.label_tf = label_tf
        self.is_train_split = train_split # which half of the archive

        self.grid_images, self.s1_all, self.s2_all, self.action_labels =  \
                                self._read_split(npz_path, self.is_train_split)

    def __getitem__(self, idx):
        grid_img = self.grid_images[idx]
        s1_v = self.s1_all[idx]
        s2_v = self.s2_all[idx]
        action_label = self.action_labels[idx]
        # optional image transform
        if self.img_tf is not None:
            grid_img = self.img_tf(grid_img)
        else: # no transform given: plain tensor
            grid_img = torch.from_numpy(grid_img)
        # optional label transform
        if self.label_tf is not None:
            action_label = self.label_tf(action_label)
        return grid_img, int(s1_v), int(s2_v), int(action_label)

    def __len__(self):
        return self.grid_images.shape[0]

    def _read_split(self, npz_path, train_split):
        """The archive holds 8 arrays, train ones first then test ones;
        per split: grids, start row, start column, action.
        """
        with np.load(npz_path, mmap_mode='r') as npz:
            if train_split:
                grid_images = npz['arr_0']
                s1_pos = npz['arr_1']
                s2_pos = npz['arr_2']
                action_labels = npz['arr_3']
            else:
                grid_images = npz['arr_4']
                s1_pos = npz['arr_5']
                s2_pos = npz['arr_6']
                action_labels = npz['arr_7']
        # cast types
        grid_images = grid_images.astype(np.float32)
        s1_pos = s1_pos.astype(int) # grid coordinates
        s2_pos = s2_pos.astype(int)
        action_labels = action_labels.astype(int) # action ids
        # report the split size
        if train_split:
            print("{0} training grids".format(grid_images.shape[0]))
        else:
            print("{0} test grids".format(grid_images.shape[0]))
        return grid_images, s1_pos, s2_pos, action_labels


# == training and testing (train.py) ==
def train_vin(vin_net, train_loader, cfg, ce_loss, rms_optimizer, on_gpu):
    print_header()
    for ep in range(cfg.epochs): # epochs
        err_sum, loss_sum, n_batches = 0.0, 0.0, 0.0
        t0 = time.time()
        for i, batch_data in enumerate(train_loader): # batches
            # unpack
            X_grid, s1_pos, s2_pos, action_labels = batch_data
            if X_grid.size()[0] != cfg.batch_size:
                continue # skip the short last batch
            # move to the GPU when there is one
            if on_gpu:
                X_grid = X_grid.cuda()
                s1_pos = s1_pos.cuda()
                s2_pos = s2_pos.cuda()
                action_labels = action_labels.cuda()
            # wrap as Variables
            X_grid, s1_pos = Variable(X_grid), Variable(s1_pos)
            s2_pos, action_labels = Variable(s2_pos), Variable(action_labels)
            # clear gradients
            rms_optimizer.zero_grad()
            # forward
            q_logits, action_probs = vin_net(X_grid, s1_pos, s2_pos, cfg)
            # objective
            batch_loss = ce_loss(q_logits, action_labels)
            # backward
            batch_loss.backward()
            # update
            rms_optimizer.step()
            # batch loss and error
            loss_val, err_val = get_stats(batch_loss, action_probs, action_labels)
            loss_sum += loss_val
            err_sum += err_val
            n_batches += 1
        elapsed = time.time() - t0
        # epoch summary
        print_stats(ep, loss_sum, err_sum, n_batches, elapsed)
    print('\ntraining done\n')


def test_vin(vin_net, test_loader, cfg):
    n_total, n_correct = 0.0, 0.0
    for i, batch_data in enumerate(test_loader):
        # unpack
        X_grid, s1_pos, s2_pos, action_labels = batch_data
        if X_grid.size()[0] != cfg.batch_size:
            continue # skip the short last batch
        # move to the GPU when there is one
        if on_gpu:
            X_grid = X_grid.cuda()
            s1_pos = s1_pos.cuda()
            s2_pos = s2_pos.cuda()
            action_labels = action_labels.cuda()
        # wrap as Variables
        X_grid, s1_pos, s2_pos = Variable(X_grid), Variable(s1_pos), Variable(s2_pos)
        # forward
        q_logits, action_probs = vin_net(X_grid, s1_pos, s2_pos, cfg)
        # best action per grid
        _, pred_action = torch.max(q_logits, dim=1, keepdim=True)
        # plain tensor again
        pred_action = pred_action.data
        # count hits
        n_correct += (torch.eq(torch.squeeze(pred_action), action_labels)).sum()
        n_total += action_labels.size()[0]
    print('test accuracy {:.2f}%'.format(100*(n_correct/n_total)))


if __name__ == '__main__':
    # GPU if there is one
    on_gpu = torch.cuda.is_available()
    # options
    arg_parser = argparse.ArgumentParser()
    arg_parser.add_argument('--datafile', type=str, default='dataset/gridworld_8x8.npz', help='npz file with the grids')
    arg_parser.add_argument('--imsize', type=int, default=8, help='grid side')
    arg_parser.add_argument('--lr', type=float, default=0.005, help='RMSprop step size (0.001 to 0.01 used)')
    arg_parser.add_argument('--epochs', type=int, default=30, help='training epochs')
    arg_parser.add_argument('--k', type=int, default=10, help='value-iteration steps K')
    arg_parser.add_argument('--l_i', type=int, default=2, help='input channels')
    arg_parser.add_argument('--l_h', type=int, default=150, help='hidden channels')
    arg_parser.add_argument('--l_q', type=int, default=10, help='Q channels (about the action count)')
    arg_parser.add_argument('--batch_size', type=int, default=128, help='grids per batch')
    cfg = arg_parser.parse_args()
    # where the weights are written
    ckpt_path = "trained/vin_{0}x{0}.pth".format(cfg.grid_size)
    # network
    vin_net = VIN(cfg)
    # to the GPU
    if on_gpu:
         vin_net = vin_net.cuda()
    # objective
    ce_loss = nn.CrossEntropyLoss()
    # optimiser
    rms_optimizer = optim.RMSprop(vin_net.parameters(), lr=cfg.lr, eps=1e-6)
    # no extra transform
    grid_tf = None
    # both splits of the archive
    train_dataset = GridworldDataset(cfg.datafile, grid_size=cfg.grid_size, train_split=True, img_tf=grid_tf)
    test_dataset = GridworldDataset(cfg.datafile, grid_size=cfg.grid_size, train_split=False, img_tf=grid_tf)
    # loaders
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=cfg.batch_size, shuffle=True, num_workers=0)
    test_loader = torch.utils.data.DataLoader(test_dataset, batch_size=cfg.batch_size, shuffle=False, num_workers=0)
    # fit
    train_vin(vin_net, train_loader, cfg, ce_loss, rms_optimizer, on_gpu)
    # evaluate
    test_vin(vin_net, test_loader, cfg)
    # keep the weights
    torch.save(vin_net.state_dict(), ckpt_path)
