# -*- coding: utf-8 -*-
"""Chest x-ray classifier: EfficientNet b1-b3 baselines, then distillation.

Exported from a notebook.

Runs top to bottom on a
    mounted drive
"""

from google.colab import drive
drive.mount('/content/drive')

# notebook magics were turned into comments
import os
import copy
import time
import random
import numpy as np
import torch
import torch.optim as optim
from torch import nn
from torch.utils.data import Dataset, DataLoader, random_split
import torchvision.transforms as transforms
from torchvision import datasets, models
from tqdm import tqdm_notebook
from sklearn.metrics import confusion_matrix, classification_report, roc_auc_score, roc_curve, auc
import matplotlib.pyplot as plt
import seaborn as sns
# %matplotlib inline

rng_seed = 1024
random.seed(rng_seed)
np.random.seed(rng_seed)
torch.manual_seed(rng_seed)
torch.cuda.manual_seed(rng_seed)

# !pip install efficientnet-pytorch

# !pip install scikit-plot

from efficientnet_pytorch import EfficientNet
import scikitplot as skplt

root_dir = '/content/drive/MyDrive/cxr_work/split/'

tr_dir = os.path.join(root_dir, 'train/')
va_dir = os.path.join(root_dir, 'val/')
te_dir = os.path.join(root_dir, 'test/')

label_names = ['COVID-19', 'Normal', 'Pneumonia-Bacterial', 'Pneumonia-Viral']
img_hw = (300, 300)
bsz = 16
n_workers = 2

norm_tf = transforms.Normalize(mean=[0.4907, 0.4907, 0.4908],
                                 std=[0.2219, 0.2219, 0.2219])

tfms = {
    "train": transforms.Compose([transforms.Resize(img_hw),
                                # (an affine augmentation was tried here and switched off)
                                 transforms.ToTensor(),
                                 norm_tf]),

    "val": transforms.Compose([transforms.Resize(img_hw),
                               transforms.ToTensor(),
                               norm_tf]),

    "test": transforms.Compose([transforms.Resize(img_hw),
                                transforms.ToTensor(),
                                norm_tf])
}

folders = {
    "train": datasets.ImageFolder(tr_dir, tfms["train"]),
    "val": datasets.ImageFolder(va_dir, tfms["val"]),
    "test": datasets.ImageFolder(te_dir, tfms["test"])
}

loaders = {
    "train": DataLoader(folders["train"],
                        shuffle=True,
                        batch_size=bsz,
                        num_workers=n_workers),
    "val": DataLoader(folders["val"],
                      shuffle=True,
                      batch_size=bsz,
                      num_workers=n_workers),
    "test": DataLoader(folders["test"],
                       shuffle=False,
                       batch_size=bsz,
                       num_workers=n_workers)
}

split_sizes = {k: len(folders[k]) for k in folders}

def fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler=None, monitor='val_loss'):
    curves = {'loss':[], 'acc':[], 'val_loss':[], 'val_acc':[]}
    stale = 0
    best_state = None
    lowest_vloss = np.Inf
    highest_vacc = -np.Inf

    for ep in range(epochs_n):
        ep_stats = []
        for stage in ['train', 'val']:
            if stage == 'train':
                net.train()
            if stage == 'val':
                net.eval()
            loss_sum = 0.0
            n_right = 0
            for xb, yb in loaders[stage]:
                xb = xb.cuda()
                yb = yb.cuda()

                logits = net(xb)
                batch_loss = loss_fn(logits, yb)

                if stage == 'train':
                    opt.zero_grad()
                    batch_loss.backward()
                    opt.step()

                _, pred_ids = torch.max(logits, dim=-1)
                loss_sum += batch_loss.item() * xb.size(0)
                n_right += torch.sum(pred_ids==yb.data).item()

            if stage == 'train' and scheduler:
                scheduler.step()

            ep_stats += [loss_sum / split_sizes[stage],
                            n_right / split_sizes[stage]]

        tr_loss, tr_acc, va_loss, va_acc = ep_stats
        print('[{}] train loss {:.6f} | train acc {:.6f} | val loss {:.6f} | val acc {:.6f}'
              .format(ep+1, tr_loss, tr_acc, va_loss, va_acc))
        curves['loss'] += [tr_loss]
        curves['acc'] += [tr_acc]
        curves['val_loss'] += [va_loss]
        curves['val_acc'] += [va_acc]

        if monitor=='val_loss' and va_loss < lowest_vloss:
            print('val loss improved {:.6f} -> {:.6f}, keeping these weights'
                  .format(lowest_vloss, va_loss))
            best_state = copy.deepcopy(net.state_dict())
            lowest_vloss = va_loss
            stale = 0

        elif monitor=='val_acc' and va_acc > highest_vacc:
            print('val acc improved {:.6f} -> {:.6f}, keeping these weights'
                  .format(highest_vacc, va_acc))
            best_state = copy.deepcopy(net.state_dict())
            highest_vacc = va_acc
            stale = 0

        else:
            stale += 1
            if stale == wait_limit and ep < epochs_n-1:
                print('no progress, stopping early')
                break

    net.load_state_dict(best_state)
    return net, curves


