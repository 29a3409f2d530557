# source: https://github.com/pytorch/examples/blob/11cb38f9a39476055dc6e0a1a6f287300a4da989/siamese_network/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import print_function
import argparse
import random

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import Dataset
from torchvision import datasets


class TwinNet(nn.Module):
    def __init__(self):
        super(TwinNet, self).__init__()
        self.backbone = torchvision.models.resnet18(pretrained=False)
        self.backbone.conv1 = nn.Conv2d(1, 64, kernel_size=(7, 7), stride=(2, 2), padding=(3, 3), bias=False)
        self.feat_dim = self.backbone.fc.in_features
        self.backbone = torch.nn.Sequential(*(list(self.backbone.children())[:-1]))
        self.head = nn.Sequential(
            nn.Linear(self.feat_dim * 2, 256),
            nn.ReLU(inplace=True),
            nn.Linear(256, 1),
        )
        self.sigmoid = nn.Sigmoid()
        self.backbone.apply(self.init_linear)
        self.head.apply(self.init_linear)

    def init_linear(self, m):
        if isinstance(m, nn.Linear):
            torch.nn.init.xavier_uniform(m.weight)
            m.bias.data.fill_(0.01)

    def embed(self, x):
        z = self.backbone(x)
        return z.view(z.size()[0], -1)

    def forward(self, a, b):
        joined = torch.cat((self.embed(a), self.embed(b)), 1)
        return self.sigmoid(self.head(joined))


class DigitPairs(Dataset):
    def __init__(self, root, train, download=False):
        super(DigitPairs, self).__init__()
        self.source = datasets.MNIST(root, train=train, download=download)
        self.data = self.source.data.unsqueeze(1).clone()
        self.index_by_class()

    def index_by_class(self):
        targets = np.array(self.source.targets.clone())
        self.by_class = {}
        for c in range(0, 10):
            self.by_class[c] = np.where((targets == c))[0]

    def __len__(self):
        return self.data.shape[0]

    def __getitem__(self, index):
        cls = random.randint(0, 9)
        pos_a = random.randint(0, self.by_class[cls].shape[0] - 1)
        first = self.data[self.by_class[cls][pos_a]].clone().float()
        if index % 2 == 0:
            pos_b = random.randint(0, self.by_class[cls].shape[0] - 1)
            while pos_b == pos_a:
                pos_b = random.randint(0, self.by_class[cls].shape[0] - 1)
            second = self.data[self.by_class[cls][pos_b]].clone().float()
            target = torch.tensor(1, dtype=torch.float)
        else:
            other = random.randint(0, 9)
            while other == cls:
                other = random.randint(0, 9)
            pos_b = random.randint(0, self.by_class[other].shape[0] - 1)
            second = self.data[self.by_class[other][pos_b]].clone().float()
            target = torch.tensor(0, dtype=torch.float)
        return first, second, target


def train(opt, model, device, loader, optimizer, epoch):
    model.train()
    bce = nn.BCELoss()
    for step, (left, right, target) in enumerate(loader):
        left, right, target = left.to(device), right.to(device), target.to(device)
        optimizer.zero_grad()
        out = model(left, right).squeeze()
        loss = bce(out, target)
        loss.backward()
        optimizer.step()
        if step % opt.log_interval == 0 and opt.dry_run:
            break


def test(model, device, loader):
    model.eval()
    total_loss = 0
    n_right = 0
    bce = nn.BCELoss()
    with torch.no_grad():
        for (left, right, target) in loader:
            left, right, target = left.to(device), right.to(device), target.to(device)
            out = model(left, right).squeeze()
            total_loss += bce(out, target).sum().item()
            guess = torch.where(out > 0.5, 1, 0)
            n_right += guess.eq(target.view_as(guess)).sum().item()
    total_loss /= len(loader.dataset)
    return total_loss, n_right


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--batch-size', type=int, default=64)
    p.add_argument('--test-batch-size', type=int, default=1000)
    p.add_argument('--epochs', type=int, default=14)
    p.add_argument('--lr', type=float, default=1.0)
    p.add_argument('--gamma', type=float, default=0.7)
    p.add_argument('--no-cuda', action='store_true', default=False)
    p.add_argument('--dry-run', action='store_true', default=False)
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--log-interval', type=int, default=10)
    p.add_argument('--save-model', action='store_true', default=False)
    opt = p.parse_args()

    use_cuda = not opt.no_cuda and torch.cuda.is_available()
    torch.manual_seed(opt.seed)
    device = torch.device("cuda" if use_cuda else "cpu")

    train_kwargs = {'batch_size': opt.batch_size}
    test_kwargs = {'batch_size': opt.test_batch_size}
    if use_cuda:
        extra = {'num_workers': 1, 'pin_memory': True, 'shuffle': True}
        train_kwargs.update(extra)
        test_kwargs.update(extra)

    train_loader = torch.utils.data.DataLoader(DigitPairs('../data', train=True, download=True), **train_kwargs)
    test_loader = torch.utils.data.DataLoader(DigitPairs('../data', train=False), **test_kwargs)

    model = TwinNet().to(device)
    optimizer = optim.Adadelta(model.parameters(), lr=opt.lr)
    scheduler = StepLR(optimizer, step_size=1, gamma=opt.gamma)
    for epoch in range(1, opt.epochs + 1):
        train(opt, model, device, train_loader, optimizer, epoch)
        test(model, device, test_loader)
        scheduler.step()

    if opt.save_model:
        torch.save(model.state_dict(), "siamese_network.pt")


if __name__ == '__main__':
    main()
