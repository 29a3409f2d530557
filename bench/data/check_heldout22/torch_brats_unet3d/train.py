import torch
import pandas as pd
import numpy as np
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import os
from glob import glob
import nibabel as nib
import pickle
from tqdm import tqdm
import random
from torchvision.transforms import transforms
from scipy import ndimage
import matplotlib.pyplot as plt
from dataset import VolumeDataset
from model import UNetModel3d
from criterion import SoftDiceLoss
import torch
# (tensorboard logging was switched off here)
# sw = None

torch_device = 'cuda' if torch.cuda.is_available() else 'cpu'

def train_one_batch(net_model, batch_data, step_optimizer, loss_fn):
    net_model.train()
    batch_images, batch_targets = batch_data
    predicted = net_model(batch_images)
    step_optimizer.zero_grad()
    batch_loss, overlap1, overlap2, overlap3 = loss_fn(predicted, batch_targets)
    batch_loss.backward()
    step_optimizer.step()
    return batch_loss.item(), overlap1.item(), overlap2.item(), overlap3.item()

@torch.no_grad()
def val_one_batch(net_model, batch_data, loss_fn):
    net_model.eval()
    batch_images, batch_targets = batch_data
    predicted = net_model(batch_images)
    batch_loss, overlap1, overlap2, overlap3 = loss_fn(predicted, batch_targets)
    return batch_loss.item(), overlap1.item(), overlap2.item(), overlap3.item()

print("Reading the volumes:")

dataset_train = VolumeDataset("./train_pkl_all/",'train')
dataset_val = VolumeDataset("./val_pkl_all/",'valid')

loader_train = DataLoader(dataset_train, batch_size = 2, shuffle = True)
loader_val = DataLoader(dataset_val, batch_size = 2, shuffle = True)

print(f"batches: train={len(loader_train)}, val={len(loader_val)}")
unet_model = UNetModel3d(4, 4, 64).to(torch_device)
adam_optimizer = torch.optim.Adam(unet_model.parameters(), lr=0.001)
dice_loss = SoftDiceLoss()

epoch_count = 10
print_every = 50

with open('logger1.txt', 'w') as log_file:

    for epoch_idx in tqdm(range(epoch_count)):
        train_loss_sum = val_loss_sum = 0
        tr_ov1 = tr_ov2 = tr_ov3 = va_ov1 = va_ov2 = va_ov3 = 0
        for step, batch_data in enumerate(loader_train):
            batch_loss, overlap1, overlap2, overlap3 = train_one_batch(unet_model, batch_data, adam_optimizer, dice_loss)
            train_loss_sum += batch_loss
            tr_ov1 += overlap1
            tr_ov2 += overlap2
            tr_ov3 += overlap3
            if step%print_every==0:
                print(f"epoch {epoch_idx} step {step}: loss {batch_loss}, dice per class {overlap1} / {overlap2} / {overlap3}")
        n_batches = len(loader_train)
        train_summary = f"epoch {epoch_idx} mean: loss {train_loss_sum/n_batches}, dice per class {tr_ov1/n_batches} / {tr_ov2/n_batches} / {tr_ov3/n_batches}"
        print(train_summary)
        log_file.writelines(train_summary)
        # A validation pass used to run here (disabled):
        # it called val_one_batch on every batch of loader_val,
        # printed the running numbers every print_every steps,
        # and summed the loss and the three class scores
        # into val_loss_sum and va_ov1 / va_ov2 / va_ov3,
        # then printed their means once per epoch
        # and appended that line to the log file.
        #
        #
        #
        #
        #
        #
        ckpt_file = 'model_f'+str(epoch_idx)+".pth"
        print("writing checkpoint")
        torch.save(unet_model.state_dict(), ckpt_file)






