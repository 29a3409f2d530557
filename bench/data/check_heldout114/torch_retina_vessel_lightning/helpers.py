import os
import torch
import numpy as np
import random
from glob import glob


def list_pairs(root="dataset"):
    tr_imgs = sorted(glob(os.path.join(root, "train", "image", "*.png")))
    tr_masks = sorted(glob(os.path.join(root, "train", "mask", "*.png")))
    te_imgs = sorted(glob(os.path.join(root, "test", "image", "*.png")))
    te_masks = sorted(glob(os.path.join(root, "test", "mask", "*.png")))
    return tr_imgs, tr_masks, te_imgs, te_masks

def fix_seeds():
    torch.manual_seed(5)
    torch.cuda.manual_seed(5)
    torch.cuda.manual_seed_all(5)
    np.random.seed(5)
    random.seed(5)
