'''FER2013 expression classifier trained with PyTorch.'''
# test pictures are scored as the mean over ten crops
from __future__ import print_function
import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import torch.backends.cudnn as cudnn
import torchvision
import transforms as transforms
import numpy as np
import os
import argparse
import utils
import h5py
import torch.utils.data as tdata
from PIL import Image
from torch.autograd import Variable
from models import *

class Fer48Dataset(tdata.Dataset):
    def __init__(self, part='Training', img_transform=None):
        self.img_transform = img_transform
        self.part = part  # which of the three parts to serve
        self.h5_data = h5py.File('./data/data.h5', 'r', driver='core')
        if self.part == 'Training':
            self.train_imgs = self.h5_data['Training_pixel']
            self.train_label_arr = self.h5_data['Training_label']
            self.train_imgs = np.asarray(self.train_imgs)
            self.train_imgs = self.train_imgs.reshape((28709, 48, 48))
        elif self.part == 'PublicTest':
            self.public_test_imgs = self.h5_data['PublicTest_pixel']
            self.public_test_label_arr = self.h5_data['PublicTest_label']
            self.public_test_imgs = np.asarray(self.public_test_imgs)
            self.public_test_imgs = self.public_test_imgs.reshape((3589, 48, 48))
        else:
            self.private_test_imgs = self.h5_data['PrivateTest_pixel']
            self.private_test_label_arr = self.h5_data['PrivateTest_label']
            self.private_test_imgs = np.asarray(self.private_test_imgs)
            self.private_test_imgs = self.private_test_imgs.reshape((3589, 48, 48))
    def __getitem__(self, idx):
        if self.part == 'Training':
            face_img, target_cls = self.train_imgs[idx], self.train_label_arr[idx]
        elif self.part == 'PublicTest':
            face_img, target_cls = self.public_test_imgs[idx], self.public_test_label_arr[idx]
        else:
            face_img, target_cls = self.private_test_imgs[idx], self.private_test_label_arr[idx]
        face_img = face_img[:, :, np.newaxis]
        face_img = np.concatenate((face_img, face_img, face_img), axis=2)
        face_img = Image.fromarray(face_img)
        if self.img_transform is not None:
            face_img = self.img_transform(face_img)
        return face_img, target_cls
    def __len__(self):
        if self.part == 'Training':
            return len(self.train_imgs)
        elif self.part == 'PublicTest':
            return len(self.public_test_imgs)
        else:
            return len(self.private_test_imgs)

cli_parser = argparse.ArgumentParser(description='train a CNN on FER2013')
cli_parser.add_argument('--model', type=str, default='VGG19', help='network name')
cli_parser.add_argument('--dataset', type=str, default='FER2013', help='data set name')
cli_parser.add_argument('--bs', default=128, type=int, help='pictures per step')
cli_parser.add_argument('--lr', default=0.01, type=float, help='initial step size')
cli_parser.add_argument('--resume', '-r', action='store_true', help='continue from the saved checkpoint')
cli = cli_parser.parse_args()

on_gpu = torch.cuda.is_available()
best_public_acc = 0  # best accuracy on the public test part
best_public_epoch = 0
best_private_acc = 0  # best accuracy on the private test part
best_private_epoch = 0
first_epoch = 0  # 0, or the epoch after the checkpoint
lr_decay_from = 80  # epochs before the step size starts to fall
lr_decay_step = 5 # fall every this many epochs
lr_decay_mult = 0.9 # factor per fall
crop_px = 44
epoch_limit = 250
ckpt_dir = os.path.join(cli.dataset + '_' + cli.model)

print('setting up the loaders')
train_transform = transforms.Compose([
    transforms.RandomCrop(44),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
])

test_transform = transforms.Compose([
    transforms.TenCrop(crop_px),
    transforms.Lambda(lambda crop_list: torch.stack([transforms.ToTensor()(one_crop) for one_crop in crop_list])),
])

