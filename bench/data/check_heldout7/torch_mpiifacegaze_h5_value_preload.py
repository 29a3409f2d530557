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
logger = logging.getLogger(__name__)

global_step = 0


# ---- dataloader.py ----
class MPIIFaceGazeDataset(torch.utils.data.Dataset):
    def __init__(self, subject_id, dataset_dir):
        path = os.path.join(dataset_dir, '{}.h5'.format(subject_id))
        with h5py.File(path) as f:
            self.images = f['data'].value
            self.gazes = f['label'].value
        self.length = len(self.images)

        self.images = torch.unsqueeze(torch.from_numpy(self.images), 1)
        self.gazes = torch.from_numpy(self.gazes)

    def __getitem__(self, index):
        return self.images[index][[2, 1, 0], :, :].transpose((1, 2, 0)), self.gazes[index][0:2]

    def __len__(self):
        return self.length


def get_loader(dataset_dir, test_subject_id, batch_size, num_workers, use_gpu):
    assert os.path.exists(dataset_dir)
    assert test_subject_id in range(15)

    subject_ids = ['p{:02}'.format(i) for i in range(15)]
    test_subject_id = subject_ids[test_subject_id]

    train_dataset = torch.utils.data.ConcatDataset([
        MPIIFaceGazeDataset(subject_id, dataset_dir) for subject_id in subject_ids if subject_id != test_subject_id
    ])
    test_dataset = MPIIFaceGazeDataset(test_subject_id, dataset_dir)

    assert len(train_dataset) == 42000
    assert len(test_dataset) == 3000

    train_loader = torch.utils.data.DataLoader(
        train_dataset, batch_size=batch_size, shuffle=True,
        num_workers=num_workers, pin_memory=use_gpu, drop_last=True)

    test_loader = torch.utils.data.DataLoader(
        test_dataset, batch_size=batch_size, num_workers=num_workers,
        shuffle=False, pin_memory=use_gpu, drop_last=False)

    return train_loader, test_loader


# ---- models.py (weight init helpers dropped) ----
class GazeNet(nn.Module):

    def __init__(self):
        super(GazeNet, self).__init__()
        model = models.alexnet(pretrained=True)
        self.alexnet = model.features

        self.Conv1 = nn.Conv2d(in_channels=256, out_channels=256, kernel_size=1, stride=1, padding=0)
        self.Conv2 = nn.Conv2d(in_channels=256, out_channels=256, kernel_size=1, stride=1, padding=0)
        self.Conv3 = nn.Conv2d(in_channels=256, out_channels=1, kernel_size=1, stride=1, padding=0)
        self.layer1 = nn.Sequential(nn.Linear(256*13*13, 4096), nn.ReLU(), nn.Dropout(0.5))
        self.layer2 = nn.Sequential(nn.Linear(4096, 4096), nn.ReLU(), nn.Dropout(0.5))
        self.fc = nn.Linear(4096, 2)

    def forward(self, x, z):
        x = self.alexnet(x)
        y = F.relu(self.Conv1(x))
        y = F.relu(self.Conv2(y))
        y = F.relu(self.Conv3(y))
        x = F.dropout(F.relu(F.mul(x, y)), 0.5)
        x = x.view(x.size(0), -1)
        x = self.layer1(x)
        x = self.layer2(x)
        x = self.fc(x)
        return x


# ---- main.py ----
class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, num):
        self.val = val
        self.sum += val * num
        self.count += num
        self.avg = self.sum / self.count


def convert_to_unit_vector(angles):
    x = -torch.cos(angles[:, 0]) * torch.sin(angles[:, 1])
    y = -torch.sin(angles[:, 0])
    z = -torch.cos(angles[:, 1]) * torch.cos(angles[:, 1])
    norm = torch.sqrt(x**2 + y**2 + z**2)
    x /= norm; y /= norm; z /= norm
    return x, y, z

def compute_angle_error(preds, labels):
    pred_x, pred_y, pred_z = convert_to_unit_vector(preds)
    label_x, label_y, label_z = convert_to_unit_vector(labels)
    angles = pred_x * label_x + pred_y * label_y + pred_z * label_z
    return torch.acos(angles) * 180 / np.pi

