import time
import os
import numpy as np
import cv2
import glob

import torch
import torch.optim as optim
import torch.nn as nn
from torch.autograd import Variable

import helpers as hp
import darknet53

def evaluate_split():
    """
    placeholder: score a split (not written yet)
    """

detector = darknet53.DarknetV3("data/yolov3.cfg")
detector.read_darknet_weights("data/yolov3.weights")
ON_GPU = torch.cuda.is_available()

if ON_GPU:
    detector.cuda()

tr_files, tr_boxes = sorted(glob.glob("data/train/images/*")), hp.read_box_files("data/train/annotations/", net_hw, src_hw)
va_files, va_boxes = sorted(glob.glob("data/valid/images/*")), hp.read_box_files("data/train/annotations", net_hw, src_hw)

tr_imgs = [cv2.imread(fp) for fp in tr_files]
va_imgs = [cv2.imread(fp) for fp in va_files]

net_hw = (608,608)
tr_sizes = [(arr.shape[1], arr.shape[0]) for arr in tr_imgs]
va_sizes = [(arr.shape[1], arr.shape[0]) for arr in va_imgs]

tr_imgs = list(map(hp.letterbox_tensor, tr_imgs, [net_hw for j in range(len(tr_imgs))]))
va_imgs = list(map(hp.letterbox_tensor, va_imgs, [net_hw for j in range(len(tr_imgs))]))

n_epochs = 2
step_size = 0.001
mom = 0.9
per_batch = 64
ON_GPU = torch.cuda.is_available()

# group the frames into batches
tail = 0
if len(tr_imgs) % per_batch:
    tail = 1

if per_batch != 1:
    n_batches = len(tr_imgs) // per_batch + tail
    tr_imgs = [torch.cat((tr_imgs[j*per_batch : min((j +  1)*per_batch, len(tr_imgs))])) for j in range(n_batches)]

sgd = optim.SGD(detector.parameters(), lr=step_size, momentum=mom)

heads = detector.heads
for head in heads:
    head.seen = detector.seen

detector.train()
for ep in range(n_epochs):

    for chunk in tr_imgs:
        if ON_GPU:
            chunk.cuda()

