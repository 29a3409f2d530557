# -*- coding: utf-8 -*-
"""xray_transfer.ipynb

Exported from a Colab notebook.

Notebook source:
    (Colab link omitted)
"""

import torch
import torch.nn as nn
import numpy as np
import os

import torch.nn.functional as F
import torch.optim as optim
import torchvision
from torchvision import datasets, transforms

import torch.utils.data

import matplotlib as plt

def fit_epoch(net, dev, loader, opt, ep, every):
    net.train()
    step_losses = []
    for i, (xb, yb) in enumerate(loader):
        xb, yb = xb.to(dev), yb.to(dev)
        opt.zero_grad()
        
        out = net(xb)
        loss = net.loss(out, yb)
        step_losses.append(loss.item())
        loss.backward()
        
        opt.step()
        if i % every == 0:
            print('epoch {} [{}/{} ({:.0f}%)]\tloss {:.6f}'.format(
                ep, i * len(xb), len(loader.dataset),
                100. * i / len(loader), loss.item()))
    return np.mean(step_losses)


def evaluate(net, dev, loader):
    net.eval()
    loss_total = 0
    n_right = 0
    with torch.no_grad():
        for xb, yb in loader:
            xb, yb = xb.to(dev), yb.to(dev)
            out = net(xb)
            loss_total += net.testLoss(out, yb).item()
            guess = out.max(1, keepdim=True)[1]
            n_right += guess.eq(yb.view_as(guess)).sum().item()

    loss_total /= len(loader.dataset)
    acc = 100. * n_right / len(loader.dataset)
    
    print('\nheld-out: mean loss {:.4f}, right {}/{} ({:.0f}%)\n'.format(
        loss_total, n_right, len(loader.dataset),
        100. * n_right / len(loader.dataset)))
    return loss_total, acc

STEP = 0.1
DECAY = 0.0001
MOMENT = 0.9
N_EPOCHS = 100
PER_BATCH = 32
WANT_GPU = True
SEED = 0
PRINT_EVERY = 100

gpu = WANT_GPU and torch.cuda.is_available()
torch.manual_seed(SEED)
dev = torch.device("cuda" if gpu else "cpu")
print('device:', dev)

import multiprocessing
print('cores:', multiprocessing.cpu_count())
loader_kw = {'num_workers': multiprocessing.cpu_count(),
          'pin_memory': True} if gpu else {}

net = torchvision.models.resnet18(pretrained=True)

# freeze the pretrained trunk
for w in net.parameters():
    w.requires_grad = False

# two outputs: normal and pneumonia
n_feat = net.fc.in_features
net.fc = nn.Linear(n_feat, 2)

net = net.to(dev)

ce = nn.CrossEntropyLoss()
opt = optim.SGD(net.fc.parameters(), 
                      lr=STEP, 
                      momentum=MOMENT, 
                      weight_decay=DECAY)

net.loss = nn.CrossEntropyLoss()
net.testLoss = nn.CrossEntropyLoss(reduction='sum')

SIDE = (224, 224)


class XrayLoaders(object):

    def __init__(self, per_batch):
        super(XrayLoaders, self).__init__()
        tf_train = transforms.Compose([
            transforms.Resize(size=SIDE),
            transforms.RandomHorizontalFlip(),
            transforms.ToTensor(),
            transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
        ])

        tf_test = transforms.Compose([
            transforms.Resize(size=SIDE),
            transforms.ToTensor(),
            transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
        ])

        folder_train = datasets.ImageFolder(root='xray_folders/train',
                                             transform=tf_train)
        self.trainloader = torch.utils.data.DataLoader(folder_train,
                                                       batch_size=per_batch,
                                                       shuffle=True,
                                                       num_workers=2)

        folder_test = datasets.ImageFolder(root='xray_folders/test',
                                            transform=tf_test)
        self.testloader = torch.utils.data.DataLoader(folder_test,
                                                      batch_size=per_batch,
                                                      shuffle=False,
                                                      num_workers=2)

        self.classes = ('normal', 'pneumonia')

def draw(points, heading, xname, yname):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    plt.plot(xs, ys)
    plt.title(heading)
    plt.xlabel(xname)
    plt.ylabel(yname)
    plt.show()

loaders = XrayLoaders(per_batch=PER_BATCH)
hist_train = []
hist_test = [] 
hist_acc = []

try:
    for ep in range(N_EPOCHS + 1):
        tr_loss = fit_epoch(net, dev, loaders.trainloader, opt, ep, PRINT_EVERY)
        te_loss, te_acc = evaluate(net, dev, loaders.testloader)
        hist_train.append((ep, tr_loss))
        hist_test.append((ep, te_loss))
        hist_acc.append((ep, te_acc))
except KeyboardInterrupt as stop:
    print('stopped by hand')
except:
    import traceback
    traceback.print_exc()
finally:
    draw(hist_train, 'Training loss', 'Epoch', 'Loss')
    draw(hist_test, 'Held-out loss', 'Epoch', 'Loss')
    draw(hist_acc, 'Held-out accuracy', 'Epoch', 'Accuracy')

