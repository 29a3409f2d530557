import torch
import torch.nn as nn
from torch.optim import Adam
from sklearn.metrics import accuracy_score, precision_score, recall_score, f1_score
from matplotlib import pyplot as plt
from tqdm import tqdm
def run_train_epoch(net, loader, crit, opt, dev):
    net.train()
    step_losses = []
    pred_vox = []
    true_vox = []

    for vols, segs in tqdm(loader, desc="train"):
        vols = vols.to(dev)
        segs = segs.to(dev).squeeze().long()
        # forward
        out = net(vols)
        loss = crit(out, segs)
        # backward and step
        opt.zero_grad()
        loss.backward()
        opt.step()

        step_losses.append(loss.item())
        pred_vox.extend(out.argmax(1).flatten().cpu().numpy())
        true_vox.extend(segs.flatten().cpu().numpy())

    # metrics (disabled)
    # acc = accuracy_score(true_vox, pred_vox)
    # prec = precision_score(true_vox, pred_vox, average='binary')
    # rec = recall_score(true_vox, pred_vox, average='binary')
    # f1 = f1_score(true_vox, pred_vox, average='binary')

    return sum(step_losses)/len(step_losses)#, acc, prec, rec, f1

def run_validation(net, loader, crit, dev):
    net.eval()
    step_losses = []
    pred_vox = []
    true_vox = []

    with torch.no_grad():
        for vols, segs in tqdm(loader, desc="val"):
            vols = vols.to(dev)
            segs = segs.to(dev).squeeze().long()

            out = net(vols)
            loss = crit(out, segs)
            step_losses.append(loss.item())
            pred_vox.extend(out.argmax(1).flatten().cpu().numpy())
            true_vox.extend(segs.flatten().cpu().numpy())

    # metrics (disabled)
    # acc = accuracy_score(true_vox, pred_vox)
    # prec = precision_score(true_vox, pred_vox, average='binary')
    # rec = recall_score(true_vox, pred_vox, average='binary')
    # f1 = f1_score(true_vox, pred_vox, average='binary')

    return sum(step_losses)/len(step_losses)#, acc, prec, rec, f1

class MultiClassDice(nn.Module):
    def __init__(self, n_classes):
        super(MultiClassDice, self).__init__()
        self.n_classes = n_classes

    def _onehot(self, t):
        parts = []
        for c in range(self.n_classes):
            hit = t == c  # * torch.ones_like(t)
            parts.append(hit.unsqueeze(1))
        oh = torch.cat(parts, dim=1)
        return oh.float()

    def _dice(self, s, g):
        g = g.float()
        eps = 1e-5
        inter = torch.sum(s * g)
        g_sum = torch.sum(g * g)
        s_sum = torch.sum(s * s)
        d = (2 * inter + eps) / (s_sum + g_sum + eps)
        d = 1 - d
        return d

    def forward(self, pred, tgt, weight=None, softmax=False):
        if softmax:
            pred = torch.softmax(pred, dim=1)
        tgt = self._onehot(tgt)
        if weight is None:
            weight = [1] * self.n_classes
        assert pred.size() == tgt.size(), 'pred {} vs target {} shapes differ'.format(pred.size(), tgt.size())
        per_class = []
        total = 0.0
        for c in range(0, self.n_classes):
            d = self._dice(pred[:, c], tgt[:, c])
            per_class.append(1.0 - d.item())
            total += d * weight[c]
        return total / self.n_classes
