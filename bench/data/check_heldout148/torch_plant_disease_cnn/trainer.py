#!/usr/bin/env python

import os
import torch
import torch.optim as optim
import torch.nn as nn

from torch.utils.data import DataLoader
from plant_disease_classification_pytorch import data_generator
from plant_disease_classification_pytorch.network import CNN


BASE_DIR = os.path.dirname(".")
FIT_DIR = os.path.join(BASE_DIR, "datasets/train")
HOLDOUT_DIR = os.path.join(BASE_DIR, "datasets/test")
CATEGORIES = os.listdir(FIT_DIR)
N_CATEGORIES = len(CATEGORIES)
SIDE = 128
BS = 25
STEP = 0.001
N_EPOCHS = 35

# device
DEV = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def build_loaders():
    fit_set, check_set = data_generator.read_datasets(
        FIT_DIR, SIDE, CATEGORIES, 0.2
    )
    holdout_set = data_generator.read_test_dataset(HOLDOUT_DIR, SIDE)

    fit_dl = DataLoader(
        dataset=fit_set, batch_size=BS, shuffle=True, num_workers=0
    )
    check_dl = DataLoader(
        dataset=check_set, batch_size=BS, shuffle=False, num_workers=0
    )
    holdout_dl = DataLoader(
        dataset=holdout_set, batch_size=BS, shuffle=False, num_workers=0
    )

    return fit_dl, check_dl, holdout_dl


def train():
    fit_dl, check_dl, holdout_dl = build_loaders()

    net = CNN().to(DEV)
    print(net)
    crit = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=STEP)

    fit_curve = []
    check_curve = []

    for ep in range(1, N_EPOCHS + 1):
        # running sums of the two losses
        fit_sum = 0.0
        check_sum = 0.0

        # fitting
        net.train()
        # for batch, target in fit_dl:
        for i, batch in enumerate(fit_dl):
            # batch is [pictures, targets]
            pics = batch[0]
            target = batch[1]
            # to the GPU
            batch = batch.to(DEV)
            target = target.to(DEV)

            # reset the gradients
            opt.zero_grad()
            # forward
            out = net(batch)
            # batch loss
            print("out shape:")
            print(out.shape)
            print("target shape:")
            print(target.shape)
            loss = crit(out, target)
            # backward
            loss.backward()
            # one update
            opt.step()
            # running sum as a float
            fit_sum += loss.item() * batch.size(0)

        # checking
        net.eval()
        for batch, target in check_dl:

            batch = batch.to(DEV)
            target = target.to(DEV)

            out = net(batch)

            loss = crit(out, target)

            # running sum as a float
            check_sum += loss.item() * batch.size(0)

        # averages
        fit_sum = fit_sum / len(fit_dl.sampler)
        check_sum = check_sum / len(check_dl.sampler)
        fit_curve.append(fit_sum)
        check_curve.append(check_sum)

        # report
        print(
            "Ep: {} \tfit loss: {:.6f} \tcheck loss: {:.6f}".format(
                ep, fit_sum, check_sum
            )
        )

train()
