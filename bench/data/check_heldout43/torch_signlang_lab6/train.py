# settings
bs_train = 64
bs_eval = 32
loader_procs = 4

n_epochs = 40

lr = 0.001 # starting rate where a scheduler is used

runs_dir = './logs'
train_path = 'sign-language-mnist/sign_mnist_train.csv'
test_path = 'sign-language-mnist/sign_mnist_test.csv'

import pandas as pd
import torch
from torch.utils.tensorboard import SummaryWriter

# lab 6, part 1: read the tables
train_df = pd.read_csv(train_path)
test_df = pd.read_csv(test_path)

train_df.iloc[:, 0].describe()

# part 2: a small conv net
from data_loader import HandSignSet
from torch.utils.data import DataLoader
from torchvision import transforms

# training split
prep = transforms.Compose([transforms.ToTensor()])
train_set = HandSignSet(train_df, transforms=prep)
train_dl = DataLoader(train_set, num_workers=loader_procs, batch_size=bs_train, shuffle=True)

# test split
test_prep = transforms.Compose([transforms.ToTensor()])
test_set = HandSignSet(test_df, transforms=test_prep)
test_dl = DataLoader(test_set, num_workers=loader_procs, batch_size=bs_eval, shuffle=False)

from cnn_model import SmallConvNet
import torch.nn as nn


net = SmallConvNet()
loss_fn = nn.CrossEntropyLoss()

opt = torch.optim.AdamW(net.parameters(), lr=lr)
writer = SummaryWriter(log_dir='./logs/simple-cnn')

from train_loop import fit

fit(net, train_dl, test_dl, n_epochs,
    opt, loss_fn, writer)

# part 3: with augmentation
from data_loader import HandSignSet
from torch.utils.data import DataLoader
from torchvision import transforms


prep = transforms.Compose([
        transforms.ToPILImage(mode=None),
        transforms.RandomHorizontalFlip(p=0.5),
        transforms.RandomPerspective(distortion_scale=0.5, p=0.5, interpolation=3),
        transforms.ToTensor(),
    ])

# training split
train_set = HandSignSet(train_df, transforms=prep)
train_dl = DataLoader(train_set, num_workers=loader_procs, batch_size=bs_train, shuffle=True)

# test split
test_prep = transforms.Compose([transforms.ToTensor()])
test_set = HandSignSet(test_df, transforms=test_prep)
test_dl = DataLoader(test_set, num_workers=loader_procs, batch_size=bs_eval, shuffle=False)

from cnn_model import SmallConvNet
import torch.nn as nn


net = SmallConvNet()
loss_fn = nn.CrossEntropyLoss()

opt = torch.optim.AdamW(net.parameters(), lr=lr)
writer = SummaryWriter(log_dir='./logs/simple-cnn-augmentations')

from train_loop import fit

fit(net, train_dl, test_dl, n_epochs,
    opt, loss_fn, writer)

# part 4: pretrained backbones
from data_loader import HandSignSet
from torch.utils.data import DataLoader
from torchvision import transforms


prep = transforms.Compose([
        transforms.ToPILImage(mode=None),
        transforms.RandomHorizontalFlip(p=0.5),
        transforms.RandomPerspective(distortion_scale=0.5, p=0.5, interpolation=3),
        transforms.ToTensor(),
    ])

# training split
train_set = HandSignSet(train_df, transforms=prep)
train_dl = DataLoader(train_set, num_workers=loader_procs, batch_size=bs_train, shuffle=True)

# test split
test_prep = transforms.Compose([transforms.ToTensor()])
test_set = HandSignSet(test_df, transforms=test_prep)
test_dl = DataLoader(test_set, num_workers=loader_procs, batch_size=bs_eval, shuffle=False)

from torchvision import models
from torch.optim import lr_scheduler


dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

backbone = models.resnet18(pretrained=True)
feat_dim = backbone.fc.in_features
backbone.fc = nn.Linear(feat_dim, 25)

backbone = backbone.to(dev)

loss_fn = nn.CrossEntropyLoss()

# every weight is trained
opt_bb = torch.optim.AdamW(backbone.parameters(), lr=lr)

# cosine schedule
sched = lr_scheduler.CosineAnnealingLR(opt_bb, 60)

writer = SummaryWriter(log_dir='./logs/resnet18-augmentations')

from train_loop import fit

fit(net, train_dl, test_dl, n_epochs,
    opt, loss_fn, writer)

backbone = models.resnet50(pretrained=True)
feat_dim = backbone.fc.in_features
backbone.fc = nn.Linear(feat_dim, 25)

backbone = backbone.to(dev)

loss_fn = nn.CrossEntropyLoss()

# every weight is trained
opt_bb = torch.optim.AdamW(backbone.parameters(), lr=lr)

# cosine schedule
sched = lr_scheduler.CosineAnnealingLR(opt_bb, 60)

writer = SummaryWriter(log_dir='./logs/resnet50-augmentations')

from train_loop import fit

fit(net, train_dl, test_dl, n_epochs,
    opt, loss_fn, writer)
