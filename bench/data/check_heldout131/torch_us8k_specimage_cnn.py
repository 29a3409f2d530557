import random
import statistics

import torch
import torchvision
import torchvision.transforms as transforms
import torch.nn as nn
from torchsummary import summary
import time
import torch.optim as optim
from torch.optim import lr_scheduler
import datetime

import matplotlib.pyplot as plt

from IPython.display import HTML, display

torch.manual_seed(42)
random.seed(42)

t_begin = time.time()
tr_durations = []
va_durations = []


print(torch.cuda.is_available())


class SpecImageNet(nn.Module):
    def __init__(self):
        super(SpecImageNet, self).__init__()

        self.features = nn.Sequential(
            nn.Conv2d(3, 8, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(8),
            nn.ReLU(True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(8, 16, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(16),
            nn.ReLU(True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(16, 32, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(32),
            nn.ReLU(True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(32, 64, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(64),
            nn.ReLU(True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(64, 128, kernel_size=3, stride=1, padding=1),
            nn.BatchNorm2d(128),
            nn.ReLU(True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Dropout(p=0.3),
        )
        # 128 channels left after five poolings

        self.flat = nn.Flatten()
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(128, 10)
        # no softmax, CrossEntropyLoss takes logits



    # forward
    def forward(self, h):
        h = self.features(h)

        h = self.gap(h)
        h = self.flat(h)
        h = self.fc(h)


        return h


to_tensor = transforms.Compose([
    transforms.ToTensor()

])

use_gpu = torch.cuda.is_available()


print("setup finished in %.2f s" % (time.time() - t_begin))


def train_epoch():
    # running totals
    loss_sum = 0.0
    n_right = 0.0
    n_seen = 0
    t0 = time.time()

    # training mode
    model.train()

    # (no progress bar)

    # batches
    for step, batch in enumerate(loader_tr, 0):
        # unpack
        imgs, cls = batch

        if use_gpu:
            imgs, cls = imgs.cuda(), cls.cuda()

        # reset grads
        opt.zero_grad()

        # step
        logits = model(imgs)
        l = xent(logits, cls)
        l.backward()
        opt.step()

        # tallies
        loss_sum += l.item()
        _, pred = torch.max(logits, 1)
        n_seen += cls.size(0)
        n_right += pred.eq(cls).sum().item()

        # (no progress bar)

    # epoch summary
    ep_loss_tr = loss_sum / len(loader_tr)
    ep_acc_tr = n_right / n_seen * 100
    dt = time.time() - t0
    tr_durations.append(dt)
    global top_train_acc
    if ep_acc_tr > top_train_acc:
        top_train_acc = ep_acc_tr

    return ep_loss_tr, ep_acc_tr


def eval_epoch():
    # running totals
    loss_sum = 0.0
    n_right = 0.0
    n_seen = 0
    t0v = time.time()

    # evaluation mode
    model.eval()

    # (no progress bar)

    # batches
    for step, batch in enumerate(loader_te, 0):
        # unpack
        imgs, cls = batch

        if use_gpu:
            imgs, cls = imgs.cuda(), cls.cuda()

        # forward only
        logits = model(imgs)
        l = xent(logits, cls)

        # tallies
        loss_sum += l.item()
        _, pred = torch.max(logits, 1)
        n_seen += cls.size(0)
        n_right += pred.eq(cls).sum().item()

        # (no progress bar)

    # epoch summary
    ep_loss_va = loss_sum / len(loader_te)
    ep_acc_va = n_right / n_seen * 100
    dtv = time.time() - t0v
    va_durations.append(dtv)
    global top_val_acc
    if ep_acc_va > top_val_acc:
        top_val_acc = ep_acc_va

    return ep_loss_va, ep_acc_va


# reproducible runs
torch.manual_seed(42)




model = SpecImageNet()
print(model)
summary(model.cuda(), (3, 256, 256))

if use_gpu:
    torch.cuda.manual_seed(42)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


if use_gpu:
    model = model.cuda()
# objective and SGD
xent = nn.CrossEntropyLoss()
opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9,
                      nesterov=True, weight_decay=1e-4)

# cosine schedule
cosine = lr_scheduler.CosineAnnealingLR(opt, 10)

# epochs
N_EPOCHS = 32

losses_tr = []
accs_tr = []
losses_va = []
accs_va = []
lowest_val_loss = 10
top_train_acc = 0
top_val_acc = 0

folder_tr = torchvision.datasets.ImageFolder(
    root="D:/us8k_specs/bg_noise_minus3db/train/", transform=to_tensor)
folder_te = torchvision.datasets.ImageFolder(
    root="D:/us8k_specs/bg_noise_minus3db/test/", transform=to_tensor)
loader_tr = torch.utils.data.DataLoader(folder_tr, batch_size=32, shuffle=True)
loader_te = torch.utils.data.DataLoader(folder_te, batch_size=32, shuffle=False)

for ep in range(N_EPOCHS):
    # one epoch of each
    ep_loss_tr, ep_acc_tr = train_epoch()
    ep_loss_va, ep_acc_va = eval_epoch()

    losses_tr.append(ep_loss_tr)
    accs_tr.append(ep_acc_tr)
    losses_va.append(ep_loss_va)
    accs_va.append(ep_acc_va)

    print("epoch "+str(ep+1)+" -> val accuracy "+str(ep_acc_va))

    if ep_loss_va < lowest_val_loss:
        lowest_val_loss = ep_loss_va
        torch.save(model, "D:/us8k_runs/ckpt_"
                   + str(datetime.datetime.now().strftime("%Y%m%d_%H%M")) + ".pth")
    # advance the schedule
    cosine.step()

# summary
print("best train acc %.2f" % (top_train_acc))
print("best val acc %.2f" % (top_val_acc))
print("mean train epoch %.2f s" % (sum(tr_durations) / len(tr_durations)))
print("mean val epoch %.2f s" % (sum(va_durations) / len(va_durations)))
print("wall time %.2f s" % (time.time() - t_begin))


model.eval()

confusion = torch.zeros(10, 10)

for step, batch in enumerate(loader_te, 0):
    # unpack
    imgs, cls = batch

    # to GPU when present
    if use_gpu:
        imgs, cls = imgs.cuda(), cls.cuda()

    # forward
    logits = model(imgs)

    # fill the confusion matrix
    _, pred = torch.max(logits, 1)
    for t, p in zip(cls, pred):
        confusion[t, p] += 1

print(confusion)
