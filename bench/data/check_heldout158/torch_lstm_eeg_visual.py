# Command-line options
import argparse
parser = argparse.ArgumentParser(description="Template")

# EEG data (already band-pass filtered), block design
parser.add_argument('-ed', '--eeg-dataset', default="/data/eeg_cvpr_2017/eeg_55_95_std.pth", help="EEG dataset path")
# index splits over all subjects
parser.add_argument('-sp', '--splits-path', default="/data/eeg_cvpr_2017/block_splits_by_image_all.pth", help="splits path")

parser.add_argument('-sn', '--split-num', default=0, type=int, help="split number")

# which subject to keep (0 keeps everyone)
parser.add_argument('-sub','--subject', default=0   , type=int, help="choose a subject from 1 to 6, default is 0 (all subjects)")

# time crop of each EEG trace (in samples)
parser.add_argument('-tl', '--time_low', default=40, type=float, help="lowest time value")
parser.add_argument('-th', '--time_high', default=480,  type=float, help="highest time value")

# classifier choice and its settings
parser.add_argument('-mt','--model_type', default='lstm', help='specify which generator should be used: lstm|EEGChannelNet')
parser.add_argument('-mp','--model_params', default='', nargs='*', help='list of key=value pairs of model options')
parser.add_argument('--pretrained_net', default='', help="path to pre-trained net (to continue training)")
parser.add_argument('--log_dir', default='', help="(to continue training)")
parser.add_argument('--name', default='', type=str)

# optimisation settings
parser.add_argument("-b", "--batch_size", default=16, type=int, help="batch size")
parser.add_argument('-o', '--optim', default="Adam", help="optimizer")
parser.add_argument('-lr', '--learning-rate', default=0.0001, type=float, help="learning rate")
parser.add_argument('-lrdb', '--learning-rate-decay-by', default=0.5, type=float, help="learning rate decay factor")
parser.add_argument('-lrde', '--learning-rate-decay-every', default=10, type=int, help="learning rate decay period")
parser.add_argument('-dw', '--data-workers', default=4, type=int, help="data loading workers")
parser.add_argument('-e', '--epochs', default=200, type=int, help="training epochs")
parser.add_argument('-osz', '--output_size', default=256, type=int, help="lstm output size")

# checkpoint frequency
parser.add_argument('-sc', '--saveCheck', default=1, type=int, help="learning rate")

# device
parser.add_argument('--no-cuda', default=False, help="disable CUDA", action="store_true")

opt = parser.parse_args()
print(opt)

import sys
import os
import random
import math
import time
import torch; torch.utils.backcompat.broadcast_warning.enabled = True
from torch.utils.data import DataLoader
from torchvision import transforms, datasets
import torch.nn as nn
import torch.nn.functional as F
import torch.optim
import torch.backends.cudnn as cudnn; cudnn.benchmark = True
from scipy.fftpack import fft, rfft, fftfreq, irfft, ifft, rfftfreq
from scipy import signal
import numpy as np
import models
import importlib
from tqdm import tqdm
from tensorboardX import SummaryWriter
from datetime import datetime

import matplotlib.pyplot as plt
from sklearn.metrics import confusion_matrix
import seaborn as sn
import pandas as pd

# Holds the EEG records
class EEGDataset:
    
    def __init__(self, eeg_signals_path):
        # read the whole serialized EEG file
        loaded = torch.load(eeg_signals_path)
        if opt.subject!=0:
            self.data = [loaded['dataset'][i] for i in range(len(loaded['dataset']) ) if loaded['dataset'][i]['subject']==opt.subject]
        else:
            # keep only four records (the classes that scored best)
            self.data = []  
            self.data.extend([loaded['dataset'][5], loaded['dataset'][10], loaded['dataset'][36], loaded['dataset'][39]])    
        self.labels = loaded["labels"]
        self.images = loaded["images"]
        
        self.size = len(self.data)

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        # crop and transpose one trace
        eeg = self.data[i]["eeg"].float().t()
        eeg = eeg[int(opt.time_low):int(opt.time_high),:]

        if opt.model_type == "model10":
            eeg = eeg.t()
            eeg = eeg.view(1,128,opt.time_high-opt.time_low)
        label = self.data[i]["label"]
        return eeg, label

# Index view of one split
class Splitter:

    def __init__(self, dataset, split_path, split_num=0, split_name="train"):
        self.dataset = dataset
        loaded = torch.load(split_path)
        # keep the split indices of the same four records only
        self.split_idx = []
        self.split_idx.extend([loaded["splits"][split_num][split_name][5], loaded["splits"][split_num][split_name][10], loaded["splits"][split_num][split_name][36], loaded["splits"][split_num][split_name][39]])
        
        for i in range(len(self.split_idx)):
            self.split_idx[i] = i

        # drop traces whose length is out of range
        self.split_idx = [i for i in self.split_idx if 450 <= self.dataset.data[i]["eeg"].size(1) <= 600]
        self.size = len(self.split_idx)

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        eeg, label = self.dataset[self.split_idx[i]]
        return eeg, label


dataset = EEGDataset(opt.eeg_dataset)    

# one loader per split
loaders = {split: DataLoader(Splitter(dataset, split_path = opt.splits_path, split_num = opt.split_num, split_name = split), batch_size = opt.batch_size, drop_last = False, shuffle = False) for split in ["train", "val", "test"]}

model_options = {key: int(value) if value.isdigit() else (float(value) if value[0].isdigit() else value) for (key, value) in [x.split("=") for x in opt.model_params]}

