# source: https://github.com/shakes76/PatternAnalysis-2024/blob/08a2914692c54804371acb1782e008eb8c194760/recognition/UNet3D_s4803414/train.py (+ recognition/UNet3D_s4803414/dataset.py at 143da5cc2cb0d8e5da2295bc16c18f69a26bad17)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import random

import nibabel as nib
import numpy as np
import scipy.ndimage
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torch.amp import autocast, GradScaler

from modules import UNet3D


class PelvisVolumes(Dataset):
    def __init__(self, volume_dir, label_dir, transform=None, augment=False):
        """
        volume_dir: folder of MR volumes (.nii.gz)
        label_dir: folder of matching segmentation volumes (.nii.gz)
        """
        self.volume_dir = volume_dir
        self.label_dir = label_dir
        self.volume_names = sorted([f for f in os.listdir(volume_dir) if f.endswith('.nii.gz')])
        self.label_names = sorted([f for f in os.listdir(label_dir) if f.endswith('.nii.gz')])
        self.transform = transform
        self.augment = augment

    def __len__(self):
        return len(self.volume_names)

    def __getitem__(self, idx):
        vol_path = os.path.join(self.volume_dir, self.volume_names[idx])
        lab_path = os.path.join(self.label_dir, self.label_names[idx])

        vol = nib.load(vol_path).get_fdata()
        lab = nib.load(lab_path).get_fdata()

        # keep the first 128 slices -> (256, 256, 128)
        vol = vol[:, :, :128]
        lab = lab[:, :, :128]

        lo, hi = vol.min(), vol.max()
        vol = (vol - lo) / (hi - lo) if hi != lo else vol

        vol = vol.astype(np.float32)

        lab = lab.astype(np.int64)
        lab = np.clip(lab, 0, None)

        # channel axis first for Conv3d: (1, 256, 256, 128)
        vol = np.expand_dims(vol, axis=0)
        lab = np.expand_dims(lab, axis=0)

        if self.augment:
            vol, lab = self.jitter(vol, lab)

        return torch.from_numpy(vol), torch.from_numpy(lab)

    def jitter(self, vol, lab):
        """random flips, a small rotation and a small zoom, applied to both volumes"""
        if random.random() > 0.5:
            vol = np.flip(vol, axis=2).copy()
            lab = np.flip(lab, axis=2).copy()

        if random.random() > 0.5:
            vol = np.flip(vol, axis=3).copy()
            lab = np.flip(lab, axis=3).copy()

        if random.random() > 0.5:
            vol = np.flip(vol, axis=4).copy()
            lab = np.flip(lab, axis=4).copy()

        if random.random() > 0.5:
            angle = random.uniform(-30, 30)
            vol = scipy.ndimage.rotate(vol, angle, axes=(2, 3), reshape=False, mode='nearest')
            lab = scipy.ndimage.rotate(lab, angle, axes=(2, 3), reshape=False, mode='nearest', order=0)

        if random.random() > 0.5:
            factor = random.uniform(0.9, 1.1)
            vol = scipy.ndimage.zoom(vol, (1, factor, factor, factor), order=1)
            lab = scipy.ndimage.zoom(lab, (1, factor, factor, factor), order=0)
            if vol.shape[1] > 256:
                vol = vol[:, :256, :256, :128]
                lab = lab[:, :256, :256, :128]

        return vol, lab


VOLUME_DIR = '/home/groups/comp3710/HipMRI_Study_open/semantic_MRs'
LABEL_DIR = '/home/groups/comp3710/HipMRI_Study_open/semantic_labels_only'
WEIGHTS_OUT = '/home/Student/s4803414/miniconda3/model/model.pth'

BATCH_SIZE = 8
EPOCHS = 5
LEARNING_RATE = 1e-4

volumes = PelvisVolumes(volume_dir=VOLUME_DIR, label_dir=LABEL_DIR, transform=None)
loader = DataLoader(volumes, batch_size=BATCH_SIZE, shuffle=True)

net = UNet3D(in_channels=1, out_channels=6)
criterion = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=LEARNING_RATE)

scaler = GradScaler()

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
net.to(device)

for epoch in range(EPOCHS):
    net.train()
    epoch_loss = 0.0

    for vols, labs in loader:
        vols = vols.to(device)
        labs = labs.to(device)

        opt.zero_grad()

        with autocast(device_type='cuda'):
            logits = net(vols)
            loss = criterion(logits, labs.squeeze(1))

        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()

        epoch_loss += loss.item()

    print(f'Epoch [{epoch + 1}/{EPOCHS}], Loss: {epoch_loss / len(loader):.4f}')

os.makedirs(os.path.dirname(WEIGHTS_OUT), exist_ok=True)
torch.save(net.state_dict(), WEIGHTS_OUT)
print(f'weights written to {WEIGHTS_OUT}')
