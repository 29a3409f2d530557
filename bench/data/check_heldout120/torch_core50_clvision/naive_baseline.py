#!/usr/bin/env python
# -*- coding: utf-8 -*-

################################################################################
# (header of the original project: authors, date and CC BY 4.0 licence)       #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
################################################################################

"""

Starter baseline for the CORe50 continual-learning challenge: trains on the
incremental batches and writes the submission files under
submissions/.

"""

# py2/py3
from __future__ import print_function
from __future__ import division
from __future__ import absolute_import

import argparse
import os
import time
import copy
from core50.dataset import CORE50
import torch
import numpy as np
from utils.train_test import train_net, test_multitask, preprocess_imgs
import torchvision.models as models
from utils.common import create_code_snapshot


def main(cfg):

    # show the settings
    print(cfg, end="\n\n")

    # timing is part of the score
    t_start = time.time()

    # the batch stream for the chosen track, data expected under
    # ./core50/data/
    stream = CORE50(root='core50/data/', scenario=cfg.scenario,
                    preload=cfg.preload_data)

    # validation data
    print("loading validation data...")
    val_set = stream.get_full_valid_set()

    # network
    if cfg.classifier == 'ResNet18':
        net = models.resnet18(pretrained=True)
        net.fc = torch.nn.Linear(512, cfg.n_classes)

    opt = torch.optim.SGD(net.parameters(), lr=cfg.lr)
    crit = torch.nn.CrossEntropyLoss()

    # running logs
    val_acc = []
    disk_use = []
    ram_use = []
    heads = []
    replay_mem = None

    # one incremental batch at a time
    for i, inc_batch in enumerate(stream):
        bx, by, t = inc_batch

        # pick some of the new examples for the replay memory
        pick = np.random.choice(
            bx.shape[0], cfg.replay_examples, replace=False
        )

        if i == 0:
            replay_mem = [bx[pick], by[pick]]
        else:
            replay_mem = [
                np.concatenate((bx[pick], replay_mem[0])),
                np.concatenate((by[pick], replay_mem[1]))]

        bx = np.concatenate((bx, replay_mem[0]))
        by = np.concatenate((by, replay_mem[1]))

        print("======= batch {0} =======".format(i))
        print("x {0}, y {1}"
              .format(bx.shape, by.shape))
        print("task id: ", t)

        # fit on this batch
        _, _, stats = train_net(
            opt, net, crit, cfg.batch_size, bx, by, t,
            cfg.epochs, preproc=preprocess_imgs
        )
        if cfg.scenario == "multi-task-nc":
            heads.append(copy.deepcopy(net.fc))

        # resource logs
        disk_use += stats['disk']
        ram_use += stats['ram']

        # validation accuracy
        stats, _ = test_multitask(
            net, val_set, cfg.batch_size,
            preproc=preprocess_imgs, multi_heads=heads,
            last_layer_name="fc", verbose=False
        )

        val_acc += stats['acc']
        print("==========================")
        print("mean acc: {}".format(stats['acc']))
        print("==========================")

    # submission folder
    # with a snapshot of the code
    out_dir = 'submissions/' + cfg.sub_dir
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)

    # code snapshot
    create_code_snapshot(".", out_dir + "/code_snapshot")

    # metadata used by the challenge score
    minutes = (time.time() - t_start) / 60
    print("train time: {}m".format(minutes))
    with open(out_dir + "/metadata.txt", "w") as fh:
        for v in [
            np.average(val_acc), minutes, np.average(ram_use),
            np.max(ram_use), np.average(disk_use), np.max(disk_use)
        ]:
            fh.write(str(v) + "\n")

    # predictions on the test images, one per line
    print("predicting the test set...")
    test_set = stream.get_full_test_set()
    stats, preds = test_multitask(
        net, test_set, cfg.batch_size, preproc=preprocess_imgs,
        multi_heads=heads, last_layer_name="fc", verbose=False
    )

    with open(out_dir + "/test_preds.txt", "w") as fh:
        for p in preds:
            fh.write(str(p) + "\n")

    print("all done.")


if __name__ == "__main__":
    ap = argparse.ArgumentParser('CORe50 continual baseline')

    # general
    ap.add_argument('--scenario', type=str, default="multi-task-nc",
                    choices=['ni', 'multi-task-nc', 'nic'])
    ap.add_argument('--preload_data', type=bool, default=True,
                    help='read all images into RAM first')

    # model
    ap.add_argument('-cls', '--classifier', type=str, default='ResNet18',
                    choices=['ResNet18'])

    # optimisation
    ap.add_argument('--lr', type=float, default=0.01,
                    help='step size')
    ap.add_argument('--batch_size', type=int, default=32,
                    help='minibatch size')
    ap.add_argument('--epochs', type=int, default=1,
                    help='epochs per batch')

    # continual learning
    ap.add_argument('--replay_examples', type=int, default=0,
                    help='examples of every batch kept for '
                         'replay.')

    # misc
    ap.add_argument('--sub_dir', type=str, default="multi-task-nc",
                    help='submission sub-folder for this run.')

    cfg = ap.parse_args()
    cfg.n_classes = 50
    cfg.input_size = [3, 128, 128]

    cfg.cuda = torch.cuda.is_available()
    cfg.device = 'cuda:0' if cfg.cuda else 'cpu'

    main(cfg)