train_dataset = Fer48Dataset(part = 'Training', img_transform=train_transform)
train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=cli.bs, shuffle=True, num_workers=1)
public_test_dataset = Fer48Dataset(part = 'PublicTest', img_transform=test_transform)
public_test_loader = torch.utils.data.DataLoader(public_test_dataset, batch_size=cli.bs, shuffle=False, num_workers=1)
private_test_dataset = Fer48Dataset(part = 'PrivateTest', img_transform=test_transform)
private_test_loader = torch.utils.data.DataLoader(private_test_dataset, batch_size=cli.bs, shuffle=False, num_workers=1)

if cli.model == 'VGG19':
    model_net = VGG('VGG19')
elif cli.model  == 'Resnet18':
    model_net = ResNet18()
if cli.resume:
    print('loading the saved checkpoint')
    assert os.path.isdir(ckpt_dir), 'checkpoint folder is missing'
    ckpt = torch.load(os.path.join(ckpt_dir,'PrivateTest_model.t7'))
    model_net.load_state_dict(ckpt['net'])
    best_public_acc = ckpt['best_PublicTest_acc']
    best_private_acc = ckpt['best_PrivateTest_acc']
    best_private_epoch = ckpt['best_PublicTest_acc_epoch']
    best_private_epoch = ckpt['best_PrivateTest_acc_epoch']
    first_epoch = ckpt['best_PrivateTest_acc_epoch'] + 1
else:
    print('starting from scratch')
if on_gpu:
    model_net.cuda()

ce_criterion = nn.CrossEntropyLoss()
sgd_optimizer = optim.SGD(model_net.parameters(), lr=cli.lr, momentum=0.9, weight_decay=5e-4)

def train_one_epoch(epoch):
    print('\n-- epoch %d' % epoch)
    global train_acc_pct
    model_net.train()
    train_loss_sum = 0
    n_hit = 0
    n_seen = 0
    if epoch > lr_decay_from and lr_decay_from >= 0:
        n_decays = (epoch - lr_decay_from) // lr_decay_step
        lr_mult = lr_decay_mult ** n_decays
        lr_now = cli.lr * lr_mult
        utils.set_lr(sgd_optimizer, lr_now)  # apply the lowered step size
    else:
        lr_now = cli.lr
    print('step size now %s' % str(lr_now))
    for step_i, (batch_imgs, batch_targets) in enumerate(train_loader):
        if on_gpu:
            batch_imgs, batch_targets = batch_imgs.cuda(), batch_targets.cuda()
        sgd_optimizer.zero_grad()
        batch_imgs, batch_targets = Variable(batch_imgs), Variable(batch_targets)
        logits = model_net(batch_imgs)
        step_loss = ce_criterion(logits, batch_targets)
        step_loss.backward()
        utils.clip_gradient(sgd_optimizer, 0.1)
        sgd_optimizer.step()
        train_loss_sum += step_loss.data[0]
        _, pred_cls = torch.max(logits.data, 1)
        n_seen += batch_targets.size(0)
        n_hit += pred_cls.eq(batch_targets.data).cpu().sum()
        utils.progress_bar(step_i, len(train_loader), 'loss %.3f, acc %.3f%% (%d of %d)'
            % (train_loss_sum/(step_i+1), 100.*n_hit/n_seen, n_hit, n_seen))
    train_acc_pct = 100.*n_hit/n_seen

