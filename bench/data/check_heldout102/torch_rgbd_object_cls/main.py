#!/usr/bin/env python3

# -----------------------------------------------------------------
# Course project: object classifier for the RGB-D object crops
# Trains a small CNN and keeps a checkpoint every epoch
# Follows a linear-regression-in-pytorch style tutorial loop
# -----------------------------------------------------------------
#

import argparse
import glob
import pickle
import random
from copy import deepcopy
from statistics import mean
import os
import numpy as np
import open3d as o3d
import matplotlib.pyplot as plt
import torch
from tqdm import tqdm
from model import Model
from dataset import Dataset
from colorama import Fore, Style
from sklearn.model_selection import train_test_split
from torchvision import transforms
from data_visualizer import DataVisualizer
from classification_visualizer import ClassificationVisualizer


def main():

    # -----------------------------------------------------------------
    # Setup
    # -----------------------------------------------------------------
    # Settings of the run
    continue_from_ckpt = True
    ckpt_file = 'model.pkl'
    dev = 'cuda:0' if torch.cuda.is_available() else 'cpu' # first gpu when present

    net = Model() # build the network

    lr_value = 0.001
    max_epochs = 100
    stop_loss = 0.01
    criterion = torch.nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=lr_value)
    categories = []
    categories_b = []

    # -----------------------------------------------------------------
    # Data
    # -----------------------------------------------------------------

    data_root = '/data/rgbd-dataset'

    category_dirs = glob.glob(data_root + '/*/')

    for d in category_dirs:
            pieces = d.split('/')
            piece = pieces[6]
            categories.append(piece)
    # print(categories)

    crop_files = glob.glob(data_root + '/*/*/*_crop.png' )

    # for crop_file in crop_files:
    #     pieces = crop_file.split('/')
    #     piece = pieces[6]
    #     categories_b.append(piece)



    # keep a random subset so that runs are quick
    crop_files = random.sample(crop_files, k=4000)

    #print(crop_files)
    #print(len(crop_files))

    # hold out a test part
    train_files, test_files = train_test_split(crop_files, test_size=0.2)

    # Build the data sets
    train_set = Dataset(train_files, categories)
    train_loader = torch.utils.data.DataLoader(dataset=train_set, batch_size=1000, shuffle=True)

    test_set = Dataset(test_files, categories)
    test_loader = torch.utils.data.DataLoader(dataset=test_set, batch_size=1000, shuffle=True)

    to_pil = transforms.ToPILImage()




    # -----------------------------------------------------------------
    # Training
    # -----------------------------------------------------------------
    # Loss plot
    loss_plot = DataVisualizer('Loss')
    loss_plot.draw([0,max_epochs], [stop_loss, stop_loss], layer='threshold', marker='--', markersize=1, color=[0.5,0.5,0.5], alpha=1, label='threshold', x_label='Epochs', y_label='Loss')

    test_plot = ClassificationVisualizer('Test Images')

    # Continue a previous run
    if continue_from_ckpt:
        state = torch.load(ckpt_file, map_location= dev)
        net.load_state_dict(state['model_state_dict'])
        opt.load_state_dict(state['optimizer_state_dict'])
        epoch_no = state['epoch']
        train_curve = state['train_losses']
        test_curve = state['test_losses']

        # net.train()
    else:
        epoch_no = 0
        train_curve = []
        test_curve = []
    # -----------

    net.to(dev) # put the weights on the gpu when there is one
    while True:

        # one pass over the training batches ---------------------------------
        batch_losses = []
        for b_idx, (img_t, lbl_t) in tqdm(enumerate(train_loader), total=len(train_loader), desc=Fore.GREEN + 'Train batches, epoch ' + str(epoch_no) +  Style.RESET_ALL):

            img_t = img_t.to(dev)
            lbl_t = lbl_t.to(dev)


            # predictions of the network
            lbl_pred = net.forward(img_t)


        #     print(lbl_t)
        #     print(lbl_pred)

        # exit(0)

            # error of the predictions
            loss = criterion(lbl_pred, lbl_t)

            # step of the optimiser
            opt.zero_grad() # clear old gradients
            loss.backward() # backpropagate
            opt.step() # apply the update


            batch_losses.append(loss.data.item())

        # mean loss of the epoch
        train_epoch_loss = mean(batch_losses)
        train_curve.append(train_epoch_loss)

        # test pass, batch by batch ---------------------------------------
        # TODO dropout
        eval_losses = []
        for b_idx, (img_t, lbl_t) in tqdm(enumerate(test_loader), total=len(test_loader), desc=Fore.GREEN + 'Test batches, epoch ' + str(epoch_no) +  Style.RESET_ALL):

            img_t = img_t.to(dev)
            lbl_t = lbl_t.to(dev)

            # predictions of the network
            lbl_pred = net.forward(img_t)

            # error of the predictions
            loss = criterion(lbl_pred, lbl_t)

            eval_losses.append(loss.data.item())

            # test_plot.draw(img_t, lbl_t, lbl_pred, categories)

        # mean test loss of the epoch
        test_epoch_loss = mean(eval_losses)
        test_curve.append(test_epoch_loss)

        # Plots
        # loss_plot.draw(list(range(0, len(train_curve))), train_curve, layer='train loss', marker='-', markersize=1, color=[0,0,0.7], alpha=1, label='Train Loss', x_label='Epochs', y_label='Loss')

        # loss_plot.draw(list(range(0, len(test_curve))), test_curve, layer='test loss', marker='-', markersize=1, color=[1,0,0.7], alpha=1, label='Test Loss', x_label='Epochs', y_label='Loss')

        # loss_plot.recomputeAxesRanges()

        print(Fore.BLUE + 'Epoch ' + str(epoch_no) + ' loss ' + str(train_epoch_loss) + Style.RESET_ALL)

        # write the checkpoint
        net.to('cpu')
        torch.save({
            'epoch': epoch_no,
            'model_state_dict': net.state_dict(),
            'optimizer_state_dict': opt.state_dict(),
            'train_losses': train_curve,
            'test_losses': test_curve,
            }, ckpt_file)
        net.to(dev)

        epoch_no += 1 # next epoch
        # when to stop
        if epoch_no > max_epochs:
            print('Done: epoch limit reached.')
            break
        elif train_epoch_loss < stop_loss:
            print('Done: loss target reached.')
            break


    # -----------------------------------------------------------------
    # End
    # -----------------------------------------------------------------


if __name__ == "__main__":
    main()
