import argparse

from torch.nn.modules import dropout
from utils.utils import normtensor, tensor2np, wandb_mask

from model.metric import cal_iou, get_iou_score
import os
from model.loss import DiceLoss
from model.config import BATCH_SIZE, DATA_PATH, DROP_RATE, EPOCHS, INPUT_SIZE, LEARNING_RATE, N_CLASSES, RUN_NAME, SAVE_PATH, START_FRAME

import torch
import wandb
import time
import numpy as np
from tqdm import tqdm
from torch import optim
from torch import nn
from model.model import UNet, UNet_ResNet
from utils.dataset import TGSDataset, get_dataloader
from utils.utils import show_dataset, show_image_mask

import matplotlib.pyplot as plt

def read_options():
    """command-line options"""
    ap = argparse.ArgumentParser(description='Salt body segmentation training')
    ap.add_argument('--run', type=str, default='demo', help="name of the run")
    ap.add_argument('--model', type=str, default='Unet', help="which network")
    ap.add_argument('--dropout', type=float, default=DROP_RATE, help="dropout probability")
    ap.add_argument('--epoch', type=int, default=EPOCHS, help="epochs to run")
    ap.add_argument('--startfm', type=int, default=START_FRAME, help="filters in the first block")
    ap.add_argument('--batchsize', type=int, default=BATCH_SIZE, help="samples per step")
    ap.add_argument('--lr', type=float, default=LEARNING_RATE, help="step size of Adam")
    ap.add_argument('--size', type=int, default=INPUT_SIZE, help="padded input side")
    ap.add_argument('--tuning', action='store_true', help="skip the image logging")

    opts = ap.parse_args()
    return opts

def fit_epoch(net, dev, loader, opt, crit):
    net.train()
    loss_sum = 0
    logged, scores = [], []
    for step, (x, y) in enumerate(loader):
        # batch onto the device
        x, y = x.to(dev), y.to(dev)

        # forward
        logits = net(x)
        loss = crit(logits, y)

        # score of the batch
        scores.append(get_iou_score(logits, y).mean())
        loss_sum += (loss.item())
        
        # clear, backward, update
        opt.zero_grad()

        loss.backward()
        opt.step()

        # keep one picture of every tenth batch for the dashboard
        if ((step + 1) % 10) == 0 and not opts.tuning:
            shown = normtensor(logits[0])
            pic, shown, gt = tensor2np(x[0]), tensor2np(shown), tensor2np(y[0])
            logged.append(wandb_mask(pic, shown, gt))
            
    avg_iou = np.mean(scores)
    avg_loss = loss_sum/len(loader)
    if not opts.tuning:
        wandb.log({'Train loss': avg_loss, 'Train IoU': avg_iou, 'Train prediction': logged})
    else: 
        wandb.log({'Train loss': avg_loss, 'Train IoU': avg_iou})

    return avg_loss, avg_iou
    
def check_epoch(net, dev, loader, crit, top_iou):
    net.eval()
    loss_sum = 0
    logged, scores  = [], []
    with torch.no_grad():
        for step, (x, y) in enumerate(loader):
            x, y = x.to(dev), y.to(dev)

            logits = net(x)
            loss = crit(logits, y)

            loss_sum += loss.item()
            scores.append(get_iou_score(logits, y).mean())

            # one picture per batch for the dashboard
            if ((step + 1) % 1) == 0 and not opts.tuning:
                shown = normtensor(logits[0])
                pic, shown, gt = tensor2np(x[0]), tensor2np(shown), tensor2np(y[0])
                logged.append(wandb_mask(pic, shown, gt))

    avg_loss = loss_sum/len(loader)
    avg_iou = np.mean(scores)
    if not opts.tuning:
        wandb.log({'Valid loss': avg_loss, 'Valid IoU': avg_iou, 'Prediction': logged})
    else:
        wandb.log({'Valid loss': avg_loss, 'Valid IoU': avg_iou})
    
    if avg_iou>top_iou and not opts.tuning:
    # write onnx and state dict
        try:
            torch.onnx.export(net, x, SAVE_PATH+RUN_NAME+'.onnx')
            torch.save(net.state_dict(), SAVE_PATH+RUN_NAME+'.pth')
        except:
            print('could not write the weights')

    return avg_loss, avg_iou

if __name__ == '__main__':
    opts = read_options()

    # wandb run settings
    settings = dict(
        model       = opts.model,
        dropout     = opts.dropout,
        lr          = opts.lr,
        batchsize   = opts.batchsize,
        epoch       = opts.epoch,
        startfm     = opts.startfm,
        size        = opts.size
    )
    
    RUN_NAME = opts.run
    INPUT_SIZE = opts.size

    run = wandb.init(project="salt-seg", tags=['Unet'], config=settings)
    data_art = wandb.Artifact('salt-data', type='dataset')

    # pick the device
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    print("device:", dev)

    try:
        data_art.add_dir(DATA_PATH)
        run.log_artifact(data_art)
    except:
        data_art     = run.use_artifact('salt-data:latest')
        data_dir = data_art.download(DATA_PATH)


    # data
    full_set = TGSDataset(DATA_PATH)
    fit_loader, check_loader = get_dataloader(dataset=full_set, batch_size=opts.batchsize)

    # network, loss, optimiser
    n_out = N_CLASSES
    n_epochs = opts.epoch

    if opts.model == 'Unet':
        net = UNet(start_fm=opts.startfm).to(dev)
    else:
        net = UNet_ResNet(dropout=opts.dropout, start_fm=opts.startfm).to(dev)

    crit = nn.BCEWithLogitsLoss()

    # crit = WeightedCE()
    opt   = optim.Adam(net.parameters(), lr=opts.lr)

    # let wandb follow the gradients
    run.watch(models=net, criterion=crit, log='all', log_freq=10)

    # epochs
    top_iou = -1

    for ep in range(n_epochs):
        t0 = time.time()
        fit_loss, fit_iou = fit_epoch(net, dev, fit_loader, opt, crit)
        t1 = time.time()
        print(f'Epoch: {ep} | fit loss: {fit_loss:.3f} | fit IoU: {fit_iou:.3f} | {(t1-t0):.1f}s')
        chk_loss, chk_iou = check_epoch(net, dev, check_loader, crit, top_iou)
        print(f'Epoch: {ep} | check loss: {chk_loss:.3f} | check IoU: {chk_iou:.3f} | {(t1-t0):.1f}s')
        
        # run summary
        if top_iou < chk_iou:
            top_iou = chk_iou
            wandb.run.summary["best_accuracy"] = top_iou

    if not opts.tuning:
        weights_art = wandb.Artifact(RUN_NAME, type='weights')
        weights_art.add_file(SAVE_PATH+RUN_NAME+'.onnx')
        weights_art.add_file(SAVE_PATH+RUN_NAME+'.pth')
        wandb.log_artifact(weights_art)
    # later: evaluation
