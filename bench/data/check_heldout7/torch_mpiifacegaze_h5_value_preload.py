import os
import sys
import argparse
import time
import random
import logging
import h5py
import numpy as np
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim
import torch.utils.data
import torch.backends.cuda
import torchvision.models as models


logging.basicConfig(format='[%(asctime)s %(name)s %(levelname)s] - %(message)s', level=logging.DEBUG)
log = logging.getLogger(__name__)

step_total = 0


# == per-subject HDF5 data set and its loaders ==
class SubjectGazeDataset(torch.utils.data.Dataset):
    def __init__(self, subj, data_dir):
        h5_path = os.path.join(data_dir, '{}.h5'.format(subj))
        with h5py.File(h5_path) as h5:
            self.face_images = h5['data'].value
            self.gaze_labels = h5['label'].value
        self.n_items = len(self.face_images)

        self.face_images = torch.unsqueeze(torch.from_numpy(self.face_images), 1)
        self.gaze_labels = torch.from_numpy(self.gaze_labels)

    def __getitem__(self, idx):
        return self.face_images[idx][[2, 1, 0], :, :].transpose((1, 2, 0)), self.gaze_labels[idx][0:2]

    def __len__(self):
        return self.n_items


def make_loaders(data_dir, test_subj, batch_n, n_workers, pin):
    assert os.path.exists(data_dir)
    assert test_subj in range(15)

    subjects = ['p{:02}'.format(i) for i in range(15)]
    test_subj = subjects[test_subj]

    train_concat_dataset = torch.utils.data.ConcatDataset([
        SubjectGazeDataset(subj, data_dir) for subj in subjects if subj != test_subj
    ])
    test_subject_dataset = SubjectGazeDataset(test_subj, data_dir)

    assert len(train_concat_dataset) == 42000
    assert len(test_subject_dataset) == 3000

    loader_train = torch.utils.data.DataLoader(
        train_concat_dataset, batch_size=batch_n, shuffle=True,
        num_workers=n_workers, pin_memory=pin, drop_last=True)

    loader_test = torch.utils.data.DataLoader(
        test_subject_dataset, batch_size=batch_n, num_workers=n_workers,
        shuffle=False, pin_memory=pin, drop_last=False)

    return loader_train, loader_test


# == AlexNet features + spatial weights regressor ==
class GazeRegressor(nn.Module):

    def __init__(self):
        super(GazeRegressor, self).__init__()
        alex = models.backbone(pretrained=True)
        self.backbone = alex.features

        self.att_conv1 = nn.Conv2d(in_channels=256, out_channels=256, kernel_size=1, stride=1, padding=0)
        self.att_conv2 = nn.Conv2d(in_channels=256, out_channels=256, kernel_size=1, stride=1, padding=0)
        self.att_conv3 = nn.Conv2d(in_channels=256, out_channels=1, kernel_size=1, stride=1, padding=0)
        self.fc_block1 = nn.Sequential(nn.Linear(256*13*13, 4096), nn.ReLU(), nn.Dropout(0.5))
        self.fc_block2 = nn.Sequential(nn.Linear(4096, 4096), nn.ReLU(), nn.Dropout(0.5))
        self.head_fc = nn.Linear(4096, 2)

    def forward(self, feat_x, face_z):
        feat_x = self.backbone(feat_x)
        att_map = F.relu(self.att_conv1(feat_x))
        att_map = F.relu(self.att_conv2(att_map))
        att_map = F.relu(self.att_conv3(att_map))
        feat_x = F.dropout(F.relu(F.mul(feat_x, att_map)), 0.5)
        feat_x = feat_x.view(feat_x.size(0), -1)
        feat_x = self.fc_block1(feat_x)
        feat_x = self.fc_block2(feat_x)
        feat_x = self.head_fc(feat_x)
        return feat_x


# == training and testing loop ==
class RunningMean(object):
    def __init__(self):
        self.clear()

    def clear(self):
        self.last_val = 0
        self.running_avg = 0
        self.total = 0
        self.n_seen = 0

    def add(self, value, n):
        self.last_val = value
        self.total += value * n
        self.n_seen += n
        self.running_avg = self.total / self.n_seen


def angles_to_vec(pitch_yaw):
    vx = -torch.cos(pitch_yaw[:, 0]) * torch.sin(pitch_yaw[:, 1])
    vy = -torch.sin(pitch_yaw[:, 0])
    vz = -torch.cos(pitch_yaw[:, 1]) * torch.cos(pitch_yaw[:, 1])
    vec_len = torch.sqrt(vx**2 + vy**2 + vz**2)
    vx /= vec_len; vy /= vec_len; vz /= vec_len
    return vx, vy, vz

def angle_error_deg(pred_angles, true_labels):
    px, py, pz = angles_to_vec(pred_angles)
    lx, ly, lz = angles_to_vec(true_labels)
    cos_sim = px * lx + py * ly + pz * lz
    return torch.acos(cos_sim) * 180 / np.pi

