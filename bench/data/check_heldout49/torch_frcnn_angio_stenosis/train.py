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
import numpy as np
from detector_def import LesionFinder
from torch.utils.tensorboard import SummaryWriter
from angio_data import *
from viz_utils import *
import torchvision
from matplotlib.patches import Rectangle
import matplotlib.pyplot as plt


# device
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.cuda.empty_cache()


# data
frames_dir = 'data/frames'
boxes_dir = 'data/boxes'
dl_train, dl_dev, dl_test = three_way_loaders(frames_dir, boxes_dir, batch=7, frac_dev=0.15, frac_test=0.15)

print("loaders ready")
# detector
arch = "Faster RCNN Resnet 50"
finder = LesionFinder(arch)
finder.build()
net = finder.model
net.to(device)

sgd = optim.SGD(net.parameters(), lr=0.005, momentum=0.9, weight_decay=0.0005)

tb = SummaryWriter("runs/stenosis")

def run_passes(n_pass, m, tr_batches, dev_batches, global_step=0):
    """
    one or more passes over the training batches, then the dev loss
    """
    for ep in range(n_pass):
        # train pass
        m.train()
        for b, pair in enumerate(tr_batches):
            raw_imgs, raw_targets = pair
            imgs_dev = imgs_to_device(raw_imgs,device)
            tgts_dev = targets_to_device(raw_targets,device)
            if b%300==0 and b>0:
                draw_prediction(net,imgs_dev,tgts_dev,"tr_"+str(b)+"_ep_"+str(n_ep)+".png")
            sgd.zero_grad()
            parts = m(imgs_dev, tgts_dev)
            total = sum(part for part in parts.values())
            total.backward()
            sgd.step()

            # log the loss parts
            tb.add_scalar("train/total", total.item(), global_step)
            tb.add_scalar("train/cls", parts['loss_classifier'].item(), global_step)
            tb.add_scalar("train/box",parts['loss_box_reg'].item(), global_step)
            tb.add_scalar("train/rpn_box", parts['loss_rpn_box_reg'].item(), global_step)
            tb.add_scalar("train/obj",parts['loss_objectness'].item(), global_step)
            global_step+=1

        # dev pass
        with torch.no_grad():
            dev_sum = 0
            for b, pair in enumerate(dev_batches):
                raw_imgs, raw_targets = pair
                imgs_dev = imgs_to_device(raw_imgs,device)
                tgts_dev = targets_to_device(raw_targets,device)
                parts = m(imgs_dev, tgts_dev)
                dev_sum += sum(part for part in parts.values()).item()
            dev_mean = dev_sum / len(dev_batches)
            tb.add_scalar("dev/total", dev_mean, ep)

    return global_step



def fit(n_rounds, tr_batches, dev_batches):
    steps_so_far = 0
    print("running on",device)
    print("training begins")
    for r in range(n_rounds):
        print("round",r)
        peek_imgs, peek_targets = next(iter(tr_batches))
        peek_dev = imgs_to_device(peek_imgs,device)
        peek_tgt_dev = targets_to_device(peek_targets,device)
        draw_prediction(net,peek_dev,peek_tgt_dev,"peek"+str(r)+".png")
        steps_now = run_passes(1, net, tr_batches, dev_batches, steps_so_far)
        steps_so_far+=steps_now
    print("done")


tb.close()

fit(3, dl_train, dl_dev)

# keep the whole module
torch.save(net, "saved_models/stenosis_frcnn.pth")