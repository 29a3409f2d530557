import torch
import torch.nn.functional as F
from tqdm import tqdm

from dice import dice_score


def score_net(net, loader, device):
    """Dice (or cross entropy) over the check loader"""
    net.eval()
    y_dtype = torch.float32 if net.n_classes == 1 else torch.long
    n_batches = len(loader)  # batches in the loader
    total = 0

    with tqdm(total=n_batches, desc='Check pass', unit='batch', leave=False) as bar:
        for item in loader:
            x, y = item['image'], item['mask']
            x = x.to(device=device, dtype=torch.float32)
            y = y.to(device=device, dtype=y_dtype)

            with torch.no_grad():
                y_hat = net(x)

            if net.n_classes > 1:
                total += F.cross_entropy(y_hat, y).item()
            else:
                p = torch.sigmoid(y_hat)
                p = (p > 0.5).float()
                total += dice_score(p, y).item()
            bar.update()

    net.train()
    return total / n_batches
