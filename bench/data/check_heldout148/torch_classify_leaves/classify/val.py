import torch
import torch.nn as nn
import torch.nn.functional as F

from tqdm import tqdm


def val(net: nn.Module, check_loader, dev):
    net.eval()
    crit = nn.CrossEntropyLoss().to(dev)
    n_batches = len(check_loader)
    # walk the check split
    loss_sum = 0.0
    n_right = 0
    n_seen = 0
    with torch.no_grad():
        for xb, yb in tqdm(check_loader, total=n_batches, desc='CHECK', unit='batch', leave=False):
            pics, target = xb, yb
            # device and dtype
            pics = pics.to(device=dev, dtype=torch.float32)
            target = target.to(device=dev, dtype=torch.long)
            # forward
            with torch.autocast(dev.type if dev.type != 'mps' else 'cpu', enabled=True):
                scores = net(pics)
                loss = crit(scores, target)
            loss_sum += loss.item()
            # accuracy
            guess = F.softmax(scores, dim=1).argmax(dim=1)
            right = (guess == target).sum().item()
            n_right += right
            n_seen += guess.shape[0]
    return loss_sum, n_right * 1.0 / n_seen
