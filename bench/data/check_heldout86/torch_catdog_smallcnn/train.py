import torch

import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

import torchvision

from torch.utils.data import DataLoader

import time

import evaluate
from models.compact_cnn import CompactCNN

from datasets.data import fit_set, holdout_set, final_set
from datasets.data import side

# report library versions
print()
print()
print("Library versions:")
print(f"torch:\t\t{torch.__version__}")
print(f"torchvision:\t{torchvision.__version__}")
print()


def pick_device():
    """
    Use the GPU when there is one, otherwise fall back to the CPU
    """
    if torch.cuda.is_available():
        return torch.device('cuda')
    else:
        return torch.device('cpu')


# choose where the tensors live
dev = pick_device()
print(f"Running on {dev}.")


def count_hits(scores, targets):
    """
    How many images were classified right
        Args:
            scores (tensor): the network outputs
            targets (tensor): the ground-truth classes
        Gives:
            hits (int): number of right answers
    """
    hits = scores.argmax(dim=1).eq(targets).sum().item()
    return hits


def hit_rate(scores, targets):
    """
    Fraction of right answers
        Args:
            scores (tensor): the network outputs
            targets (tensor): the ground-truth classes
        Gives:
            rate (float): right answers divided by all answers
    """
    rate = count_hits(scores, targets) / len(targets)
    return rate


def classify(net, img):
    """
    Class of a single image
        Args:
            net (model): the network
            img (tensor): the picture to classify
        Gives:
            cls (int): the class index picked
    """
    net = net.to(dev)
    img = img.to(dev)
    scores = net(img.unsqueeze(0))
    cls = scores.argmax(dim=1).item()
    return cls


def store_weights(net, where):
    """
    Write the weights to disk
        Args:
            net (model): the network to write
            where (str): target file name
    """
    torch.save(net.state_dict(), where)


n_fit = len(fit_set)
n_holdout = len(holdout_set)
n_final = len(final_set)


# SETTINGS

net = CompactCNN(image_size=side)

bs = 32
criterion = F.cross_entropy
lr = 0.00005
n_epochs = 50

net.to(dev)

# describe the network
print()
print(net)
print()
n_params = sum(p.numel() for p in net.parameters())
print(f"Parameters: \t\t\t{n_params:,}")
n_trainable = sum(p.numel() for p in net.parameters() if p.requires_grad)
print(f"Trainable parameters: \t{n_trainable:,}")
print()
print(f"Fit split size: \t\t{n_fit:,}")
print(f"Holdout split size: \t{n_holdout:,}")
print(f"Final split size: \t\t\t{n_final:,}")
print()
print(f"Input side: \t {side[0]} x {side[1]}")
print()
print(f"Batch    \t {bs}")
print(f"LR \t {lr}")
print(f"Criterion \t {criterion}")
print(f"Epochs    \t {n_epochs}")

fit_loader = DataLoader(fit_set, bs, shuffle=True)
holdout_loader = DataLoader(holdout_set, bs * 2)
final_loader = DataLoader(final_set, bs * 2)

opt = optim.Adam(net.parameters(), lr=lr)

sched = optim.lr_scheduler.OneCycleLR(opt, lr, epochs=n_epochs,
                                             steps_per_epoch=len(fit_loader))



# BASELINE NUMBERS BEFORE ANY UPDATE

sum_loss = 0
sum_hits = 0

sum_holdout_loss = 0
sum_holdout_hits = 0

net.eval()

for mb in fit_loader:
    imgs, targets = mb

    imgs = imgs.to(dev)
    targets = targets.to(dev)
    targets = targets.to(torch.int64)

    scores = net(imgs)
    loss = criterion(scores, targets)

    sum_loss += loss.item() * len(mb[0])
    sum_hits += count_hits(scores, targets)

for mb in holdout_loader:
    imgs, targets = mb

    imgs = imgs.to(dev)
    targets = targets.to(dev)
    targets = targets.to(torch.int64)

    scores = net(imgs)
    loss = criterion(scores, targets)

    sum_holdout_loss += loss.item() * len(mb[0])
    sum_holdout_hits += count_hits(scores, targets)

print()
print(f"BASELINE: fit accuracy {100 * sum_hits / n_fit:3.2f}%, "
      f"loss {sum_loss / n_fit:4.4f}")
print(f"BASELINE: holdout accuracy   {100 * sum_holdout_hits / n_holdout:3.2f}%, "
      f"loss {sum_holdout_loss / n_holdout:4.4f}")
print()
print()

base_fit_acc = (100 * sum_hits / n_fit)
base_holdout_acc = (100 * sum_holdout_hits / n_holdout)

base_fit_loss = (sum_loss / n_fit)
base_holdout_loss = (sum_holdout_loss / n_holdout)



# FITTING

fit_loss_log = []
fit_acc_log = []

holdout_loss_log = []
holdout_acc_log = []

lr_log = []

t0 = time.time()

for ep in range(n_epochs):

    # update pass

    sum_loss = 0
    sum_hits = 0

    net.train()

    for mb in fit_loader:
        imgs, targets = mb

        imgs = imgs.to(dev)
        targets = targets.to(dev)
        targets = targets.to(torch.int64)

        scores = net(imgs)
        loss = criterion(scores, targets)

        opt.zero_grad()
        loss.backward()
        opt.step()

        sched.step()
        lr_log.append(sched.get_last_lr())

        sum_loss += loss.item() * len(mb[0])
        sum_hits += count_hits(scores, targets)

    # holdout pass

    sum_holdout_loss = 0
    sum_holdout_hits = 0

    net.eval()

    for mb in holdout_loader:
        imgs, targets = mb

        imgs = imgs.to(dev)
        targets = targets.to(dev)
        targets = targets.to(torch.int64)

        with torch.no_grad():
            scores = net(imgs)
            loss = criterion(scores, targets)

        sum_holdout_loss += loss.item() * len(mb[0])
        sum_holdout_hits += count_hits(scores, targets)

    # report

    fit_pct = 100 * sum_hits / n_fit
    holdout_pct = 100 * sum_holdout_hits / n_holdout

    print(f"Epoch {ep + 1}")

    fit_acc_log.append(fit_pct)
    holdout_acc_log.append(holdout_pct)

    fit_loss_log.append(sum_loss / n_fit)
    holdout_loss_log.append(sum_holdout_loss / n_holdout)

    print(f"FIT     "
          f"accuracy {fit_pct:3.2f}%, "
          f"loss {sum_loss / n_fit:2.4f}")
    print(f"HOLDOUT   "
          f"accuracy   {holdout_pct:3.2f}%, "
          f"loss   {sum_holdout_loss / n_holdout:2.4f}")
    print()

print()
print()
elapsed = time.time() - t0

hrs = elapsed // 3600
elapsed -= hrs * 3600

mins = elapsed // 60
elapsed -= mins * 60

secs = int(elapsed)

print(f"Fitting plus holdout passes took {hrs}h {mins}m {secs}s.")




final_acc = evaluate.score_model(net, dev)

out_file = f"../petclass/weights/CompactCNN_{final_acc:.2f}.pth"
store_weights(net, out_file)
