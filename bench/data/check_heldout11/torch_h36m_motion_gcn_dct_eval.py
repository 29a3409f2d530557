#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Human3.6M motion prediction with a GCN on DCT coefficients (train, validate, test per action)."""
from __future__ import print_function, absolute_import, division

import os
import torch
import torch.nn as nn
import torch.optim
from torch.utils.data import DataLoader
from torch.autograd import Variable
import numpy as np
import pandas as pd

from utils import loss_funcs, utils as utils
from utils.opt import Options
from utils.h36motion import H36motion
import utils.model as nnmodel
import utils.data_utils as data_utils


def run_main(cfg_opt):
    first_epoch = 0
    best_err = 10000
    cur_lr = cfg_opt.lr
    on_gpu = torch.cuda.is_available()

    run_tag = os.path.basename(__file__).split('.')[0]
    run_tag = run_tag + "_in{:d}_out{:d}_dctn{:d}".format(cfg_opt.input_n, cfg_opt.output_n, cfg_opt.dct_n)

    # network
    n_in = cfg_opt.input_n
    n_out = cfg_opt.output_n
    n_dct = cfg_opt.dct_n
    frame_step = cfg_opt.sample_rate

    # 48 joint-angle nodes
    gcn_model = nnmodel.GCN(input_feature=n_dct, hidden_feature=cfg_opt.linear_size, p_dropout=cfg_opt.dropout,
                        num_stage=cfg_opt.num_stage, node_n=48)

    if on_gpu:
        gcn_model.cuda()

    adam_optimizer = torch.optim.Adam(gcn_model.parameters(), lr=cfg_opt.lr)

    # data sets
    train_motion_dataset = H36motion(path_to_data=cfg_opt.data_dir, actions='all', input_n=n_in, output_n=n_out,
                              split=0, sample_rate=frame_step, dct_n=n_dct)
    data_sd = train_motion_dataset.data_std
    data_mu = train_motion_dataset.data_mean

    val_motion_dataset = H36motion(path_to_data=cfg_opt.data_dir, actions='all', input_n=n_in, output_n=n_out,
                            split=2, sample_rate=frame_step, data_mean=data_mu, data_std=data_sd, dct_n=n_dct)

    # loaders
    train_batches_loader = DataLoader(
        dataset=train_motion_dataset,
        batch_size=cfg_opt.train_batch,
        shuffle=True,
        num_workers=cfg_opt.job,
        pin_memory=True)
    val_batches_loader = DataLoader(
        dataset=val_motion_dataset,
        batch_size=cfg_opt.test_batch,
        shuffle=False,
        num_workers=cfg_opt.job,
        pin_memory=True)

    action_names = data_utils.define_actions('all')
    test_data_by_act = dict()
    for action in action_names:
        test_motion_dataset = H36motion(path_to_data=cfg_opt.data_dir, actions=action, input_n=n_in, output_n=n_out, split=1,
                                 sample_rate=frame_step, data_mean=data_mu, data_std=data_sd, dct_n=n_dct)
        test_data_by_act[action] = DataLoader(
            dataset=test_motion_dataset,
            batch_size=cfg_opt.test_batch,
            shuffle=False,
            num_workers=cfg_opt.job,
            pin_memory=True)

    for epoch_i in range(first_epoch, cfg_opt.epochs):

        if (epoch_i + 1) % cfg_opt.lr_decay == 0:
            cur_lr = utils.lr_decay(adam_optimizer, cur_lr, cfg_opt.lr_gamma)
        print('epoch {} lr {:.5f}'.format(epoch_i + 1, cur_lr))
        log_row = np.array([epoch_i + 1])
        # one training pass
        cur_lr, loss_acc, ang_err, pos_err = train_epoch(train_batches_loader, gcn_model, adam_optimizer, n_in=n_in,
                                       cur_lr=cur_lr, clip_on=cfg_opt.max_norm, on_gpu=on_gpu,
                                       used_dims=train_motion_dataset.dim_used, n_dct=n_dct)
        log_row = np.append(log_row, [cur_lr, loss_acc, ang_err, pos_err])

        val_ang, val_pos = val_epoch(val_batches_loader, gcn_model, n_in=n_in, on_gpu=on_gpu, used_dims=train_motion_dataset.dim_used,
                        n_dct=n_dct)
        log_row = np.append(log_row, [val_ang, val_pos])

        for action in action_names:
            test_ang, test_pos = test_epoch(test_data_by_act[action], gcn_model, n_in=n_in, n_out=n_out, on_gpu=on_gpu,
                                   used_dims=train_motion_dataset.dim_used, n_dct=n_dct)
            log_row = np.append(log_row, test_ang)

        row_df = pd.DataFrame(np.expand_dims(log_row, axis=0))
        with open(cfg_opt.ckpt + '/' + run_tag + '.csv', 'a') as fh:
            row_df.to_csv(fh, header=False, index=False)
        if not np.isnan(val_ang):
            best_now = val_ang < best_err
            best_err = min(val_ang, best_err)
        else:
            best_now = False
        ckpt_names = ['ckpt_' + run_tag + '_best.pth.tar', 'ckpt_' + run_tag + '_last.pth.tar']
        utils.save_ckpt({'epoch': epoch_i + 1,
                         'lr': cur_lr,
                         'err': test_ang[0],
                         'state_dict': gcn_model.state_dict(),
                         'optimizer': adam_optimizer.state_dict()},
                        ckpt_path=cfg_opt.ckpt,
                        is_best=best_now,
                        file_name=ckpt_names)


