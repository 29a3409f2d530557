import pandas as pd
import torch
import torch.nn as nn
from sklearn.metrics import confusion_matrix, f1_score
from torch.utils.data import DataLoader, Subset
from tqdm import tqdm

from losses import two_way_loss


def run_validation(net, val_set, tok, cfg):
    """Mean contrastive loss over the validation split.

    Args:
        net: the CLIP model
        val_set: validation dataset

    Returns:
        float: mean loss
    """
    net.eval()

    if cfg['train']['val_subset']:
        pick = torch.randperm(
            len(val_set))[:cfg['train']['val_subset']]
        val_set = Subset(val_set, pick)
    va_loader = DataLoader(
        val_set, batch_size=cfg['train']['batch_size'], shuffle=True)

    dev = 'cuda' if torch.cuda.is_available() else 'cpu'

    net = net.to(dev)

    errs = []

    with tqdm(va_loader) as bar:

        for pics, texts in bar:

            texts = tok(texts,
                               padding=True,
                               truncation=True,
                               max_length=76,
                               return_tensors="pt")
            texts = texts.to(dev)
            pics = pics.to(dev)

            _, _, sims = net(pics, texts)
            err = two_way_loss(sims)
            bar.set_postfix(loss=err.item())
            errs.append(err.item())

    print(f"validation loss: {sum(errs)/len(errs)}")

    return sum(errs)/len(errs)


if __name__ == "__main__":

    from pairs import get_load_data

    cfg = {"save_model_path": "weights/clip.pt",
           'show_model_summary': False,
           'train': {"epochs": 10, 'lr': 5e-5,
                     'weight_decay': 0.2, "batch_size": 16,
                     "train_subset": 3200, "val_subset": 800},
           'dataset': {"dataset": "unsplash"},
           'model': {"projections": 768}}

    _, val_set = get_load_data(
        root="../data", dataset=cfg['dataset']['dataset'])

    weights = "weights/clip.pt"

    dev = 'cuda' if torch.cuda.is_available() else 'cpu'
    net = torch.load(weights, map_location=torch.device(dev))
    run_validation(net, val_set, cfg_obj=cfg)