def train(epoch, model, optimizer, criterion, train_loader, config, writer):
    global global_step

    logger.info('Train {}'.format(epoch))
    model.train()
    loss_meter = AverageMeter()
    angle_error_meter = AverageMeter()
    start = time.time()
    for step, (images, gazes) in enumerate(train_loader):
        global_step += 1

        images, gazes = images.cuda(), gazes.cuda()
        optimizer.zero_grad()

        outputs = model(images)
        loss = criterion(outputs, gazes)
        loss.backward()

        optimizer.step()

        angle_error = compute_angle_error(outputs, gazes).mean()

        num = images.size(0)
        loss_meter.update(loss.item(), num)
        angle_error_meter.update(angle_error.item(), num)

        if step % 100 == 0:
            logger.info('Epoch {} Step {}/{} Loss {:.4f} ({:.4f})'.format(
                epoch, step, len(train_loader), loss_meter.val, loss_meter.avg))

    logger.info('Elapsed {:.2f}'.format(time.time() - start))

def test(epoch, model, criterion, test_loader, config, writer):
    logger.info('Test {}'.format(epoch))
    model.eval()
    loss_meter = AverageMeter()
    angle_error_meter = AverageMeter()
    start = time.time()

    for step, (images, gazes) in enumerate(test_loader):
        images, gazes = images.cuda(), gazes.cuda()

        with torch.no_grad():
            outputs = model(images)
        loss = criterion(outputs, gazes)

        angle_error = compute_angle_error(outputs, gazes).mean()

        num = images.size(0)
        loss_meter.update(loss.item(), num)
        angle_error_meter.update(angle_error.item(), num)
    logger.info('Epoch {} Loss {:.4f} AngleError {:.2f}'.format(
        epoch, loss_meter.avg, angle_error_meter.avg))

    logger.info('Elapsed {:.2f}'.format(time.time() - start))

    return angle_error_meter.avg

def main(args):
    seed = args.seed
    torch.manual_seed(seed)
    np.random.seed(seed)
    random.seed(seed)

    outdir = args.outdir
    if not os.path.exists(outdir):
        os.makedirs(outdir)
    # data loaders
    train_loader, test_loader = get_loader(
        args.dataset, args.test_id, args.batch_size, args.num_workers, True)

    # model
    model = GazeNet()
    model.cuda()
    criterion = nn.MSELoss(size_average=True)

    # optimizer
    optimizer = torch.optim.SGD(
        model.parameters(), lr=args.base_lr, momentum=args.momentum,
        weight_decay=args.weight_decay, nesterov=args.nesterov)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(
        optimizer, milestones=[20, 30], gamma=args.lr_decay)

    config = None
    writer = None
    # run test before start training
    test(0, model, criterion, test_loader, config, writer)

    for epoch in range(1, args.epochs + 1):
        scheduler.step()

        train(epoch, model, optimizer, criterion, train_loader, config, writer)
        angle_error = test(epoch, model, criterion, test_loader, config, writer)

        state = OrderedDict([('args', vars(args)), ('state_dict', model.state_dict()),
                             ('optimizer', optimizer.state_dict()), ('epoch', epoch),
                             ('angle_error', angle_error)])
        model_path = os.path.join(outdir, 'model_state.pth')
        torch.save(state, model_path)


def parse_arguments(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--dataset', type=str, default='MPIIFaceGaze_normalized')
    parser.add_argument('--test_id', type=int, default=0)
    parser.add_argument('--outdir', type=str, default='result')
    parser.add_argument('--seed', type=int, default=6)
    parser.add_argument('--num_workers', type=int, default=8)
    parser.add_argument('--epochs', type=int, default=40)
    parser.add_argument('--batch_size', type=int, default=1)
    parser.add_argument('--base_lr', type=float, default=0.01)
    parser.add_argument('--weight_decay', type=float, default=1e-4)
    parser.add_argument('--momentum', type=float, default=0.9)
    parser.add_argument('--nesterov', type=bool, default=True)
    parser.add_argument('--lr_decay', type=float, default=0.1)
    return parser.parse_args(argv)


if __name__ == '__main__':
    main(parse_arguments(sys.argv[1:]))