def evaluate_split(net, loss_fn):
    loss_sum = 0.0
    n_right = 0
    n_cls = 4
    conf = torch.zeros(n_cls, n_cls)
    pred_all = torch.FloatTensor().cuda()
    proba_all = torch.FloatTensor().cuda()

    net.eval()
    with torch.no_grad():
        for xb, yb in loaders["test"]:
            xb = xb.cuda()
            yb = yb.cuda()

            logits = net(xb)
            batch_loss = loss_fn(logits, yb)

            # accumulate the confusion counts
            _, pred_ids = torch.max(logits, dim=-1)
            for ti, pi in zip(yb.view(-1), pred_ids.view(-1)):
                conf[ti.long(), pi.long()] += 1
            loss_sum += batch_loss.item() * xb.size(0)
            n_right += torch.sum(pred_ids==yb.data).item()
            pred_all = torch.cat((pred_all, pred_ids), 0)
            prob = torch.softmax(logits, dim=1)
            proba_all = torch.cat((proba_all, prob), 0)

    te_loss = loss_sum / split_sizes["test"]
    te_acc = n_right / split_sizes["test"]
    print("held-out loss:", te_loss)
    print("held-out acc:", te_acc)
    conf_frac = conf / conf.sum(1)
    acc_by_cls = conf_frac.diag().detach().numpy().tolist()
    for k, acc_k in enumerate(acc_by_cls):
        print("held-out acc for class {}: {:.4f}".format(k, acc_k))
    conf = conf.cpu().numpy()
    pred_all = pred_all.cpu().numpy()
    proba_all = proba_all.cpu().numpy()
    return conf, pred_all, proba_all

def draw_curves(curves, tag):
    fg, (left_ax, right_ax) = plt.subplots(1, 2, figsize=(16, 6))
    plt.suptitle(tag + ' curves per epoch')
    xs = np.arange(1, len(curves['loss'])+1, 1)
    left_ax.plot(xs, curves['acc'])
    left_ax.plot(xs, curves['val_acc'])
    right_ax.plot(xs, curves['loss'])
    right_ax.plot(xs, curves['val_loss'])
    left_ax.set(xlabel='epoch', ylabel='acc', ylim=(0,1))
    right_ax.set(xlabel='epoch', ylabel='loss')
    left_ax.set_xticks(xs)
    right_ax.set_xticks(xs)
    left_ax.legend(['train', 'val'])
    right_ax.legend(['train', 'val'])


def draw_conf(conf):
    conf = conf.astype('int')
    plt.figure(figsize=(10,8))
    hm = sns.heatmap(conf,
                    cmap="YlGnBu",
                    annot=True,
                    fmt="d",
                    xticklabels=label_names,
                    yticklabels=label_names,
                    square=True,
                    linewidth=1)
    plt.yticks(rotation=0)
    hm.xaxis.tick_top()
    hm.xaxis.set_label_position('top')