def public_test_pass(epoch):
    global public_test_acc
    global best_public_acc
    global best_public_epoch
    model_net.eval()
    public_test_loss = 0
    n_hit = 0
    n_seen = 0
    for step_i, (batch_imgs, batch_targets) in enumerate(public_test_loader):
        n_b, n_crops, ch, ht, wd = np.shape(batch_imgs)
        batch_imgs = batch_imgs.view(-1, ch, ht, wd)
        if on_gpu:
            batch_imgs, batch_targets = batch_imgs.cuda(), batch_targets.cuda()
        batch_imgs, batch_targets = Variable(batch_imgs, volatile=True), Variable(batch_targets)
        logits = model_net(batch_imgs)
        crop_mean_logits = logits.view(n_b, n_crops, -1).mean(1)  # mean of the ten crops
        step_loss = ce_criterion(crop_mean_logits, batch_targets)
        public_test_loss += step_loss.data[0]
        _, pred_cls = torch.max(crop_mean_logits.data, 1)
        n_seen += batch_targets.size(0)
        n_hit += pred_cls.eq(batch_targets.data).cpu().sum()
        utils.progress_bar(step_i, len(public_test_loader), 'loss %.3f, acc %.3f%% (%d of %d)'
                           % (public_test_loss / (step_i + 1), 100. * n_hit / n_seen, n_hit, n_seen))
    public_test_acc = 100.*n_hit/n_seen
    if public_test_acc > best_public_acc:
        print('new best, saving')
        print("best public-test accuracy %0.3f" % public_test_acc)
        ckpt_state = {
            'net': model_net.state_dict() if on_gpu else model_net,
            'acc': public_test_acc,
            'epoch': epoch,
        }
        if not os.path.isdir(ckpt_dir):
            os.mkdir(ckpt_dir)
        torch.save(ckpt_state, os.path.join(ckpt_dir,'PublicTest_model.t7'))
        best_public_acc = public_test_acc
        best_public_epoch = epoch

def private_test_pass(epoch):
    global private_test_acc
    global best_private_acc
    global best_private_epoch
    model_net.eval()
    private_test_loss = 0
    n_hit = 0
    n_seen = 0
    for step_i, (batch_imgs, batch_targets) in enumerate(private_test_loader):
        n_b, n_crops, ch, ht, wd = np.shape(batch_imgs)
        batch_imgs = batch_imgs.view(-1, ch, ht, wd)
        if on_gpu:
            batch_imgs, batch_targets = batch_imgs.cuda(), batch_targets.cuda()
        batch_imgs, batch_targets = Variable(batch_imgs, volatile=True), Variable(batch_targets)
        logits = model_net(batch_imgs)
        crop_mean_logits = logits.view(n_b, n_crops, -1).mean(1)  # mean of the ten crops
        step_loss = ce_criterion(crop_mean_logits, batch_targets)
        private_test_loss += step_loss.data[0]
        _, pred_cls = torch.max(crop_mean_logits.data, 1)
        n_seen += batch_targets.size(0)
        n_hit += pred_cls.eq(batch_targets.data).cpu().sum()
        utils.progress_bar(step_i, len(public_test_loader), 'loss %.3f, acc %.3f%% (%d of %d)'
            % (private_test_loss / (step_i + 1), 100. * n_hit / n_seen, n_hit, n_seen))
    private_test_acc = 100.*n_hit/n_seen
    if private_test_acc > best_private_acc:
        print('new best, saving')
        print("best private-test accuracy %0.3f" % private_test_acc)
        ckpt_state = {
            'net': model_net.state_dict() if on_gpu else model_net,
            'best_PublicTest_acc': best_public_acc,
            'best_PrivateTest_acc': private_test_acc,
            'best_PublicTest_acc_epoch': best_public_epoch,
            'best_PrivateTest_acc_epoch': epoch,
        }
        if not os.path.isdir(ckpt_dir):
            os.mkdir(ckpt_dir)
        torch.save(ckpt_state, os.path.join(ckpt_dir,'PrivateTest_model.t7'))
        best_private_acc = private_test_acc
        best_private_epoch = epoch

for epoch in range(first_epoch, epoch_limit):
    train_one_epoch(epoch)
    public_test_pass(epoch)
    private_test_pass(epoch)
print("best public-test accuracy %0.3f" % best_public_acc)
print("reached at epoch %d" % best_public_epoch)
print("best private-test accuracy %0.3f" % best_private_acc)
print("reached at epoch %d" % best_private_epoch)
