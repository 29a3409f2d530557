#!/usr/bin/env python
# coding: utf-8

# Reading the pictures


import pandas as pd
from torch.utils.data import DataLoader, Subset
from torchvision.datasets import ImageFolder
from torchvision.transforms import transforms
from sklearn.model_selection import train_test_split
import zipfile
import os
import csv
from torch.utils.data import ConcatDataset
import numpy as np

# free-text note kept with the run
run_note = 'all but the last layers trainable + dropout 0.5 + batchnorm trainable + cropped birds + best check loss and acc tracked + plain originals added + holdout not cropped + extra augmented set + uncropped augmented set'

# per-image table
meta = pd.read_csv('meta_data.csv')
meta['aug_more_name'] = meta['augmented_image_name'].str.replace('augmented_images','augmented_images_more')
meta['aug_nocrop_name'] = meta['augmented_image_name'].str.replace('augmented_images','augmented_images_nocrop')

# map from file name to its fit/holdout flag

# augmented copies only exist for fit pictures
fit_rows = meta[meta.is_training_image == 1]

fit_flag = dict(zip(fit_rows.augmented_image_name, fit_rows.is_training_image))   # first augmentation
fit_flag.update(zip(fit_rows.aug_more_name, fit_rows.is_training_image))  # second augmentation
fit_flag.update(zip(fit_rows.aug_nocrop_name, fit_rows.is_training_image)) # augmentation without the box crop

# the original pictures
# holdout pictures come from the originals (resized to 224x224 only)
fit_flag.update(zip(meta.image_name, meta.is_training_image))

# preprocessing
prep = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
])

# unzip a folder when it is missing
def ensure_folder(folder, archive):
    if os.path.isdir(folder):
        print(f"{folder} already present, not unzipping.")
    else:
        print(f"{folder} missing, unzipping {archive}...")
        with zipfile.ZipFile(archive, 'r') as zf:
            zf.extractall("../")
        print(f"Unzipped {archive}.")

# make sure all folders exist
ensure_folder("../augmented_images", "../augmented_images.zip")
ensure_folder("../CUB_200_2011/images", "../CUB_200_2011/images.zip")
ensure_folder("../augmented_images_more","../augmented_images_more.zip")
ensure_folder("../augmented_images_nocrop","../augmented_images_nocrop.zip")

# folder datasets
aug_set = ImageFolder("../augmented_images", transform=prep)
orig_set = ImageFolder("../CUB_200_2011/images", transform=prep)
aug_more_set = ImageFolder("../augmented_images_more", transform=prep)
aug_nocrop_set = ImageFolder("../augmented_images_nocrop", transform=prep)


# join them
species = sorted(set(orig_set.classes + aug_set.classes + aug_more_set.classes + aug_nocrop_set.classes))
joined = ConcatDataset([orig_set, aug_set, aug_more_set, aug_nocrop_set])
joined.classes = species
print(joined)


# fit / check / holdout indices


from sklearn.model_selection import train_test_split
from torch.utils.data import Subset, ConcatDataset, DataLoader
import numpy as np

def split_positions(joined, fit_flag):
    fit_pos, holdout_pos = [], []
    shift = 0  # position of the current part inside the ConcatDataset
    for part in joined.datasets:
        for i, (path, _) in enumerate(part.imgs):
            # the same relative form the table uses
            key = "./" + os.path.normpath(path)
            if key in fit_flag:  # known picture
                if fit_flag[key] == 1:
                    fit_pos.append(i + shift)  # fit picture
                else:
                    holdout_pos.append(i + shift)  # holdout picture
        shift += len(part)  # next part starts after this one
    return fit_pos, holdout_pos

if not os.path.exists('train_indices.npy'):
    # compute the positions once
    fit_pos, holdout_pos = split_positions(joined, fit_flag)
    holdout_pos, check_pos = train_test_split(holdout_pos, test_size=0.2, random_state=42)
    print(f"fit positions: {len(fit_pos)}")
    print(f"holdout positions: {len(holdout_pos)}")
    print(f"check positions: {len(check_pos)}")

    # cache them
    np.save('train_indices.npy', fit_pos)
    np.save('test_indices.npy', holdout_pos)
    np.save('val_indices.npy', check_pos)
else:
    print("cached positions found, reading them...")

# read the cached positions
fit_pos = np.load('train_indices.npy')
check_pos = np.load('val_indices.npy')
holdout_pos = np.load('test_indices.npy')

# subsets
fit_part = Subset(joined, fit_pos)
check_part = Subset(joined, check_pos)
holdout_part = Subset(joined, holdout_pos)

# fit loader
fit_dl = DataLoader(fit_part, batch_size=32, shuffle=True)

# check and holdout loaders
check_dl = DataLoader(check_part, batch_size=32, shuffle=False)
holdout_dl = DataLoader(holdout_part, batch_size=32, shuffle=False)

print("fit size: ", len(fit_part))
print("check size: ", len(check_part))
print("holdout size: ", len(holdout_part))


# EfficientNet-B0 with a new head


import torch
from torch import nn
from torchvision.models import efficientnet_b0
import torch.nn.functional as F

def batch_accuracy(scores, targets):
    _, picked = torch.max(scores, dim=1)
    return torch.tensor(torch.sum(picked == targets).item() / len(picked))

class HeadBase(nn.Module):
    def __init__(self):
        super(HeadBase, self).__init__()

    def training_step(self, batch):
        raise NotImplementedError

    def validation_step(self, batch):
        raise NotImplementedError

    def epoch_end(self, epoch, result):
        print("Ep [{}], fit_loss: {:.4f}, check_loss: {:.4f}".format(
            epoch, result['train_loss'], result['val_loss']))

