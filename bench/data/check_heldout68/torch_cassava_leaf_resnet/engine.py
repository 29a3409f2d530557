import torch.nn as nn
from sklearn import metrics
from tqdm import tqdm
import torch
import torch.nn as nn
import numpy as np


def Train(ds, loader, net, opt, dev):
    net.train()
    steps = int(len(ds) / loader.batch_size)
    running = 0
    bar = tqdm(loader, total=steps)
    for i, b in enumerate(bar):
        x = b["image"]
        y = b["label"]
        x = x.to(dev)
        y = y.to(dev)
        opt.zero_grad()
        logits = net(x)
        loss = nn.CrossEntropyLoss()(logits, y)
        running += loss
        loss.backward()
        opt.step()
    bar.close()
    return running / steps


def Evaluate(ds, loader, net, opt, dev):
    net.eval()
    sum_loss = 0
    sum_acc = 0
    steps = int(len(ds) / loader.batch_size)
    bar = tqdm(loader, total=steps)
    for i, b in enumerate(bar):
        x = b["image"]
        y = b["label"]
        x = x.to(dev)
        y = y.to(dev)
        with torch.no_grad():
            logits = net(x)
            loss = nn.CrossEntropyLoss()(logits, y)
            sum_loss += loss
            guess = torch.argmax(logits, dim=1).cpu()
            truth = y.cpu()
            acc = metrics.accuracy_score(guess, truth)
            sum_acc += acc
    bar.close()
    return sum_loss / steps, sum_acc / steps


def Predict(ds, loader, net, dev):
    net.eval()
    outs = []
    steps = int(len(ds) / loader.batch_size)
    bar = tqdm(loader, total=steps)
    with torch.no_grad():
        for i, b in enumerate(bar):
            x = b["image"]
            y = b["label"]
            x = x.to(dev)
            y = y.to(dev)
            logits = net(x)
            guess = torch.argmax(logits).cpu()
            outs.append(guess)
    bar.close()
    return np.array(outs)