def train_epoch(train_batches_loader, gcn_model, adam_optimizer, n_in=20, n_dct=20, cur_lr=None, clip_on=True, on_gpu=False, used_dims=[]):
    loss_acc = utils.AccumLoss()
    ang_err = utils.AccumLoss()
    pos_err = utils.AccumLoss()

    gcn_model.train()
    for i, (inputs_b, targets_b, full_seq) in enumerate(train_batches_loader):

        batch_n = inputs_b.shape[0]
        if batch_n == 1:
            continue

        if on_gpu:
            inputs_b = Variable(inputs_b.cuda()).float()
            full_seq = Variable(full_seq.cuda(non_blocking=True)).float()

        pred_dct = gcn_model(inputs_b)
        nb = pred_dct.shape[0]
        pred_dct = pred_dct.view(nb, -1)

        seq_loss = loss_funcs.sen_loss(pred_dct, full_seq, used_dims, n_dct)

        # backward and step
        adam_optimizer.zero_grad()
        seq_loss.backward()
        if clip_on:
            nn.utils.clip_grad_norm(gcn_model.parameters(), max_norm=1)
        adam_optimizer.step()
        nb, _, _ = full_seq.data.shape

        # position error
        pos_e = loss_funcs.mpjpe_error(pred_dct, full_seq, n_in, used_dims, n_dct)

        # joint-angle error
        ang_e = loss_funcs.euler_error(pred_dct, full_seq, n_in, used_dims, n_dct)

        # running averages
        loss_acc.update(seq_loss.cpu().data.numpy()[0] * nb, nb)
        ang_err.update(ang_e.cpu().data.numpy()[0] * nb, nb)
        pos_err.update(pos_e.cpu().data.numpy()[0] * nb, nb)
    return cur_lr, loss_acc.avg, ang_err.avg, pos_err.avg


