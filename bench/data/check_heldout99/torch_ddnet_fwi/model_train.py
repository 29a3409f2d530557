# -*- coding: utf-8 -*-
"""
Three-stage curriculum training for the FWI networks
"""
from path_config import *
from fwi_utils import model_reader, add_gasuss_noise, magnify_amplitude_fornumpy
from datasets_reader import read_mat_range, read_npy_range
from net.InversionNet import InversionNet
from net.FCNVMB import FCNVMB
from net.DDNet70 import DDNet70Model, SDNet70Model, LossDDNet
from net.DDNet import DDNetModel, SDNetModel
from math import ceil

import time
import numpy as np
import torch
import torch.utils.data as data_utils
import gc
import torch.nn.functional as F

def build_net(ckpt_path="", arch="DDNet"):
    '''
    Build the requested network, optionally restore a checkpoint

    :param ckpt_path:   checkpoint .pkl to restore (empty: fresh weights)
    :param arch:        which network; one of
                        [DDNet | DDNet70 | InversionNet | FCNVMB | SDNet | SDNet70]
    :return:            (network, device, optimiser)
    '''

    has_gpu = torch.cuda.is_available()
    device = torch.device("cuda" if has_gpu else "cpu")
    gpu_ids = [0]

    # pick the network
    if arch == "DDNet":
        net = DDNetModel(n_classes=classes,
                         in_channels=inchannels,
                         is_deconv=True,
                         is_batchnorm=True)
    elif arch == "DDNet70":
        net = DDNet70Model(n_classes=classes,
                           in_channels=inchannels,
                           is_deconv=True,
                           is_batchnorm=True)
    elif arch == "SDNet":
        net = SDNetModel(n_classes=classes,
                         in_channels=inchannels,
                         is_deconv=True,
                         is_batchnorm=True)
    elif arch == "SDNet70":
        net = SDNet70Model(n_classes=classes,
                           in_channels=inchannels,
                           is_deconv=True,
                           is_batchnorm=True)
    elif arch == "InversionNet":
        net = InversionNet()
    elif arch == "FCNVMB":
        net = FCNVMB(n_classes=classes,
                     in_channels=inchannels,
                     is_deconv=True,
                     is_batchnorm=True)
    else:
        net = None
        print(
            'Unknown network name given to build_net(...);'
            ' please pick one of the listed architectures.')
        exit(0)

    # restore earlier weights
    if ckpt_path != "":
        net = model_reader(net=net, device=device, save_src=ckpt_path)

    # GPUs and optimiser
    if torch.cuda.is_available():
        net = torch.nn.DataParallel(net.cuda(), device_ids=gpu_ids)

    optimizer = torch.optim.Adam(net.parameters(), lr=learning_rate)

    return net, device, optimizer

def make_loader(stage = 3):
    '''
    Read the training split as configured in param_config

    :return:
    '''

    print("---------------------------------")
    print("· Reading the training data...")

    if dataset_name in ['SEGSalt', 'SEGSimulation']:
        gathers, targets = read_mat_range(data_dir, 1, train_size, "train")
    else:
        gathers, targets = read_npy_range(data_dir, 1, ceil(train_size / 500), "train")
        for n in range(gathers.shape[0]):
            v = targets[0][n][0]
            targets[0][n][0] = (v - np.min(v)) / (np.max(v) - np.min(v))

    if dataset_name in ['SEGSalt', 'SEGSimulation']:
        centre_shot = 15
        cut_a = 9
        cut_b = 18
    else:
        centre_shot = 2
        cut_a = 2
        cut_b = 4

    if stage == 1:
        for s in range(train_size):
            shot = gathers[s, centre_shot, :, :].copy()
            shot_noisy = add_gasuss_noise(shot.copy())
            shot_loud = magnify_amplitude_fornumpy(shot.copy())
            for c in range(cut_b, inchannels):
                gathers[s, c, :, :] = shot
            for c in range(cut_a, cut_b):
                gathers[s, c, :, :] = shot_loud
            for c in range(0, cut_a):
                gathers[s, c, :, :] = shot_noisy
    elif stage == 2:
        for s in range(train_size):
            shot = gathers[s, centre_shot, :, :].copy()
            for c in range(inchannels):
                gathers[s, c, :, :] = shot
    else:
        pass

    # training pairs
    pairs = data_utils.TensorDataset(
        torch.from_numpy(gathers).float(),
        torch.from_numpy(targets[0]).float(),
        torch.from_numpy(targets[1]).long())
    pair_loader = data_utils.DataLoader(
        pairs,
        batch_size=train_batch_size,
        pin_memory=True,
        shuffle=True)

    print("· Training samples: {}".format(train_size))
    print("· Gather tensor shape: ({},{},{},{})".format(train_size, inchannels, data_dim[0], data_dim[1]))
    print("· Velocity tensor shape: ({},{},{},{})".format(train_size, classes, model_dim[0], model_dim[1]))
    print("---------------------------------")

    return pair_loader, gathers, targets

