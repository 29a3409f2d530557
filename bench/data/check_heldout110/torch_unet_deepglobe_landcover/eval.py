import torch
import torch.nn.functional as F
from tqdm import tqdm

from diceloss import dice_coef_9cat_loss


def eval_net(net, dl, device):
    """mean validation loss (or dice) over the loader"""
    net.eval()
    y_dtype = torch.float32 if net.n_classes == 1 else torch.long
    n_va = len(dl)  # note
    acc_sum = 0

    with tqdm(total=n_va, desc='validating', unit='batch',disable = True, leave=True) as bar:
        for b_ in dl:
            x, y = b_['image'], b_['mask']
            x = x.to(device=device, dtype=torch.float32)
            y = y.to(device=device, dtype=y_dtype)

            with torch.no_grad():
                logits = net(x)

            if net.n_classes > 1:
                acc_sum += F.cross_entropy(logits, y).item()
                # (disabled line)

            else:
                p = torch.sigmoid(logits)
                p = (p > 0.5).float()
                acc_sum += dice_coeff(p, y).item()
            bar.update()
    net.tr_part()
    return acc_sum/n_va
