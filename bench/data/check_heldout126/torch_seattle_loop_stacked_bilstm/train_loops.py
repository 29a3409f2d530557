# -*- coding: utf-8 -*-
"""
Training loops for the stacked (bi)directional LSTM speed models.

PyTorch 0.3-era code (Variable, .data[0]-style indexing).
"""

import torch.utils.data as utils
import torch.nn.functional as F
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.nn.parameter import Parameter
import math
import numpy as np
import pandas as pd
import time

from models import *


def fit_plain_lstm(fit_loader, check_loader, n_epochs = 3):
    
    xb, yb = next(iter(fit_loader))
    [bs, n_steps, n_feat] = xb.size()
    d_in = n_feat
    d_hid = n_feat
    d_out = n_feat
    
    net = LSTM(d_in, d_hid, d_out)
    
    net.cuda()
    
    mse_fn = torch.nn.MSELoss()
    l1_fn = torch.nn.L1Loss()
    
    lr = 1e-5
    opt = torch.optim.RMSprop(net.parameters(), lr = lr)
    
    on_gpu = torch.cuda.is_available()
    
    every = 100
    fit_losses = []
    fit_loss_means = []
    check_losses = []
    check_loss_means = []
    
    t_now = time.time()
    t_prev = time.time()
    
    for ep in range(n_epochs):
        print('pass {} of {}'.format(ep, n_epochs - 1))
        print('=' * 12)
        
        n_steps_done = 0
        
        check_iter = iter(check_loader)

        for batch in fit_loader:
            xb, yb = batch

            if xb.shape[0] != bs:
                continue

            if on_gpu:
                xb, yb = Variable(xb.cuda()), Variable(yb.cuda())
            else: 
                xb, yb = Variable(xb), Variable(yb)
                
            net.zero_grad()

            pred = net(xb)
            
            target_seq = torch.cat((xb[:,1:,:], yb), dim = 1)

            fit_loss = mse_fn(pred, target_seq)
        
            fit_losses.append(fit_loss.data)
            
            opt.zero_grad()
            
            fit_loss.backward()
            
            opt.step()
            
             # one step on a validation batch
            try: 
                xb_chk, yb_chk = next(check_iter)
            except StopIteration:
                check_iter = iter(check_loader)
                xb_chk, yb_chk = next(check_iter)
            
            if on_gpu:
                xb_chk, yb_chk = Variable(xb_chk.cuda()), Variable(yb_chk.cuda())
            else: 
                xb_chk, yb_chk = Variable(xb_chk), Variable(yb_chk)

            target_seq_chk = torch.cat((xb_chk[:,1:,:], yb_chk), dim = 1)
            
            pred_chk = net(xb_chk)
            
            chk_loss = mse_fn(pred_chk, target_seq_chk)
    
            check_losses.append(chk_loss.data)
            
            # progress report
            n_steps_done += 1
            
            if n_steps_done % every == 0:
                t_now = time.time()
                fit_mean = np.around(sum(fit_losses[-every:]).cpu().numpy()[0]/every, decimals=8)
                fit_loss_means.append(fit_mean)
                chk_mean = np.around(sum(check_losses[-every:]).cpu().numpy()[0]/every, decimals=8)
                check_loss_means.append(chk_mean)
                print('samples seen: {}, fit loss: {}, check loss: {}, seconds: {}'.format(\
                                                                                         n_steps_done * bs, \
                                                                                         fit_mean,\
                                                                                         chk_mean,\
                                                                                         np.around([t_now - t_prev], decimals=8) ) )
                t_prev = t_now

    return net, [fit_losses, fit_loss_means, check_losses, check_loss_means]

def fit_bidir_lstm(fit_loader, check_loader, n_epochs = 3):
    
    xb, yb = next(iter(fit_loader))
    [bs, n_steps, n_feat] = xb.size()
    d_in = n_feat
    d_hid = n_feat
    d_out = n_feat
    
    net = BiLSTM(d_in, d_hid, d_out)
    
    net.cuda()
    
    mse_fn = torch.nn.MSELoss()
    l1_fn = torch.nn.L1Loss()
    
    lr = 1e-5
    opt = torch.optim.RMSprop(net.parameters(), lr = lr)
    on_gpu = torch.cuda.is_available()
    
    every = 100
    fit_losses = []
    fit_loss_means = []
    check_losses = []
    check_loss_means = []
    
    t_now = time.time()
    t_prev = time.time()
    
    for ep in range(n_epochs):
        print('pass {} of {}'.format(ep, n_epochs - 1))
        print('=' * 12)
        
        n_steps_done = 0
        
        check_iter = iter(check_loader)

        for batch in fit_loader:
            xb, yb = batch

            if xb.shape[0] != bs:
                continue

            if on_gpu:
                xb, yb = Variable(xb.cuda()), Variable(yb.cuda())
            else: 
                xb, yb = Variable(xb), Variable(yb)
            
            net.zero_grad()

            pred = net(xb)
            
            target_seq = torch.cat((xb[:,1:,:], yb), dim = 1)

            fit_loss = mse_fn(pred, target_seq)
        
            fit_losses.append(fit_loss.data)
            
            opt.zero_grad()
            
            fit_loss.backward()
            
            opt.step()
            
             # one step on a validation batch
            try: 
                xb_chk, yb_chk = next(check_iter)
            except StopIteration:
                check_iter = iter(check_loader)
                xb_chk, yb_chk = next(check_iter)
            
            if on_gpu:
                xb_chk, yb_chk = Variable(xb_chk.cuda()), Variable(yb_chk.cuda())
            else: 
                xb_chk, yb_chk = Variable(xb_chk), Variable(yb_chk)

                
            net.zero_grad()

            target_seq_chk = torch.cat((xb_chk[:,1:,:], yb_chk), dim = 1)
            
            pred_chk = net(xb_chk)
            