def run_stage(n_epochs, net, loader, optimizer, n_saves = 1, tag = "CLstage1", arch = "DDNet"):
    '''
    Train for a fixed number of epochs

    :param n_epochs:    epochs of this stage
    :param net:         network being trained
    :param loader:      training DataLoader
    :param optimizer:   optimiser
    :param tag:         name used in the saved checkpoint
    :param n_saves:     how many checkpoints to write over the stage
    :param arch:        network name [DDNet | DDNet70 | InversionNet | FCNVMB]
    :return:            last checkpoint path
    '''

    stage_losses = []
    last_ckpt = ""
    n_steps = int(train_size / train_batch_size)       # optimiser steps per epoch
    save_every = n_epochs // n_saves
    elapsed_total = 0

    run_name = "{}_{}_TrSize{}_AllEpo{}".format(dataset_name, tag, train_size, n_epochs)

    for epoch in range(n_epochs):
        # one epoch
        epoch_loss = 0.0
        t0 = time.time()
        ############
        #  steps   #
        ############
        for i, (shots, vels, edges) in enumerate(loader):

            it = epoch * n_steps + i + 1
            net.train()

            # to the GPU
            if torch.cuda.is_available():
                shots = shots.cuda(non_blocking=True)
                vels = vels.cuda(non_blocking=True)
                edges = edges.cuda(non_blocking=True)

            # clear gradients
            optimizer.zero_grad()
            crit = LossDDNet(weights=loss_weight)

            if arch in ["DDNet", "DDNet70"]:
                preds = net(shots, model_dim)
                loss = crit(preds[0], preds[1], vels, edges)
            elif arch in ["SDNet", "SDNet70"]:
                pred = net(shots, model_dim)
                loss = F.mse_loss(pred, vels, reduction='sum') / (model_dim[0] * model_dim[1] * train_batch_size)
            else:
                print(
                    'Unknown network name given to run_stage(...);'
                    ' please pick one of the listed architectures.')
                exit(0)

            if np.isnan(float(loss.item())):
                raise ValueError('training loss became nan')

            # gradients
            loss.backward()

            # update
            optimizer.step()

            epoch_loss += loss.item()

            if it % display_step == 0:
                print('[{}] epoch {}/{}, step {}/{} --- loss {:.6f}'
                      .format(tag, epoch + 1, n_epochs, it, n_steps * n_epochs, loss.item()))

        ################################
        #        end of epoch          #
        ################################
        if (epoch + 1) % 1 == 0:

            # mean loss of the epoch
            print('[{}] epoch {:d} done, mean loss {:.5f}'
                  .format(tag, epoch + 1, epoch_loss / i))

            # keep it for the stage's loss curve
            stage_losses.append(epoch_loss / i)

            # time of the epoch
            dt = time.time() - t0
            print('[{}] epoch took {:.0f}m {:.0f}s'
                  .format(tag, dt // 60, dt % 60))
            elapsed_total += dt
        #########################################################################
        #                      checkpoint when due                              #
        #########################################################################
        if (epoch + 1) % save_every == 0:
            last_ckpt = models_dir + run_name + '_CurEpo' + str(epoch + 1) + '.pkl'
            torch.save(net.state_dict(), last_ckpt)
            print('[' + tag + '] checkpoint written: %d percent of the stage' % int((epoch + 1) * 100 / n_epochs))

        np.save(results_dir + "[Loss]" + run_name + ".npy", np.array(stage_losses))

    return last_ckpt, elapsed_total

def curriculum(arch):
    '''
    Run the three curriculum stages one after the other

    :param arch:        network name
                        [DDNet70 | DDNet | InversionNet | FCNVMB| SDNet70 | SDNet]
    '''
    total_time = 0

    start_ckpt = ""
    ckpt_stage1 = ""
    ckpt_stage2 = ""


    ###########
    # Stage 1 #
    ###########
    if firststage_epochs != 0:
        print("restore from: {}".format(start_ckpt))
        net, device, optimizer = build_net(ckpt_path=start_ckpt, arch=arch)
        loader, all_gathers, all_targets = make_loader(stage=1)
        ckpt_stage1, dt = run_stage(firststage_epochs, net, loader,
                                    optimizer, tag="CLStage1", arch=arch,
                                    n_saves=2)
        total_time += dt
        del loader
        del all_gathers
        del all_targets
        del net
        del optimizer
        del device
        gc.collect()

    ###########
    # Stage 2 #
    ###########
    if secondstage_epochs != 0:
        print("restore from: {}".format(ckpt_stage1))
        net, device, optimizer = build_net(ckpt_path=ckpt_stage1, arch=arch)
        loader, all_gathers, all_targets = make_loader(stage=2)
        ckpt_stage2, dt = run_stage(secondstage_epochs, net, loader,
                                    optimizer, tag="CLStage2", arch=arch,
                                    n_saves=2)
        total_time += dt
        del loader
        del all_gathers
        del all_targets
        del net
        del optimizer
        del device
        gc.collect()

    ###########
    # Stage 3 #
    ###########
    if thirdstage_epochs != 0:
        print("restore from: {}".format(ckpt_stage2))
        net, device, optimizer = build_net(ckpt_path=ckpt_stage2, arch=arch)
        loader, all_gathers, all_targets = make_loader(stage=3)
        ckpt_stage3, dt = run_stage(thirdstage_epochs, net, loader,
                                    optimizer, tag="CLStage3", arch=arch,
                                    n_saves=2)
        total_time += dt
        del loader
        del all_gathers
        del all_targets
        del net
        del optimizer
        del device
        gc.collect()

    print("total training time: {}s".format(total_time))

if __name__ == "__main__":
    curriculum("DDNet70")