"""### b1 as frozen feature extractor"""

net = EfficientNet.from_pretrained('efficientnet-b1')

# keep the pretrained backbone fixed
for w in net.parameters():
    w.requires_grad = False

feat_dim = net._fc.in_features
net._fc = nn.Linear(feat_dim, 4)

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.01, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=7, gamma=0.9)
epochs_n = 20
wait_limit = 3
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b1')

draw_conf(conf)

"""### full fine-tuning"""

net = EfficientNet.from_pretrained('efficientnet-b1', num_classes=4)

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.003, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
epochs_n = 20
wait_limit = 3
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b1')

draw_conf(conf)

"""### fine-tuning with a bigger head"""

net = EfficientNet.from_pretrained('efficientnet-b1')

feat_dim = net._fc.in_features
head = nn.Sequential(
                            nn.BatchNorm1d(num_features=feat_dim),
                            nn.Dropout(0.4),
                            nn.Linear(feat_dim, 64),
                            nn.ReLU(),
                            nn.BatchNorm1d(num_features=64),
                            nn.Dropout(0.4),
                            nn.Linear(64, 4)
                            )
net._fc = head

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.006, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=6, gamma=0.3)
epochs_n = 40
wait_limit = 5
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b1')

draw_conf(conf)

truth = folders['test'].targets
skplt.metrics.plot_roc(truth, proba_all, figsize=(10,10))

torch.save(net.state_dict(), '/content/drive/MyDrive/cxr_work/ckpt/efficientnet-b1.pt')

print(classification_report(truth, pred_all))

"""### b2 as frozen feature extractor"""

net = EfficientNet.from_pretrained('efficientnet-b2')

# keep the pretrained backbone fixed
for w in net.parameters():
    w.requires_grad = False

feat_dim = net._fc.in_features
net._fc = nn.Linear(feat_dim, 4)

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.01, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=7, gamma=0.9)
epochs_n = 20
wait_limit = 3
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler)
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b2')

draw_conf(conf)

"""### full fine-tuning"""

net = EfficientNet.from_pretrained('efficientnet-b2', num_classes=4)

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.002, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
epochs_n = 20
wait_limit = 3
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler)
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b2')

draw_conf(conf)

"""### fine-tuning with a bigger head"""

net = EfficientNet.from_pretrained('efficientnet-b2')

feat_dim = net._fc.in_features
head = nn.Sequential(
                            nn.BatchNorm1d(num_features=feat_dim),
                            nn.Dropout(0.3),
                            nn.Linear(feat_dim, 64),
                            nn.ReLU(),
                            nn.BatchNorm1d(num_features=64),
                            nn.Dropout(0.3),
                            nn.Linear(64, 4)
                            )
net._fc = head

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.004, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
epochs_n = 40
wait_limit = 10
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b2')

draw_conf(conf)

skplt.metrics.plot_roc(truth, proba_all, figsize=(10,10))

"""### b3 as frozen feature extractor"""

net = EfficientNet.from_pretrained('efficientnet-b3')

# keep the pretrained backbone fixed
for w in net.parameters():
    w.requires_grad = False

feat_dim = net._fc.in_features
net._fc = nn.Linear(feat_dim, 4)

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.01, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=7, gamma=0.9)
epochs_n = 20
wait_limit = 3
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler)
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b3')

draw_conf(conf)

"""### full fine-tuning"""

net = EfficientNet.from_pretrained('efficientnet-b3', num_classes=4)

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.002, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
epochs_n = 20
wait_limit = 3
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler)
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b3')

draw_conf(conf)

"""### fine-tuning with a bigger head (best)"""

net = EfficientNet.from_pretrained('efficientnet-b3')

feat_dim = net._fc.in_features
head = nn.Sequential(
                            # (an older, deeper head:
                            #  norm, dropout,
                            #  a 64-unit layer,
                            #  relu)
                            nn.BatchNorm1d(num_features=feat_dim),
                            nn.Dropout(0.3),
                            nn.Linear(feat_dim, 4)
                            )
net._fc = head

