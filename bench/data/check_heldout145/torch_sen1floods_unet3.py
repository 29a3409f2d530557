import numpy as np
import cv2
import os
import csv
import rasterio
from PIL import Image
import torch
import torch.nn as nn
from torch.nn import Conv2d as Conv2D
import torch.nn.init as init
import torch.nn.functional as F
from torch.nn import Upsample
import random
from torch.utils.data import Dataset
import tifffile
import torch.optim as optim
from torch.utils.data import DataLoader
from torchvision import datasets, transforms, utils
from torch.autograd import Variable
from unet3 import * 
import warnings
warnings.filterwarnings("ignore")
import time

base="/data/sen1floods11/project/chips/"
fit_list_file=base+"splits/train.txt"
dev_list_file=base+"splits/val.txt"
with open(fit_list_file, "r") as fh:
    rows_fit =fh.readlines()
    fit_ids=[r[:-1] for r in rows_fit]
with open(dev_list_file, "r") as fh2:
    rows_dev =fh2.readlines()
    dev_ids=[r[:-1] for r in rows_dev]   

class ChipSet(Dataset):

    def __init__(self, ids, loader_fn):
        self.ids = ids
        self.loader_fn = loader_fn

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        return self.loader_fn(self.ids[i])

def read_chip(chip_id):
    
    base="/data/sen1floods11/project/chips/"
    
    sar_file = base+"S1/"+chip_id+"_S1Hand.tif"
    dem_file = base+"DEM/"+chip_id+"_DEM.tif"
    lab_file=base+"Label/"+chip_id+"_LabelHand.tif"
    
    sar=np.nan_to_num(tifffile.imread(sar_file))
    dem=tifffile.imread(dem_file)
    lab=np.uint8(rasterio.open(lab_file).read())
   # lab[lab==255]=2
    # unused: positions of the ignore class
    
    sar_c = np.clip(sar, -50, 1)
    sar_c = (sar_c + 50) / 51
    vv = sar_c[0]
    vh = sar_c[1]

    # alternative readers kept from an earlier try
   # dem=rasterio.open(dem_file).read()
    # lab=np.uint8(rasterio.open(lab_file).read())
    # lab[lab==255]=2
    # positions of the ignore class
    
    dem_n=(dem - np.min(dem)) / (np.max(dem) - np.min(dem))
#    per-chip min-max of band 0 (unused)
#    per-chip min-max of band 1 (unused)

   # zeroing the ignore positions (unused)
   #     in the elevation
   #     in band 0
   #     in band 1
    
    vv = np.expand_dims(vv, axis=0)
    vh = np.expand_dims(vh, axis=0)
    vv_t = torch.from_numpy(vv)#.float
    vh_t = torch.from_numpy(vh)#.float
    dem_t = torch.from_numpy(dem_n)#.float
    lab_t = torch.from_numpy(lab).squeeze().long()
    
    stacked = torch.cat((vv_t,vh_t,dem_t),dim=0)
    # cast to float32 happens later in the loop
    # (a numpy stack was tried here too)
    
   # a torchvision transform was tried here
  #  to tensor
  #  and normalise

# the label would only need a tensor conversion
  #  unused
    
    return stacked,lab_t

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def iou_score(pred, truth):
    
    pred = torch.argmax(pred, dim=1).flatten() 
    truth = truth.flatten()

    valid = truth.ne(255).cuda()
    pred = pred.masked_select(valid)
    truth = truth.masked_select(valid)
    inter = torch.sum(pred * truth)
    uni = torch.sum(truth) + torch.sum(pred) - inter
    score = (inter + .0000001) / (uni + .0000001)

    return score

def acc_score(pred, truth):
    pred = torch.argmax(pred, dim=1).flatten() 
    truth = truth.flatten()

    valid = truth.ne(255).cuda()
    pred = pred.masked_select(valid)
    truth = truth.masked_select(valid)
    hits = torch.sum(pred.eq(truth))

    return hits.float() / len(truth)

net = unet3(3,3).to(device)
loss_fn = nn.CrossEntropyLoss(ignore_index=255)
opt = optim.Adam(net.parameters(), lr=0.00001)
fit_set = ChipSet(fit_ids, read_chip)
fit_loader = DataLoader(fit_set, batch_size=2, shuffle=True, num_workers=4)
dev_set = ChipSet(dev_ids, read_chip)
dev_loader = DataLoader(dev_set, batch_size=1, shuffle=True, num_workers=4)