def test_epoch(train_batches_loader, gcn_model, n_in=20, n_out=50, n_dct=20, on_gpu=False, used_dims=[]):
    n_total = 0
    if n_out >= 25:
        eval_frames = [1, 3, 7, 9, 13, 24]
    elif n_out == 10:
        eval_frames = [1, 3, 7, 9]

    ang_err = np.zeros(len(eval_frames))
    pos_err = np.zeros(len(eval_frames))

    gcn_model.eval()
    for i, (inputs_b, targets_b, full_seq) in enumerate(train_batches_loader):
        if on_gpu:
            inputs_b = Variable(inputs_b.cuda()).float()
            full_seq = Variable(full_seq.cuda(non_blocking=True)).float()

        pred_dct = gcn_model(inputs_b)
        nb = pred_dct.shape[0]

        nb, n_frames, n_dims_full = full_seq.data.shape
        n_dims_used = len(used_dims)

        # back from DCT to the time domain
        _, idct_mat = data_utils.get_dct_matrix(n_frames)
        idct_mat = Variable(torch.from_numpy(idct_mat)).float().cuda()
        pred_t = pred_dct.view(-1, n_dct).transpose(0, 1)
        pred_exp = torch.matmul(idct_mat[:, :n_dct], pred_t).transpose(0, 1).contiguous().view(
            -1, n_dims_used, n_frames).transpose(1, 2)

        pred_em = full_seq.clone()
        used_dims = np.array(used_dims)
        pred_em[:, :, used_dims] = pred_exp
        pred_em = pred_em[:, n_in:, :].contiguous().view(-1, n_dims_full)
        targ_em = full_seq[:, n_in:, :].clone().contiguous().view(-1, n_dims_full)

        pred_em[:, 0:6] = 0
        targ_em[:, 0:6] = 0
        pred_em = pred_em.view(-1, 3)
        targ_em = targ_em.view(-1, 3)

        # exponential map -> Euler angles
        pred_euler = data_utils.rotmat2euler_torch(data_utils.expmap2rotmat_torch(pred_em))
        pred_euler = pred_euler.view(-1, n_dims_full).view(-1, n_out, n_dims_full)
        targ_euler = data_utils.rotmat2euler_torch(data_utils.expmap2rotmat_torch(targ_em))
        targ_euler = targ_euler.view(-1, n_dims_full).view(-1, n_out, n_dims_full)

        # exponential map -> 3-D joint positions
        targ_xyz = data_utils.expmap2xyz_torch(targ_em.view(-1, n_dims_full)).view(nb, n_out, -1, 3)
        pred_xyz = data_utils.expmap2xyz_torch(pred_em.view(-1, n_dims_full)).view(nb, n_out, -1, 3)

        # accumulate errors at the chosen frames
        for k in np.arange(0, len(eval_frames)):
            fr = eval_frames[k]
            ang_err[k] += torch.mean(torch.norm(pred_euler[:, fr, :] - targ_euler[:, fr, :], 2, 1)).cpu().data.numpy()[0] * nb
            pos_err[k] += torch.mean(torch.norm(
                targ_xyz[:, fr, :, :].contiguous().view(-1, 3) - pred_xyz[:, fr, :, :].contiguous().view(-1, 3), 2,
                1)).cpu().data.numpy()[0] * nb
        n_total += nb
    return ang_err / n_total, pos_err / n_total


def val_epoch(train_batches_loader, gcn_model, n_in=20, n_dct=20, on_gpu=False, used_dims=[]):
    ang_err = utils.AccumLoss()
    pos_err = utils.AccumLoss()

    gcn_model.eval()
    for i, (inputs_b, targets_b, full_seq) in enumerate(train_batches_loader):
        if on_gpu:
            inputs_b = Variable(inputs_b.cuda()).float()
            full_seq = Variable(full_seq.cuda(non_blocking=True)).float()

        pred_dct = gcn_model(inputs_b)
        nb = pred_dct.shape[0]
        pred_dct = pred_dct.view(nb, -1)

        nb, _, _ = full_seq.data.shape
        pos_e = loss_funcs.mpjpe_error(pred_dct, full_seq, n_in, used_dims, n_dct)
        ang_e = loss_funcs.euler_error(pred_dct, full_seq, n_in, used_dims, n_dct)

        ang_err.update(ang_e.cpu().data.numpy()[0] * nb, nb)
        pos_err.update(pos_e.cpu().data.numpy()[0] * nb, nb)
    return ang_err.avg, pos_err.avg


if __name__ == "__main__":
    parsed_opts = Options().parse()
    run_main(parsed_opts)