def train_one_epoch(epoch_i, gaze_model, sgd_optimizer, mse_loss_fn, loader_train, cfg, tb_writer):
    global step_total

    log.info('training epoch {}'.format(epoch_i))
    gaze_model.train()
    loss_avg_meter = RunningMean()
    angle_avg_meter = RunningMean()
    t_start = time.time()
    for it, (face_images, gaze_labels) in enumerate(loader_train):
        step_total += 1

        face_images, gaze_labels = face_images.cuda(), gaze_labels.cuda()
        sgd_optimizer.zero_grad()

        pred_gaze = gaze_model(face_images)
        batch_loss = mse_loss_fn(pred_gaze, gaze_labels)
        batch_loss.backward()

        sgd_optimizer.step()

        angle_err = angle_error_deg(pred_gaze, gaze_labels).mean()

        n_in_batch = face_images.size(0)
        loss_avg_meter.add(batch_loss.item(), n_in_batch)
        angle_avg_meter.add(angle_err.item(), n_in_batch)

        if it % 100 == 0:
            log.info('epoch {}, step {} of {}: loss {:.4f} (mean {:.4f})'.format(
                epoch_i, it, len(loader_train), loss_avg_meter.last_val, loss_avg_meter.running_avg))

    log.info('took {:.2f}s'.format(time.time() - t_start))

def test_one_epoch(epoch_i, gaze_model, mse_loss_fn, loader_test, cfg, tb_writer):
    log.info('testing after epoch {}'.format(epoch_i))
    gaze_model.eval()
    loss_avg_meter = RunningMean()
    angle_avg_meter = RunningMean()
    t_start = time.time()

    for it, (face_images, gaze_labels) in enumerate(loader_test):
        face_images, gaze_labels = face_images.cuda(), gaze_labels.cuda()

        with torch.no_grad():
            pred_gaze = gaze_model(face_images)
        batch_loss = mse_loss_fn(pred_gaze, gaze_labels)

        angle_err = angle_error_deg(pred_gaze, gaze_labels).mean()

        n_in_batch = face_images.size(0)
        loss_avg_meter.add(batch_loss.item(), n_in_batch)
        angle_avg_meter.add(angle_err.item(), n_in_batch)
    log.info('epoch {}: test loss {:.4f}, mean angle error {:.2f} deg'.format(
        epoch_i, loss_avg_meter.running_avg, angle_avg_meter.running_avg))

    log.info('took {:.2f}s'.format(time.time() - t_start))

    return angle_avg_meter.running_avg

def run_main(opts):
    rng_seed = opts.seed
    torch.manual_seed(rng_seed)
    np.random.seed(rng_seed)
    random.seed(rng_seed)

    out_dir = opts.outdir
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    # one held-out subject for testing
    loader_train, loader_test = make_loaders(
        opts.dataset, opts.test_id, opts.batch_size, opts.num_workers, True)

    # network and loss
    gaze_model = GazeRegressor()
    gaze_model.cuda()
    mse_loss_fn = nn.MSELoss(size_average=True)

    # SGD with step decay
    sgd_optimizer = torch.optim.SGD(
        gaze_model.parameters(), lr=opts.base_lr, momentum=opts.momentum,
        weight_decay=opts.weight_decay, nesterov=opts.nesterov)
    lr_sched = torch.optim.lr_scheduler.MultiStepLR(
        sgd_optimizer, milestones=[20, 30], gamma=opts.lr_decay)

    cfg = None
    tb_writer = None
    # baseline score before any update
    test_one_epoch(0, gaze_model, mse_loss_fn, loader_test, cfg, tb_writer)

    for epoch_i in range(1, opts.epochs + 1):
        lr_sched.step()

        train_one_epoch(epoch_i, gaze_model, sgd_optimizer, mse_loss_fn, loader_train, cfg, tb_writer)
        angle_err = test_one_epoch(epoch_i, gaze_model, mse_loss_fn, loader_test, cfg, tb_writer)

        ckpt_state = OrderedDict([('args', vars(opts)), ('state_dict', gaze_model.state_dict()),
                             ('optimizer', sgd_optimizer.state_dict()), ('epoch', epoch_i),
                             ('angle_error', angle_err)])
        ckpt_path = os.path.join(out_dir, 'model_state.pth')
        torch.save(ckpt_state, ckpt_path)


def read_cli(cli_argv):
    arg_parser = argparse.ArgumentParser()
    arg_parser.add_argument('--dataset', type=str, default='MPIIFaceGaze_normalized')
    arg_parser.add_argument('--test_id', type=int, default=0)
    arg_parser.add_argument('--outdir', type=str, default='result')
    arg_parser.add_argument('--seed', type=int, default=6)
    arg_parser.add_argument('--num_workers', type=int, default=8)
    arg_parser.add_argument('--epochs', type=int, default=40)
    arg_parser.add_argument('--batch_size', type=int, default=1)
    arg_parser.add_argument('--base_lr', type=float, default=0.01)
    arg_parser.add_argument('--weight_decay', type=float, default=1e-4)
    arg_parser.add_argument('--momentum', type=float, default=0.9)
    arg_parser.add_argument('--nesterov', type=bool, default=True)
    arg_parser.add_argument('--lr_decay', type=float, default=0.1)
    return arg_parser.parse_args(cli_argv)


if __name__ == '__main__':
    run_main(read_cli(sys.argv[1:]))