net.cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(net.parameters(), lr=0.002, momentum=0.9, weight_decay=0.001)
scheduler = optim.lr_scheduler.StepLR(opt, step_size=10, gamma=0.5)
epochs_n = 40
wait_limit = 10
net, curves = fit_model(net, loss_fn, opt, epochs_n, wait_limit, scheduler, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(net, loss_fn)

draw_curves(curves, 'b3')

draw_conf(conf)

truth = folders['test'].targets
for k in range(4):
    fp_rate, tp_rate, cuts = roc_curve(truth, proba_all[:,k], pos_label=k)
    print('class {} area under roc: {:.6f}'.format(k, auc(fp_rate, tp_rate)))

truth = folders['test'].targets
skplt.metrics.plot_roc(truth, proba_all, figsize=(10,10))

torch.save(net.state_dict(), '/content/drive/MyDrive/cxr_work/ckpt/efficientnet-b3.pt')

print(classification_report(truth, pred_all))

import pandas as pd

overall = {'B0':[0.81290672451193, 0.836225596529284, 0.879067245119305],
       'B1':[0.832971800433839, 0.857917570498915, 0.888828633405639],
       'B2':[0.815075921908893, 0.848156182212581, 0.892082429501084],
       'B3':[0.809652928416486, 0.866594360086767, 0.895336225596529]
       }

frame = pd.DataFrame(overall, index=['frozen', 'tuned', 'tuned+head'])
frame.plot.bar(figsize=(10,6))
plt.xticks(rotation=0)
plt.title('held-out accuracy by backbone')
plt.ylim([0,1])
plt.legend(bbox_to_anchor=(1.01, 1.0), loc='upper left')
plt.show()

# per-class scores, b3: 0.9844
# 0.9771
# 0.8602
# 0.7289

# per-class scores, b2: 0.9805
# 0.9725
# 0.8502
# 0.7410

# per-class scores, b1: 0.9728
# 0.9587
# 0.8819
# 0.6988

# per-class scores, b0: 0.9728
# 0.9572
# 0.8686
# 0.6717

acc_by_cls = {'c0':[0.9728,0.9728,0.9805,0.9844],
               'c1':[0.9572,0.9587,0.9725,0.9771],
               'c2':[0.8686,0.8819,0.8502,0.8602],
               'c3':[0.6717,0.6988,0.7410,0.7289]}

arch_names = ['B0', 'B1', 'B2', 'B3']
frame = pd.DataFrame(acc_by_cls, index=arch_names)
frame.plot.bar(figsize=(10,6))
plt.xticks(rotation=0)
plt.title('held-out accuracy per class (tuned+head)')
plt.ylim([0,1])
plt.legend(bbox_to_anchor=(1.01, 1.0), loc='upper left')
plt.show()

"""### distillation helpers"""

class TinyConvNet(nn.Module):
    def __init__(self):
        super(TinyConvNet, self).__init__()
        # rgb in, six maps out, 5x5 kernels
        self.conv1 = nn.Conv2d(3, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 53 * 53, 84) # spatial side after two pools is 53
        self.fc2 = nn.Linear(84, 4)

    def forward(self, xs):
        xs = nn.functional.interpolate(xs, size=224) # bring every input to 224 px
        xs = torch.max_pool2d(torch.relu(self.conv1(xs)), (2, 2))
        xs = torch.max_pool2d(torch.relu(self.conv2(xs)), (2, 2))
        xs = xs.view(-1, int(xs.nelement() / xs.shape[0]))
        xs = torch.relu(self.fc1(xs))
        xs = self.fc2(xs)
        return xs

class SoftTargetLoss(nn.Module):

    def forward(self, s_logits, t_logits, temp):
        kd_term = None
        p_soft = nn.functional.softmax(t_logits / temp, dim=1)
        q_log = nn.functional.log_softmax(s_logits / temp, dim=1)
        kd_term = nn.KLDivLoss(reduction='batchmean')(q_log, p_soft)
        # alternative: plain soft cross entropy
        return kd_term * temp**2


def kd_fit(pupil, mentor, opt, epochs_n, wait_limit, mix, temp, scheduler=None, monitor='val_loss'):
    curves = {'loss':[], 'acc':[], 'val_loss':[], 'val_acc':[]}
    stale = 0
    best_state = None
    lowest_vloss = np.Inf
    highest_vacc = -np.Inf

    mentor.eval()
    hard_fn = nn.CrossEntropyLoss()
    soft_fn = SoftTargetLoss()

    for ep in range(epochs_n):
        ep_stats = []
        for stage in ['train', 'val']:
            if stage == 'train':
                pupil.train()
            if stage == 'val':
                pupil.eval()
            loss_sum = 0.0
            n_right = 0
            for xb, yb in loaders[stage]:
                xb = xb.cuda()
                yb = yb.cuda()

                logits = pupil(xb)
                with torch.no_grad():
                    t_logits = mentor(xb)
                kd_loss = soft_fn(logits, t_logits, temp)
                ce_loss = hard_fn(logits, yb)
                batch_loss = mix * ce_loss + (1 - mix) * kd_loss

                if stage == 'train':
                    opt.zero_grad()
                    batch_loss.backward()
                    opt.step()

                _, pred_ids = torch.max(logits, dim=-1)
                loss_sum += batch_loss.item() * xb.size(0)
                n_right += torch.sum(pred_ids==yb.data).item()

            if stage == 'train' and scheduler:
                scheduler.step()

            ep_stats += [loss_sum / split_sizes[stage],
                            n_right / split_sizes[stage]]

        tr_loss, tr_acc, va_loss, va_acc = ep_stats
        print('[{}] train loss {:.6f} | train acc {:.6f} | val loss {:.6f} | val acc {:.6f}'
              .format(ep+1, tr_loss, tr_acc, va_loss, va_acc))
        curves['loss'] += [tr_loss]
        curves['acc'] += [tr_acc]
        curves['val_loss'] += [va_loss]
        curves['val_acc'] += [va_acc]

        if monitor=='val_loss' and va_loss < lowest_vloss:
            print('val loss improved {:.6f} -> {:.6f}, keeping these weights'
                  .format(lowest_vloss, va_loss))
            best_state = copy.deepcopy(pupil.state_dict())
            lowest_vloss = va_loss
            stale = 0

        elif monitor=='val_acc' and va_acc > highest_vacc:
            print('val acc improved {:.6f} -> {:.6f}, keeping these weights'
                  .format(highest_vacc, va_acc))
            best_state = copy.deepcopy(pupil.state_dict())
            highest_vacc = va_acc
            stale = 0

        else:
            stale += 1
            if stale == wait_limit and ep < epochs_n-1:
                print('no progress, stopping early')
                break

    pupil.load_state_dict(best_state)
    return pupil, curves

"""### distilling into a tiny conv net"""

# baseline: the tiny net on hard labels only
pupil = TinyConvNet().cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(pupil.parameters(), lr=0.001, momentum=0.9, weight_decay=0.001)
epochs_n = 10
wait_limit = 3
pupil, curves = fit_model(pupil, loss_fn, opt, epochs_n, wait_limit, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(pupil, loss_fn)

draw_curves(curves, 'pupil')

# restore the saved b3 as mentor
net = EfficientNet.from_pretrained('efficientnet-b3')

feat_dim = net._fc.in_features
head = nn.Sequential(
                            nn.BatchNorm1d(num_features=feat_dim),
                            nn.Dropout(0.3),
                            nn.Linear(feat_dim, 4)
                            )
net._fc = head

net.load_state_dict(torch.load('/content/drive/MyDrive/cxr_work/ckpt/efficientnet-b3.pt'))
net.cuda()
net.eval()

# the tiny net again, now with soft targets
pupil = TinyConvNet().cuda()
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(pupil.parameters(), lr=0.001, momentum=0.9, weight_decay=0.001)
epochs_n = 10
wait_limit = 3
mix = 0.1
temp = 3
pupil, curves = kd_fit(pupil, net, opt, epochs_n, wait_limit, mix, temp, monitor='val_acc')
conf, pred_all, proba_all = evaluate_split(pupil, loss_fn)

draw_curves(curves, 'pupil')

"""### distilling into b0..b3"""

variants = ['efficientnet-b0','efficientnet-b1','efficientnet-b2','efficientnet-b3']

for tag in variants:
    print('\n{} frozen, hard labels only'.format(tag))
    pupil = EfficientNet.from_pretrained(tag)

    # keep the pretrained backbone fixed
    for w in pupil.parameters():
        w.requires_grad = False

    feat_dim = pupil._fc.in_features
    pupil._fc = nn.Linear(feat_dim, 4)
    pupil.cuda()

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.SGD(pupil.parameters(), lr=0.001, momentum=0.9, weight_decay=0.001)
    epochs_n = 10
    wait_limit = 3
    pupil, curves = fit_model(pupil, loss_fn, opt, epochs_n, wait_limit, monitor='val_acc')
    conf, pred_all, proba_all = evaluate_split(pupil, loss_fn)

    print('\nrestoring the b3 mentor')
    net = EfficientNet.from_pretrained('efficientnet-b3')

    feat_dim = net._fc.in_features
    head = nn.Sequential(
                                nn.BatchNorm1d(num_features=feat_dim),
                                nn.Dropout(0.3),
                                nn.Linear(feat_dim, 4)
                                )
    net._fc = head

    net.load_state_dict(torch.load('/content/drive/MyDrive/cxr_work/ckpt/efficientnet-b3.pt'))
    net.cuda()
    net.eval()

    print('\n{} frozen, with soft targets'.format(tag))
    pupil = EfficientNet.from_pretrained(tag)

    # keep the pretrained backbone fixed
    for w in pupil.parameters():
        w.requires_grad = False

    feat_dim = pupil._fc.in_features
    pupil._fc = nn.Linear(feat_dim, 4)
    pupil.cuda()

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.SGD(pupil.parameters(), lr=0.001, momentum=0.9, weight_decay=0.001)
    epochs_n = 10
    wait_limit = 3
    mix = 0.1
    temp = 3
    pupil, curves = kd_fit(pupil, net, opt, epochs_n, wait_limit, mix, temp, monitor='val_acc')
    conf, pred_all, proba_all = evaluate_split(pupil, loss_fn)

variants = ['efficientnet-b0','efficientnet-b1','efficientnet-b2','efficientnet-b3']

for tag in variants:
    print('\n{} tuned, hard labels only'.format(tag))
    pupil = EfficientNet.from_pretrained(tag, num_classes=4)
    pupil.cuda()

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.SGD(pupil.parameters(), lr=0.001, momentum=0.9, weight_decay=0.001)
    epochs_n = 10
    wait_limit = 3
    pupil, curves = fit_model(pupil, loss_fn, opt, epochs_n, wait_limit, monitor='val_acc')
    conf, pred_all, proba_all = evaluate_split(pupil, loss_fn)

    print('\nrestoring the b3 mentor')
    net = EfficientNet.from_pretrained('efficientnet-b3')

    feat_dim = net._fc.in_features
    head = nn.Sequential(
                                nn.BatchNorm1d(num_features=feat_dim),
                                nn.Dropout(0.3),
                                nn.Linear(feat_dim, 4)
                                )
    net._fc = head

    net.load_state_dict(torch.load('/content/drive/MyDrive/cxr_work/ckpt/efficientnet-b3.pt'))
    net.cuda()
    net.eval()

    print('\n{} tuned, with soft targets'.format(tag))
    pupil = EfficientNet.from_pretrained(tag, num_classes=4)
    pupil.cuda()

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.SGD(pupil.parameters(), lr=0.001, momentum=0.9, weight_decay=0.001)
    epochs_n = 10
    wait_limit = 3
    mix = 0.1
    temp = 3
    pupil, curves = kd_fit(pupil, net, opt, epochs_n, wait_limit, mix, temp, monitor='val_acc')
    conf, pred_all, proba_all = evaluate_split(pupil, loss_fn)

