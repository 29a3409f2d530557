from pieces.dataset import IceTileDataset
from pieces.model import UNet
from pieces import settings
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from sklearn.model_selection import train_test_split
from torchvision import transforms
from imutils import paths
from tqdm import tqdm
import matplotlib.pyplot as plt
import torch
import time
import os
import seaborn as sns 
import pandas as pd
import numpy as np

# turn on to dump the held-out file list during this run
dump_holdout_list = False

# sorting keeps each tile next to its label file
tile_files = sorted(list(paths.list_images(settings.TILE_DIR)))
label_files = sorted(list(paths.list_images(settings.LABEL_DIR)))

# first a held-out split, then the rest is split again into fit and validation parts
fit_tiles, hold_tiles, fit_labels, hold_labels = train_test_split(tile_files, label_files, test_size=settings.HOLDOUT_FRACTION, random_state=8)
fit_tiles, val_tiles, fit_labels, val_labels = train_test_split(fit_tiles, fit_labels, test_size=settings.VAL_FRACTION, random_state=8)

# save the held-out pairs as text
if dump_holdout_list:
    with open(settings.HOLDOUT_LIST) as fh:
        for n in range(len(hold_tiles)):
            hold_tiles[n] += ":" + hold_labels[n]

        text = "\n".join(hold_tiles)
        fh.write(text)

tile_tf = transforms.Compose([
    transforms.ToPILImage(), 
    transforms.ToTensor(),
])

# merge raw label values into a few classes
# values seen over the whole label set:
# [  0.,   1.,   2.,  10.,  20.,  30.,  40.,  50.,  60.,  70.,  80.,  90., 91.,  92., 100.]
label_remap = {
    # 0, 1 and 2 all stand for open water
    # 0: 4, # zeros already mean water
    1: 0, # water becomes class 0
    2: 0,
    100: 1, # land becomes class 1
    10: 2, # partial ice concentrations form class 2
    20: 2,
    30: 2,
    40: 2,
    50: 2,
    60: 2,
    70: 2,
    80: 2,
    90: 3, # dense ice is class 3
    91: 3, 
    92: 3, 
}

class RemapLabel:
    def __init__(self, table):
        # raw value -> class id
        self.table = table
    def __call__(self, picture):
        arr = torch.from_numpy(np.array(picture, np.float32, copy=False))
        for raw_val, cls_val in self.table.items():
            # overwrite each raw value with its class id
            arr[arr==raw_val] = cls_val
        return arr


label_tf = transforms.Compose([
    transforms.ToPILImage(), 
    RemapLabel(label_remap),
])

# datasets over file paths
print("Building datasets")
fit_set = IceTileDataset(fit_tiles, fit_labels, tile_tf, label_tf, debug=False, debug_vals=np.array([90, 91, 92]))
val_set = IceTileDataset(val_tiles, val_labels, tile_tf, label_tf)

print("Building loaders")
fit_loader = DataLoader(fit_set, shuffle=True,batch_size=settings.BATCH)
val_loader = DataLoader(val_set, shuffle=False, batch_size=settings.BATCH)

# U-Net over the merged classes
class_count = len(set(label_remap.values())) # distinct class ids after remapping
seg_net = UNet(class_count).to(settings.DEVICE)
optimizer = optim.Adam(seg_net.parameters(), settings.LR)
criterion = nn.CrossEntropyLoss()
# per-epoch history
history = {"t_loss": [], "v_loss": []}

print("Starting to fit")
# for ep in tqdm(range(settings.EPOCHS)):
# for ep in tqdm(range(5)):
for ep in range(settings.EPOCHS):
    # training mode
    seg_net.train()
    # running sums for this epoch
    fit_sum = 0
    val_sum = 0
    with tqdm(total=len(fit_loader)) as bar:
        for s, (xb, yb) in enumerate(fit_loader):
            xb = xb.to(settings.DEVICE)
            yb = yb.to(settings.DEVICE).long()    
            logits = seg_net(xb) # (B, C, H, W)
            # targets are (B, H, W) class ids
            batch_loss = criterion(logits, yb)
            
            # one optimiser step
            optimizer.zero_grad()
            batch_loss.backward()
            optimizer.step()
            
            fit_sum += batch_loss.item()
            bar.update(1)
        # mean over the steps
        mean_fit = round((fit_sum/s), 2)

        # TODO: validation loss each epoch
        # TODO: more metrics each epoch
        seg_net.eval()
        # print("validating")
        with torch.no_grad():
            for v, (xb, yb) in enumerate(val_loader):
                xb, yb = xb.to(settings.DEVICE), yb.to(settings.DEVICE).long()
                logits = seg_net(xb)
                # add this batch's loss
                step_val = criterion(logits, yb).item()
                val_sum += step_val
                # more metrics later
                # TODO: look at the predictions to decide on an accuracy
            mean_val = round((val_sum/v), 2)
        # print("validated")
        # keep the epoch means
        history["t_loss"].append(mean_fit)
        history["v_loss"].append(mean_val)

        # report the epoch
        print(f"Epoch {ep} | Fit Loss {mean_fit} | Val Loss {mean_val}")

        # TODO: checkpoint the network (each epoch, at the end, or when it improves)

    
# plot the history once fitting ends
hist_df = pd.DataFrame(history)
sns.set_style('darkgrid')
hist_ax = sns.lineplot(data=hist_df[['t_loss', 'v_loss']])
hist_ax.set_title('Loss history')
hist_ax.set_xlabel('Epoch')
hist_ax.set_ylabel('Loss')
hist_ax.figure.savefig('output/loss_and_metric.png')
print("Finished")

# TODO: check generalisation on the held-out split

        

    
    