class BirdEffNet(HeadBase):
    def __init__(self, n_out):
        super().__init__()
        self.network = efficientnet_b0(pretrained=True)

        # replace the classifier
        self.network.classifier = nn.Sequential(
            nn.Linear(1280, 256),
            nn.ReLU(),
            nn.Dropout(0.4),
            nn.Linear(256, n_out)
        )


    def forward(self, xb):
        return self.network(xb)

    def training_step(self, batch):
        pics, targets = batch
        scores = self(pics)                  # forward
        loss = F.cross_entropy(scores, targets) # loss
        return loss

    def validation_step(self, batch):
        pics, targets = batch
        scores = self(pics)                    # forward
        loss = F.cross_entropy(scores, targets)   # loss
        acc = batch_accuracy(scores, targets)           # accuracy
        return {'val_loss': loss.detach(), 'val_acc': acc}

    def freeze(self):
        # switch every weight off
        for w in self.network.parameters():
            w.requires_grad = False

        # switch back on all but the last four tensors
        for w in list(self.network.parameters())[0:-4]:
            w.requires_grad = True

    def unfreeze(self):
        # switch every weight on
        for w in self.network.parameters():
            w.requires_grad = True


# Fitting


import numpy as np

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
n_species = len(joined.classes)
net = BirdEffNet(n_species).to(dev)
log = {'train_loss': [], 'train_acc': [], 'val_loss': [], 'val_acc': []}

def fit(n_epochs, step, fit_dl, check_dl, opt_cls, weight_decay=0):
    opt = opt_cls(net.parameters(), step, weight_decay=weight_decay)
    # one-cycle schedule
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, step, epochs=n_epochs,
                                                steps_per_epoch=len(fit_dl))
    for ep in range(n_epochs):
        # fitting phase
        net.train()
        fit_losses = []
        fit_accs = []
        print("Begin epoch ", ep+1, " of ", n_epochs)
        for batch in fit_dl:
            pics, targets = batch
            pics = pics.to(dev)
            targets = targets.to(dev)
            batch = (pics, targets)
            # forward and loss
            scores = net(pics)
            loss = net.training_step(batch)
            fit_losses.append(loss.item())
            # accuracy
            _, picked = torch.max(scores, 1)
            acc = torch.sum(picked == targets.data) / len(targets)
            fit_accs.append(acc.item())
            # backward
            loss.backward()
            nn.utils.clip_grad_value_(net.parameters(), 1)
            opt.step()
            opt.zero_grad()
            sched.step()
        # epoch figures
        log['train_loss'].append(np.mean(fit_losses))
        log['train_acc'].append(np.mean(fit_accs))

        # checking phase
        net.eval()
        check_losses = []
        check_accs = []
        with torch.no_grad():
            for batch in check_dl:
                pics, targets = batch
                pics = pics.to(dev)
                targets = targets.to(dev)
                batch = (pics, targets)
                # loss
                loss = net.validation_step(batch)['val_loss']
                check_losses.append(loss.item())
                # accuracy
                acc = net.validation_step(batch)['val_acc']
                check_accs.append(acc.item())
        # epoch figures
        log['val_loss'].append(np.mean(check_losses))
        log['val_acc'].append(np.mean(check_accs))
        print(f'Ep {ep+1}/{n_epochs}, fit loss: {np.mean(fit_losses):.4f}, check loss: {np.mean(check_losses):.4f}, fit acc: {np.mean(fit_accs):.4f}, check acc: {np.mean(check_accs):.4f}')
    return log


n_epochs = 50
opt_cls = torch.optim.Adam
step = 0.001
weight_decay = 1e-5
print("Setting which weights train: ")
net.freeze()
fit(n_epochs, step, fit_dl, check_dl, opt_cls)

#print("Making every weight trainable: ")
#net.unfreeze()
#step = 0.0001
#fit(n_epochs, step, fit_dl, check_dl, opt_cls)


import matplotlib.pyplot as plt

def draw_log(log):
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(12, 8))

    top.plot(log['train_loss'], label='fit loss')
    top.plot(log['val_loss'], label='check loss')
    top.set_xlabel('Epochs')
    top.set_ylabel('Loss')
    top.legend()
    top.set_xticks(range(1, len(log['train_loss']) + 1, 1))

    bottom.plot(log['train_acc'], label='fit accuracy')
    bottom.plot(log['val_acc'], label='check accuracy')
    bottom.set_xlabel('Epochs')
    bottom.set_ylabel('Accuracy')
    bottom.set_xticks(range(1, len(log['train_acc']) + 1, 1))
    bottom.legend()

    plt.tight_layout()
    plt.show()
    plt.savefig('efficientnet_train_val_acc_loss.png')

draw_log(log)


# Holdout score


def score_holdout(net, holdout_dl, dev):
    net.eval()
    right = 0
    seen = 0
    with torch.no_grad():
        for pics, targets in holdout_dl:
            pics = pics.to(dev)
            targets = targets.to(dev)
            scores = net(pics)
            _, picked = torch.max(scores.data, 1)
            seen += targets.size(0)
            right += (picked == targets).sum().item()
    print('Holdout accuracy: {} %'.format(100 * right / seen))

score_holdout(net, holdout_dl, dev)



# keep the whole model
torch.save(net, 'efficientnet_b0.pth')
