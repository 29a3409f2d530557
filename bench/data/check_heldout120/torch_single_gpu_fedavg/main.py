import torch
from torch import nn
import argparser
import copy
import dataloader

from train import train_models
cfg = argparser.arg_parser()

if cfg.model == "CNN":
    if cfg.dataset == "CIFAR10":
        if cfg.layers == 2:
            base = nn.Sequential(
                    nn.Conv2d(3, 32, bias=True, kernel_size=3, padding=1),
                    nn.ReLU(),
                    nn.MaxPool2d(2),
                    nn.Conv2d(32, 32, bias=True, kernel_size=3, padding=1),
                    nn.ReLU(),
                    nn.MaxPool2d(2),
                    nn.Flatten(),
                    nn.Linear(2048, 10, bias=True)
                )
        else:
            from models import CIFAR_CNN
            base = CIFAR_CNN(num_layers=cfg.layers, num_classes=10)
    elif cfg.dataset == "MNIST" or cfg.dataset == "FashionMNIST":
        if cfg.layers == 3:
            from models import SimpleCNN

            in_shape = (28, 28, 1)
            n_out = 10
            base = SimpleCNN(in_size=in_shape, out_size=n_out)
        else:
            from models import VariableCNN
            base = VariableCNN(num_layers=cfg.layers)

elif cfg.model == "MLP":
    first_dim = 32*32*3 if cfg.dataset == "CIFAR10" else 28*28*1
    stack = []
    stack.append(nn.Flatten())
    hid = cfg.width
    for i in range(cfg.layers - 1):
        stack.append(nn.Linear(first_dim if i == 0 else hid, hid))
        stack.append(nn.Tanh())
    stack.append(nn.Linear(hid, 10))
    base = nn.Sequential(*stack)

else:
    raise ValueError(f"unknown model {cfg.model}")

if cfg.reload_model != "false":
    sd = torch.load(cfg.reload_model, map_location = torch.device("cuda:0"))
    if cfg.algorithm == "scaffold":
        local_corr = sd["local_corrections"]
        global_corr = sd["global_correction"]
        del sd["local_corrections"]
        del sd["global_correction"]
        base.load_state_dict(sd)
    else:
        base.load_state_dict(sd)

n_workers = int(cfg.world_size)
replicas = [copy.deepcopy(base) for _ in range(n_workers)]

loaders = dataloader.data_loader(
    dataset_name=cfg.dataset,
    dataroot="data",
    batch_size=cfg.batchsize,
    val_ratio=0.1,
    total_clients=cfg.world_size,
    world_size=cfg.world_size,
    rank=0,
    group=None,
    heterogeneity=cfg.heterogeneity,
    full_batch=cfg.full_batch
)

client_loaders, val_dl, test_dl = loaders
print(f"built {cfg.model} ({cfg.layers} layers) for {cfg.dataset}")

# one dummy forward per replica so lazy layers get shapes
for rep, dl in zip(replicas, client_loaders):
    rep.cuda()
    rep(next(iter(dl))[0].cuda())
    rep.zero_grad()

train_models(
    cfg,
    replicas,
    client_loaders,
    val_dl,
    test_dl
)







