
import torch
import os
import torch
import torch.nn as nn
import torch.optim as optim
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import torch.optim as optim
from torch.utils.data import DataLoader
from torchvision import transforms
from PIL import Image
import numpy as np
import xml.etree.ElementTree as ET
from detector_def import LesionFinder
from angio_data import AngioFrames
import torchvision
from matplotlib.patches import Rectangle
import matplotlib.pyplot as plt

def hwc_to_chw_unit(arr):
    return (torch.from_numpy(np.transpose(arr, (2, 0, 1))).float()/255.0)

def chw_to_hwc(arr):
    arr_np = arr.cpu().numpy()
    return np.transpose(arr_np, (1, 2, 0))

def imgs_to_device(batch_imgs,dev):
    return [hwc_to_chw_unit(arr).to(dev) for arr in batch_imgs]

def targets_to_device(batch_tgts,dev):
    return [{k: v.to(dev) for k, v in t.items()} for t in batch_tgts]

def draw_prediction(net,imgs,tgts,fname="preview.png"):
    """
    imgs / tgts: lists already on the device, as the detector takes them

    """

    net.eval()
    guess = net(imgs)[0]
    truth = tgts[0]
    out_path = "previews/"+fname

    figure,axis = plt.subplots(1,1,figsize=(10,10))

    show_img = chw_to_hwc(imgs[0])

    axis.imshow(show_img)

    # red: predicted
    for b in guess["boxes"]:
        corners = np.array(b.cpu().detach())
        x0,y0 = corners[0], corners[1]
        x1,y1 = corners[2], corners[3]
        bw = x1 - x0
        bh = y1 - y0
        patch = Rectangle((x0, y0), bw, bh, linewidth=1, edgecolor='r', facecolor='none')
        axis.add_patch(patch)

    # blue: labelled
    if "boxes" in truth and len(truth["boxes"])>0:
        for b in truth["boxes"]:
            corners = np.array(b.cpu().detach())
            x0,y0 = corners[0], corners[1]
            x1,y1 = corners[2], corners[3]
            bw = x1 - x0
            bh = y1 - y0
            patch = Rectangle((x0, y0), bw, bh, linewidth=1, edgecolor='b', facecolor='none')
            axis.add_patch(patch)

    plt.savefig(out_path)
    # back to train mode
    net.train()