# build the classifier and its optimizer
module = importlib.import_module("models." + opt.model_type)
model = module.Model(**model_options)
print(model)
optimizer = getattr(torch.optim, opt.optim)(model.parameters(), lr = opt.learning_rate)

if not opt.no_cuda:
    model.cuda()
    print("Copied to CUDA")

if opt.pretrained_net != '':
        model = torch.load(opt.pretrained_net)
        print(model)
        
        log_dir = opt.log_dir

        train_logdir = os.path.join(log_dir, 'train')
        train_writer = SummaryWriter(train_logdir)

        val_logdir = os.path.join(log_dir, 'val')
        val_writer = SummaryWriter(val_logdir)

        test_logdir = os.path.join(log_dir, 'test')
        test_writer = SummaryWriter(test_logdir)
else:
    # fresh run: new log folder
    log_dir = os.path.join("logs/fit", opt.name, datetime.now().strftime("%Y%m%d-%H%M%S"))

    train_logdir = os.path.join(log_dir, 'train')
    os.makedirs(train_logdir, exist_ok=True)
    train_writer = SummaryWriter(train_logdir)

    val_logdir = os.path.join(log_dir, 'val')
    os.makedirs(val_logdir, exist_ok=True)
    val_writer = SummaryWriter(val_logdir)

    test_logdir = os.path.join(log_dir, 'test')
    os.makedirs(test_logdir, exist_ok=True)
    test_writer = SummaryWriter(test_logdir)

# per-epoch history
losses_per_epoch={"train":[], "val":[],"test":[]}
accuracies_per_epoch={"train":[],"val":[],"test":[]}

best_accuracy = 0
best_accuracy_val = 0
best_epoch = 0

predicted_labels = [] 
correct_labels = []

for epoch in range(1, opt.epochs+1):
    losses = {"train": 0, "val": 0, "test": 0}
    accuracies = {"train": 0, "val": 0, "test": 0}
    counts = {"train": 0, "val": 0, "test": 0}
    # step decay, SGD only
    if opt.optim == "SGD":
        lr = opt.learning_rate * (opt.learning_rate_decay_by ** (epoch // opt.learning_rate_decay_every))
        for param_group in optimizer.param_groups:
            param_group['lr'] = lr
    for split in ("train", "val", "test"):
        total_steps = len(loaders[split])
        if split == "train":
            model.train()
            torch.set_grad_enabled(True)
        else:
            model.eval()
            torch.set_grad_enabled(False)  
        for step, (input, target) in enumerate(tqdm(loaders[split])):
            if not opt.no_cuda:
                input = input.to("cuda") 
                target = target.to("cuda") 
            print("input shape", input.shape)
            print("target shape", target.shape)
            output = model(input)
            print("out shape", output.shape)

            loss = F.cross_entropy(output, target)
            losses[split] += loss.item()
            _,pred = output.data.max(1)
            correct = pred.eq(target.data).sum().item()
            accuracy = correct/input.data.size(0)   
            accuracies[split] += accuracy
            counts[split] += 1
            if split == "train":
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        
        if split == "train":
            train_writer.add_scalar("Loss/epoch", losses[split] / total_steps, epoch + 1)
            train_writer.add_scalar("Accuracy/epoch", accuracies[split]/counts[split], epoch + 1)
        elif split == "val":
            val_writer.add_scalar("Loss/epoch", losses[split] / total_steps, epoch + 1)
            val_writer.add_scalar("Accuracy/epoch", accuracies[split]/counts[split], epoch + 1)
        else:
            test_writer.add_scalar("Loss/epoch", losses[split] / total_steps, epoch + 1)
            test_writer.add_scalar("Accuracy/epoch", accuracies[split]/counts[split], epoch + 1)
    
    if accuracies["val"]/counts["val"] >= best_accuracy_val:
        best_accuracy_val = accuracies["val"]/counts["val"]
        best_accuracy = accuracies["test"]/counts["test"]
        best_epoch = epoch
    
    TrL,TrA,VL,VA,TeL,TeA = losses["train"]/counts["train"],accuracies["train"]/counts["train"],losses["val"]/counts["val"],accuracies["val"]/counts["val"],losses["test"]/counts["test"],accuracies["test"]/counts["test"]
    print("Model: {11} - Subject {12} - Time interval: [{9}-{10}]  [{9}-{10} Hz] - Epoch {0}: TrL={1:.4f}, TrA={2:.4f}, VL={3:.4f}, VA={4:.4f}, TeL={5:.4f}, TeA={6:.4f}, TeA at max VA = {7:.4f} at epoch {8:d}".format(epoch,
                                                                                                         losses["train"]/counts["train"],
                                                                                                         accuracies["train"]/counts["train"],
                                                                                                         losses["val"]/counts["val"],
                                                                                                         accuracies["val"]/counts["val"],
                                                                                                         losses["test"]/counts["test"],
                                                                                                         accuracies["test"]/counts["test"],
                                                                                                         best_accuracy, best_epoch, opt.time_low, opt.time_high, opt.model_type, opt.subject))
    losses_per_epoch['train'].append(TrL)
    losses_per_epoch['val'].append(VL)
    losses_per_epoch['test'].append(TeL)
    accuracies_per_epoch['train'].append(TrA)
    accuracies_per_epoch['val'].append(VA)
    accuracies_per_epoch['test'].append(TeA)

    if epoch%opt.saveCheck == 0:
                state_dict = model.state_dict()
                torch.save(state_dict, '%s_%d_subject%d_epoch_%d.pth' % (opt.model_type, opt.output_size, opt.subject, epoch))

train_writer.close()
val_writer.close()
test_writer.close()
