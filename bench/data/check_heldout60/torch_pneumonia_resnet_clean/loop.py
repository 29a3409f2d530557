import torch
import torch.nn as nn
from torch.utils.data import Dataset
import glob
import cv2
from torch.utils.tensorboard import SummaryWriter
from torch.utils.data import DataLoader, Dataset
from aug import *
from torchvision.models import resnet18
from xray_data import *
from torch.optim import Adam
from torch.optim.lr_scheduler import ReduceLROnPlateau

device = 'cuda' if torch.cuda.is_available() else 'cpu'
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm


def make_model(pretrained=True, lr=0.01):
    print("ImageNet weights: ", pretrained)
    net = resnet18(pretrained=pretrained)
    for p in net.parameters():
        p.requires_grad = False
    net.fc = nn.Sequential(
        nn.Flatten(),
        nn.Linear(in_features=512, out_features=128),
        nn.ReLU(),
        nn.Dropout(0.4),
        nn.Linear(in_features=128, out_features=1),
        nn.Sigmoid()
    )
    crit = nn.BCELoss()
    opt = Adam(net.parameters(), lr=lr)
    sched = ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=0, threshold=0.001, verbose=True,
                                  min_lr=1e-5, threshold_mode='abs')
    return net.to(device), crit, opt, sched

def current_lr(opt):
    for g in opt.param_groups:
        return g['lr']

def make_loader(path, limit, batchSize, transforms):
    ds = XrayFolder(path=path, transforms=transforms, limit=limit)
    dl = DataLoader(ds, batch_size=batchSize, shuffle=True, collate_fn=ds.collate_fn)
    return dl


def one_epoch(net, dl, crit, opt, sched):
    hist = []
    for b in tqdm(iter(dl)):
        opt.zero_grad()
        xb, yb = b
        out = net(xb)
        loss = crit(out.permute(1,0).squeeze(0), yb)
        loss.backward()
        hist.append(loss.item())
        opt.step()
    return sum(hist) / len(hist)


def val_loss_epoch(net, dl, crit, opt, sched):
    hist = []
    with torch.no_grad():
        for b in tqdm(iter(dl)):
            opt.zero_grad()
            xb, yb = b
            out = net(xb)
            loss = crit(out.permute(1,0).squeeze(0), yb)
            hist.append(loss.item())
            sched.step(loss.item())
    return sum(hist) / len(hist)


def score(net, dl):
    accs = []
    with torch.no_grad():
        for b in tqdm(iter(dl)):
            xb, yb = b
            out = net(xb)
            accs.append(hit_rate(out, yb))
    return sum(accs) / len(accs)


def hit_rate(out, yb):
    hits = 0
    for k in range(len(out)):
        if out[k]>=0.5:
            guess = 1
        else:
            guess = 0
        if guess == yb[k]:
            hits += 1

    return hits / len(out)


def fit(net, dl_tr, dl_va, crit, opt, sched, startEpoch, endEpoch, tb, best, args):
    for ep in tqdm(range(startEpoch, endEpoch)):
        tr_loss = one_epoch(net, dl_tr, crit, opt, sched)
        tr_acc = score(net, dl_tr)
        va_acc = score(net, dl_va)
        va_loss = val_loss_epoch(net, dl_va, crit, opt, sched)
        lr = current_lr(opt)

        parts = ["./checkpoints/"+str(args.experimentName)+"/net", str(ep), str(args.batchSize),  str(va_acc), str(va_loss), str(lr),".pth"]
        parts = '_'.join(parts)
        print("writing", parts)
        torch.save(net.cpu().state_dict(), parts)

        print("epoch {} | train loss {} | train acc {}| val loss {}| val acc {} | lr {}".format(
            ep, tr_loss, tr_acc, va_loss, va_acc, lr))
        tb.add_scalars('Losses', {'Train': tr_loss, 'Val': va_loss}, ep)
        tb.add_scalars('Accuracy', {'Train': tr_acc, 'Val': va_acc}, ep)