#             h_chk, c_chk = net.loop(xb_chk)

            chk_loss = mse_fn(pred_chk, target_seq_chk)
#             chk_loss = mse_fn(h_chk, yb_chk)
    
            check_losses.append(chk_loss.data)
            
            # progress report
            n_steps_done += 1
            
            if n_steps_done % every == 0:
                t_now = time.time()
                fit_mean = np.around(sum(fit_losses[-every:]).cpu().numpy()[0]/every, decimals=8)
                fit_loss_means.append(fit_mean)
                chk_mean = np.around(sum(check_losses[-every:]).cpu().numpy()[0]/every, decimals=8)
                check_loss_means.append(chk_mean)
                print('samples seen: {}, fit loss: {}, check loss: {}, seconds: {}'.format(\
                                                                                         n_steps_done * bs, \
                                                                                         fit_mean,\
                                                                                         chk_mean,\
                                                                                         np.around([t_now - t_prev], decimals=8) ) )
                t_prev = t_now

    return net, [fit_losses, fit_loss_means, check_losses, check_loss_means]

def fit_stacked_bidir_lstm(fit_loader, check_loader, n_epochs = 3):
    
    xb, yb = next(iter(fit_loader))
    [bs, n_steps, n_feat] = xb.size()
    d_in = n_feat
    d_hid = n_feat
    d_out = n_feat
    
#     net = StackedBiLSTM(d_in, d_hid, d_out)

    net = nn.Sequential(BiLSTM(d_in, d_hid, d_out), LSTM(d_in, d_hid, d_out))
    
    net.cuda()
    
    mse_fn = torch.nn.MSELoss()
    l1_fn = torch.nn.L1Loss()
    
    lr = 1e-5
    opt = torch.optim.RMSprop(net.parameters(), lr = lr)
    on_gpu = torch.cuda.is_available()
    
    every = 100
    fit_losses = []
    fit_loss_means = []
    check_losses = []
    check_loss_means = []
    
    t_now = time.time()
    t_prev = time.time()
    
    for ep in range(n_epochs):
        print('pass {} of {}'.format(ep, n_epochs - 1))
        print('=' * 12)
        
        n_steps_done = 0
        
        check_iter = iter(check_loader)

        for batch in fit_loader:
            xb, yb = batch

            if xb.shape[0] != bs:
                continue

            if on_gpu:
                xb, yb = Variable(xb.cuda()), Variable(yb.cuda())
            else: 
                xb, yb = Variable(xb), Variable(yb)
            
            net.zero_grad()

            pred = net(xb)
            
            target_seq = torch.cat((xb[:,1:,:], yb), dim = 1)

            fit_loss = mse_fn(pred, target_seq)
        
            fit_losses.append(fit_loss.data)
            
            opt.zero_grad()
            
            fit_loss.backward()
            
            opt.step()
            
             # one step on a validation batch
            try: 
                xb_chk, yb_chk = next(check_iter)
            except StopIteration:
                check_iter = iter(check_loader)
                xb_chk, yb_chk = next(check_iter)
            
            if on_gpu:
                xb_chk, yb_chk = Variable(xb_chk.cuda()), Variable(yb_chk.cuda())
            else: 
                xb_chk, yb_chk = Variable(xb_chk), Variable(yb_chk)

                
            net.zero_grad()

            target_seq_chk = torch.cat((xb_chk[:,1:,:], yb_chk), dim = 1)
            
            pred_chk = net(xb_chk)
            
#             h_chk, c_chk = net.loop(xb_chk)

            chk_loss = mse_fn(pred_chk, target_seq_chk)
#             chk_loss = mse_fn(h_chk, yb_chk)
    
            check_losses.append(chk_loss.data)
            
            # progress report
            n_steps_done += 1
            
            if n_steps_done % every == 0:
                t_now = time.time()
                fit_mean = np.around(sum(fit_losses[-every:]).cpu().numpy()[0]/every, decimals=8)
                fit_loss_means.append(fit_mean)
                chk_mean = np.around(sum(check_losses[-every:]).cpu().numpy()[0]/every, decimals=8)
                check_loss_means.append(chk_mean)
                print('samples seen: {}, fit loss: {}, check loss: {}, seconds: {}'.format(\
                                                                                         n_steps_done * bs, \
                                                                                         fit_mean,\
                                                                                         chk_mean,\
                                                                                         np.around([t_now - t_prev], decimals=8) ) )
                t_prev = t_now

    return net, [fit_losses, fit_loss_means, check_losses, check_loss_means]
