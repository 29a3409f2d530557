# source: https://github.com/zyh-uaiaaaa/Erasing-Attention-Consistency/blob/8a9cf5e10a55c0a8e44b753ecb9d6c35d57dac8c/src/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (dataset.py, utils.py and loss.py of src/ are inlined below; the model stays imported)
import argparse
import os
import random

import cv2
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data as data
from torch.autograd import Variable
from torchvision import transforms

from model import Model

cli = argparse.ArgumentParser()
cli.add_argument('--raf_path', type=str, default='../raf-basic')
cli.add_argument('--resnet50_path', type=str, default='../model/resnet50_ft_weight.pkl')
cli.add_argument('--label_path', type=str, default='list_patition_label.txt')
cli.add_argument('--workers', type=int, default=4)
cli.add_argument('--batch_size', type=int, default=32)
cli.add_argument('--w', type=int, default=7)
cli.add_argument('--h', type=int, default=7)
cli.add_argument('--gpu', type=int, default=0)
cli.add_argument('--lam', type=float, default=5)
cli.add_argument('--epochs', type=int, default=60)
opt = cli.parse_args()


def gaussian_jitter(img, mean=0.0, var=30):
    noisy = img + np.random.normal(mean, var ** 0.5, img.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def mirror(img):
    return cv2.flip(img, 1)


def fix_seeds(seed):
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
    np.random.seed(seed)
    random.seed(seed)
    torch.backends.cudnn.deterministic = True


def mirror_grid(w, h, device):
    xs = torch.arange(w).view(1, -1).expand(h, -1)
    ys = torch.arange(h).view(-1, 1).expand(-1, w)
    grid = torch.stack([xs, ys], dim=0).float().to(device)
    grid = grid.unsqueeze(0).expand(1, -1, -1, -1)
    grid[:, 0, :, :] = 2 * grid[:, 0, :, :] / (w - 1) - 1
    grid[:, 1, :, :] = 2 * grid[:, 1, :, :] / (h - 1) - 1
    grid[:, 0, :, :] = -grid[:, 0, :, :]
    return grid


def attention_consistency(map_a, map_b, grid, logits):
    g = Variable(grid.expand(logits.size(0), -1, -1, -1), requires_grad=False).permute(0, 2, 3, 1)
    map_b_flipped = F.grid_sample(map_b, g, mode='bilinear', padding_mode='border', align_corners=True)
    return F.mse_loss(map_a, map_b_flipped)


class RafFaces(data.Dataset):
    def __init__(self, opt, phase, basic_aug=True, transform=None):
        self.phase = phase
        self.basic_aug = basic_aug
        self.transform = transform
        table = pd.read_csv(os.path.join(opt.raf_path, 'EmoLabel', opt.label_path), sep=' ', header=None)
        if phase == 'train':
            rows = table[table[0].str.startswith('train')]
        else:
            table = pd.read_csv(os.path.join(opt.raf_path, 'EmoLabel/list_patition_label.txt'), sep=' ', header=None)
            rows = table[table[0].str.startswith('test')]
        self.label = rows.iloc[:, 1].values - 1
        self.aug = [mirror, gaussian_jitter]
        self.clean = (opt.label_path == 'list_patition_label.txt')
        self.paths = []
        for name in rows.iloc[:, 0].values:
            self.paths.append(os.path.join(opt.raf_path, 'Image/aligned', name.split(".")[0] + '_aligned.jpg'))

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, idx):
        target = self.label[idx]
        img = cv2.imread(self.paths[idx])[:, :, ::-1]
        if not self.clean:
            flipped = self.transform(self.aug[0](img))
        if self.phase == 'train' and self.basic_aug and random.uniform(0, 1) > 0.5:
            img = self.aug[1](img)
        if self.transform is not None:
            img = self.transform(img)
        if self.clean:
            flipped = transforms.RandomHorizontalFlip(p=1)(img)
        return img, target, idx, flipped


def train(opt, net, loader, optimizer, scheduler, device):
    running_loss = 0.0
    n_iter = 0
    n_correct = 0
    net.to(device)
    net.train()
    for i, (imgs, labels, indexes, imgs_flipped) in enumerate(loader):
        imgs = imgs.to(device)
        imgs_flipped = imgs_flipped.to(device)
        labels = labels.to(device)

        logits, attn = net(imgs)
        logits_flipped, attn_flipped = net(imgs_flipped)
        grid = mirror_grid(opt.w, opt.h, device)
        ce = nn.CrossEntropyLoss()(logits, labels)
        consistency = attention_consistency(attn, attn_flipped, grid, logits)
        loss = ce + opt.lam * consistency

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

        n_iter += 1
        _, predicted = torch.max(logits, 1)
        n_correct += torch.eq(predicted, labels).sum()
        running_loss += loss

    scheduler.step()
    running_loss = running_loss / n_iter
    acc = n_correct.float() / float(loader.dataset.__len__())
    return acc, running_loss


def test(net, loader, device):
    with torch.no_grad():
        net.eval()
        running_loss = 0.0
        n_iter = 0
        n_correct = 0
        n_seen = 0
        for i, (imgs, labels, indexes, _) in enumerate(loader):
            imgs = imgs.to(device)
            labels = labels.to(device)
            logits, _ = net(imgs)
            loss = nn.CrossEntropyLoss()(logits, labels)
            n_iter += 1
            _, predicted = torch.max(logits, 1)
            n_correct += torch.eq(predicted, labels).sum()
            running_loss += loss
            n_seen += logits.size(0)
        running_loss = running_loss / n_iter
        acc = n_correct.float() / float(n_seen)
    return acc, running_loss


def main():
    fix_seeds(0)
    norm = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_tf = transforms.Compose([transforms.ToPILImage(), transforms.Resize((224, 224)), transforms.ToTensor(),
                                   norm, transforms.RandomErasing(scale=(0.02, 0.25))])
    eval_tf = transforms.Compose([transforms.ToPILImage(), transforms.Resize((224, 224)), transforms.ToTensor(), norm])

    train_loader = torch.utils.data.DataLoader(RafFaces(opt, phase='train', transform=train_tf),
                                               batch_size=opt.batch_size, shuffle=True,
                                               num_workers=opt.workers, pin_memory=True)
    test_loader = torch.utils.data.DataLoader(RafFaces(opt, phase='test', transform=eval_tf),
                                              batch_size=opt.batch_size, shuffle=False,
                                              num_workers=opt.workers, pin_memory=True)

    net = Model(opt)
    device = torch.device('cuda:{}'.format(opt.gpu))
    net.to(device)
    optimizer = torch.optim.Adam(net.parameters(), lr=0.0001, weight_decay=1e-4)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)

    for epoch in range(1, opt.epochs + 1):
        train_acc, train_loss = train(opt, net, train_loader, optimizer, scheduler, device)
        test_acc, test_loss = test(net, test_loader, device)
        with open('rebuttal_50_noise_' + str(opt.label_path) + '.txt', 'a') as fh:
            fh.write(str(epoch) + '_' + str(test_acc) + '\n')


if __name__ == '__main__':
    main()
