import torch
from torch.utils.data import DataLoader
from torchvision import datasets, utils, transforms
from datasets import CityscapesDataset
from PIL import Image
from tqdm import tqdm
import numpy as np

def get_cityscapes_data(
    mode,
    split,
    relabelled,
    root_dir='datasets/cityscapes',
    target_type="semantic",
    transforms=None,
    batch_size=1,
    eval=False,
    shuffle=True,
    pin_memory=True,

):
    ds = CityscapesDataset(
        mode=mode, split=split, target_type=target_type, relabelled=relabelled, transform=transforms, root_dir=root_dir, eval=eval)

    loader = torch.utils.data.DataLoader(
        ds, batch_size=batch_size, shuffle=shuffle, pin_memory=pin_memory)

    return loader

# write a predicted mask out as a png
def save_as_images(pred, out_dir, stem):
    pred = transforms.ToPILImage()(pred.byte())
    out_file = f"{out_dir}\{stem}.png"
    pred.save(out_file)
        


        

    
