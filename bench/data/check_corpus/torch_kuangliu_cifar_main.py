# source: https://github.com/kuangliu/pytorch-cifar/blob/02117b336042f6536f864ea0ade2e3361e6c8ec6/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""CIFAR-10 classifier training, with an optional one-shot global magnitude pruning pass."""
import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import torch.backends.cudnn as cudnn

import torchvision
import torchvision.transforms as transforms

import torch.nn.utils.prune as prune
from prune_params import get_prune_params, print_sparsity
import os
import argparse

from models import *
from utils import progress_bar

ap = argparse.ArgumentParser(description='CIFAR-10 training with PyTorch')
ap.add_argument('--lr', type=float, default=0.1, help='initial SGD step size')
ap.add_argument('--resume', '-r', action='store_true', help='continue from the saved state')
ap.add_argument('--prune_one_shot', '-pos', action='store_true', help='prune the saved network once, then fine-tune')
cfg = ap.parse_args()

dev = 'cuda' if torch.cuda.is_available() else 'cpu'
top_acc = 0
first_epoch = 0
pruned_top_acc = 0

MEAN, STD = (0.4914, 0.4822, 0.4465), (0.2023, 0.1994, 0.2010)
augment = transforms.Compose([
    transforms.RandomCrop(32, padding=4),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize(MEAN, STD),
])

plain = transforms.Compose([
    transforms.ToTensor(),
    transforms.Normalize(MEAN, STD),
])

train_set = torchvision.datasets.CIFAR10(root='./cifar', train=True, download=True, transform=augment)
train_loader = torch.utils.data.DataLoader(train_set, batch_size=256, num_workers=2, shuffle=True)

test_set = torchvision.datasets.CIFAR10(root='./cifar', train=False, download=True, transform=plain)
test_loader = torch.utils.data.DataLoader(test_set, batch_size=256, num_workers=2, shuffle=False)

class_names = ('plane', 'car', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse', 'ship', 'truck')

model = ResNet18()
model = model.to(dev)
if dev == 'cuda':
    model = torch.nn.DataParallel(model)
    cudnn.benchmark = True

if cfg.resume:
    assert os.path.isdir('checkpoint'), 'the checkpoint folder is missing'
    saved = torch.load('./checkpoint/ckpt.pth')
    model.load_state_dict(saved['net'])
    top_acc = saved['acc']
    first_epoch = saved['epoch']

loss_fn = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), momentum=0.9, weight_decay=5e-4, lr=cfg.lr)
lr_sched = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=200)

if cfg.prune_one_shot:
    print('one-shot pruning, then fine-tuning')
    assert os.path.isdir('checkpoint'), 'the checkpoint folder is missing'
    saved = torch.load('./checkpoint/ckpt.pth')
    model.load_state_dict(saved['net'])
    top_acc = saved['acc']
    first_epoch = saved['epoch']


def train_epoch(ep):
    print(f'\n--- epoch {ep} ---')
    model.train()
    loss_sum = 0
    hits = 0
    seen = 0
    for step, (inputs, targets) in enumerate(train_loader):
        inputs, targets = inputs.to(dev), targets.to(dev)
        optimizer.zero_grad()
        logits = model(inputs)
        loss = loss_fn(logits, targets)
        loss.backward()
        optimizer.step()

        loss_sum += loss.item()
        _, guess = logits.max(1)
        seen += targets.size(0)
        hits += guess.eq(targets).sum().item()

        progress_bar(step, len(train_loader),
                     f'loss {loss_sum / (step + 1):.3f}  acc {100. * hits / seen:.3f}% ({hits}/{seen})')


def evaluate(ep):
    global top_acc
    global pruned_top_acc
    model.eval()
    loss_sum = 0
    hits = 0
    seen = 0
    with torch.no_grad():
        for step, (inputs, targets) in enumerate(test_loader):
            inputs, targets = inputs.to(dev), targets.to(dev)
            logits = model(inputs)
            loss = loss_fn(logits, targets)

            loss_sum += loss.item()
            _, guess = logits.max(1)
            seen += targets.size(0)
            hits += guess.eq(targets).sum().item()

            progress_bar(step, len(test_loader),
                         f'loss {loss_sum / (step + 1):.3f}  acc {100. * hits / seen:.3f}% ({hits}/{seen})')

    acc = 100. * hits / seen
    if cfg.prune_one_shot:
        # bake the pruning masks into the weights
        for module_and_name in get_prune_params(model):
            prune.remove(module_and_name[0], 'weight')

        if acc > pruned_top_acc:
            snapshot = {'net': model.state_dict(), 'acc': acc, 'epoch': ep, 'pos_best_acc': pruned_top_acc}
            os.makedirs('checkpoint', exist_ok=True)
            torch.save(snapshot, './checkpoint/ckpt_prune_one_shot.pth')
            pruned_top_acc = acc
            print_sparsity(model)

    else:
        if acc > top_acc:
            snapshot = {'net': model.state_dict(), 'acc': acc, 'epoch': ep, 'pos_best_acc': pruned_top_acc}
            os.makedirs('checkpoint', exist_ok=True)
            torch.save(snapshot, './checkpoint/ckpt.pth')
            top_acc = acc


if __name__ == '__main__':

    if cfg.prune_one_shot:
        print('sparsity before pruning:')
        print_sparsity(model)
        to_prune = get_prune_params(model)
        prune.global_unstructured(to_prune, pruning_method=prune.L1Unstructured, amount=0.9,
                                  importance_scores=None)

    for ep in range(first_epoch, first_epoch + 200):
        train_epoch(ep)
        evaluate(ep)
        lr_sched.step()