def run_training(net, loss_fn, opt, loader, dev, num_epochs=2):
    global tr_loss_sum
    global tr_iou_sum
    global tr_n
    global tr_acc_sum
    global best_dev_iou
    
    global hist_tr_loss
    global hist_tr_acc
    global hist_tr_iou
    global hist_dev_loss
    global hist_dev_acc
    global hist_dev_iou
    global hist_epoch 
    best_dev_iou = 0
    
    hist_tr_loss = []
    hist_tr_acc = []
    hist_tr_iou = []
    hist_dev_loss = []
    hist_dev_acc = []
    hist_dev_iou = []
    hist_epoch = []
   
    
    for ep in range(num_epochs):
        print('epoch {}/{}'.format(ep, num_epochs - 1))
        print('=' * 10)
        t0 = time.time()
        n_fit = len(loader.dataset)
        n_dev = len(dev.dataset)
        tr_loss_sum = 0
        tr_iou_sum = 0
        tr_n = 0
        tr_acc_sum = 0
        # (unused running loss)
        # (unused step counter)
        for xb, yb in loader:
            xb= torch.tensor(xb, dtype=torch.float32)
            # labels stay long
            inp = xb.to(device)
            tgt = yb.to(device)
            # reset gradients
            opt.zero_grad()
            # forward pass
            out = net(inp)
            loss = loss_fn(out, tgt)
            loss.backward()
            opt.step()
            tr_loss_sum += loss.item()
            tr_iou_sum += iou_score(out, tgt)
            tr_acc_sum += acc_score(out, tgt)
            tr_n += 1
            # per-step print (disabled)
        # per-epoch print (disabled)
        
        net = net.eval()
        k = 0
        iou = 0
        loss = 0
        acc = 0
        with torch.no_grad():
            for xb, yb in dev:
                xb= torch.tensor(xb, dtype=torch.float32)
                net = net.to(device)
                inp = xb.to(device)
                tgt = yb.to(device)
                out = net(inp)
                d_loss = loss_fn(out, tgt)
                d_iou = iou_score(out, tgt)
                d_acc = acc_score(out, tgt)
                iou += d_iou
                loss += d_loss
                acc += d_acc
                k += 1

        iou = iou / k
        acc = acc / k

        if iou > best_dev_iou:
            best_dev_iou = iou
            ckpt_dir="/data/sen1floods11/project/runs/unet3/"
            fname= "{}_{}.pth".format(ep, iou.item())     
            ckpt_path = ckpt_dir+fname
            torch.save(net.state_dict(), ckpt_path)
            print("checkpoint written to", ckpt_path)

        loss = loss / k
        t1 = time.time()
        print("epoch:" ,ep)
        print("seconds:" ,t1-t0)
        print("fit loss:", tr_loss_sum / tr_n)
        print("fit IoU:", (tr_iou_sum / tr_n).item())
        print("fit accuracy:", (tr_acc_sum / tr_n).item())
        print("dev loss:", loss.item())
        print("dev IoU:", iou.item())
        print("dev accuracy:", acc.item())


        hist_tr_loss.append((tr_loss_sum / tr_n))
        hist_tr_acc.append((tr_acc_sum / tr_n).item())
        hist_tr_iou.append((tr_iou_sum / tr_n).item())
        hist_dev_loss.append(loss.item())
        hist_dev_acc.append(acc.item())
        hist_dev_iou.append(iou.item())    
        hist_epoch.append(ep)
        
        
        
        
        
#    per-epoch checkpoint folder (unused)
#    per-epoch save (unused)
#    return of the model (unused)

run_training(net, loss_fn, opt, fit_loader, dev_loader, num_epochs=500)

ckpt="runs/unet3/423_0.6971748471260071.pth"
proj="/data/sen1floods11/project/"
one=fit_ids[1]
sar_path=proj+"chips/S1/"+one+"_S1Hand.tif"
lab_path=proj+"chips/Label/"+one+"_LabelHand.tif"
dem_path=proj+"chips/DEM/"+one+"_DEM.tif"

sar=np.nan_to_num(tifffile.imread(sar_path))
sar_c = np.clip(sar, -50, 1)
sar_c = (sar_c + 50) / 51
vv = sar_c[0]
vh = sar_c[1]

plt.imshow(vh)

dem=tifffile.imread(dem_path)

plt.imshow(dem[0])

lab=np.uint8(rasterio.open(lab_path).read())
lab[lab==255]=0

plt.imshow(lab[0])

infer_net=unet3(3,3)
state = torch.load(proj+ckpt)
infer_net.load_state_dict(state)

vv_e = np.expand_dims(vv, axis=0)
vh_e = np.expand_dims(vh, axis=0)
vv_t = torch.from_numpy(vv_e).type(torch.FloatTensor)
vh_t = torch.from_numpy(vh_e).type(torch.FloatTensor)
dem_n=(dem - np.min(dem)) / (np.max(dem) - np.min(dem))
dem_t = torch.from_numpy(dem_n).type(torch.FloatTensor)
stacked = torch.cat((vv_t,vh_t,dem_t),dim=0)
batch1=stacked.unsqueeze(0)

infer_net = infer_net.eval()
infer_net = infer_net.to(device)
logits = infer_net(batch1.to(device))
cls= torch.argmax(logits, dim=1).cpu().numpy()

plt.imshow(cls[0])


hist_epoch


best_dev_iou
# (a broken, half-pasted plotting cell followed here in the notebook)
#     add the epoch
#     x values
#     training losses
#     training accuracy
#     training iou
#     validation losses
#     validation accuracy
#     validation iou
#     legend

#     show

#     best score
import pandas as pd

table =pd.DataFrame(columns=('epochs','t_loss','t_acc','t_iou','v_loss','v_acc','v_iou'))

table["epochs"]=hist_epoch
table["t_loss"]=hist_tr_loss
table["t_acc"]=hist_tr_acc
table["t_iou"]=hist_tr_iou
table["v_loss"]=hist_dev_loss
table["v_acc"]=hist_dev_acc
table["v_iou"]=hist_dev_iou

table.to_csv("sar_dem_unet3_500.csv")

plt.plot(hist_epoch, hist_tr_loss, label='fit loss')

plt.plot(hist_epoch, hist_tr_acc, 'tab:orange', label='fit accuracy')
plt.plot(hist_epoch, hist_tr_iou, 'tab:purple', label='fit iou')

import matplotlib.pyplot as plt


net=unet3(3,3).cuda()

from torchsummary import summary

summary(net,(3,512,512))

# pip install torchsummary (shell cell)

os.environ["CUDA_VISIBLE_DEVICES"] = '1'
