import numpy as np
import torch
from torch_unet.tools.losses import dice_coeff, dice_loss
from torch_unet.unet.model import predict_full_image
from tqdm import tqdm


def eval_net(net, loader, dev, n_hold):
    """Dice coefficient and dice loss over the held-out patches"""
    score_sum = 0
    loss_sum = 0
    with tqdm(total=n_hold, desc='held-out patches', unit='img', leave=False) as bar:
        for b in loader:
            x = b['image']
            y = b['mask']
            
            x = x.to(device=dev, dtype=torch.float32)
            y = y.to(device=dev, dtype=torch.float32)
            
            logits = net(x)
            for gt, lg in zip(y, logits):
                lg = ((torch.sigmoid(lg) > 0.3) * 1).float()
                
                score_sum += dice_coeff(lg, gt).item()
                loss_sum += dice_loss(lg, gt).item()
            bar.update(x.shape[0])
    
    return score_sum / n_hold, loss_sum / n_hold


def eval_net_full(net, loader, dev, frac):
    # whole images rather than patches
    score_sum = 0
    loss_sum = 0
    base = loader.dataset.dataset
    n_pick = int(frac * base.get_real_length())
    picks = np.random.choice(np.arange(0, base.get_real_length()), n_pick)
    
    with tqdm(total=n_pick, desc="whole images", unit="img", leave=False) as bar:
        for k in picks:
            pic, gt = base.get_raw_image(k), base.get_raw_mask(k)
            guess = predict_full_image(net, pic, dev)
            guess = torch.from_numpy(guess).to(device=dev).float()
            gt = torch.from_numpy(np.expand_dims(gt, 0)).to(device=dev).float()
            
            score_sum += dice_coeff(((guess > 0.3) * 1).float(), gt).item()
            loss_sum += dice_loss(guess, gt).item()
            bar.update(k)
    return score_sum / n_pick, loss_sum / n_pick, torch.from_numpy(pic.transpose((2, 0, 1))), gt, guess
