from __future__ import annotations
import sys
import os
sys.path.append(os.path.abspath(os.path.join(os.path.dirname(__file__), '..')))
import torch
from dtu import Parameters, dtu, GPU
from os import mkdir
from os.path import exists
from time import time as seconds
import torch.nn as nn
import torch.optim as optim
from torch_geometric import compile
from torch_geometric.datasets import QM9
from torch_geometric.loader import DataLoader
from train import fit_painn
from PaiNN import PaiNN
import wandb
import torch._dynamo


@dtu
class RunConfig(Parameters):
    name: str = "painn-run"
    instances: int = 1
    GPU: None | GPU = GPU.v32
    time: int = 84600 # a bit under a day
    #data_dir_name: str = "data_dir"
    epochs: int = 999
    batch_size: int = 80  
    isServer: bool = True

    num_atoms: int =10
    num_embeddings: int =128
    cutoff_dist: float=5
    hidden_out_dim: int =128
    param: int = 1
    path: str = "/home/user/painn_project/models/"
    # run entry point with the parameters above
    def run(self, name: str, epochs: int, batch_size: int, num_atoms: int, num_embeddings: int, cutoff_dist: float, hidden_out_dim: int, param: int, path: str):
        torch._dynamo.config.suppress_errors = True

        ckpt_dir= path + name
        # make the checkpoint folder if missing
        if not os.path.exists(ckpt_dir):
            os.makedirs(ckpt_dir)
        log_dir = f"outputs/{'-'.join(name.split('-')[:-1])}/{name}/"
        if not exists(log_dir): os.makedirs(log_dir)
        dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

        
        
        # QM9 molecules and split sizes
        molecules = QM9(root=f"./data")
        n_total = len(molecules)
        n_train = int(0.8 * n_total)
        n_val = int(0.1 * n_total)
        n_test = n_total - n_train - n_val
        net = PaiNN(num_atoms=num_atoms, num_embeddings=num_embeddings, cutoff_dist=cutoff_dist, hidden_out_dim=hidden_out_dim, device=dev).to(dev)
        # compile, then split
        net = compile(net, dynamic=True)
        loss_fn = nn.MSELoss() 
        opt = optim.Adam(net.parameters(), lr=0.001)
        tr_part, va_part, te_part = torch.utils.data.random_split(molecules,
                                                                        [n_train, n_val, n_test],
                                                                        generator=torch.Generator().manual_seed(42))

        # graph loaders
        tr_loader = DataLoader(tr_part, batch_size)
        va_loader = DataLoader(va_part, batch_size)
        te_loader = DataLoader(te_part, batch_size)

        wandb.init(project="painn_runs", name=name, config={
            "epochs": epochs,
            "batch_size": batch_size,
            "num_atoms": num_atoms,
            "num_embeddings": num_embeddings,
            "cutoff_disc": cutoff_dist,
            "criterion": loss_fn.__class__.__name__,
            "Optimizer": opt.__class__.__name__,
            "device": str(dev),
            "Learning_rate": 0.001,
        })

        fit_painn(net=net, tr_loader=tr_loader, va_loader=va_loader, n_epochs=epochs, opt=opt, loss_fn=loss_fn, target_idx=param, dev=dev, out_dir=ckpt_dir)

        print(dev)
        #TODO: model choice

        #TODO: cluster path
        #if (isServer): path = "/scratch/user/"
        #else: path = ""
        





RunConfig.start()
