#!/usr/bin/env python3
import numpy as np
import torch
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset
import pandas as pd
from model import TradingVAE, VAEloss
import argparse
import os

cli = argparse.ArgumentParser(description = "fit the market autoencoder")
cli.add_argument('-e', help = "how many passes over the data", type = int, dest = 'e', default = 1)
cli.add_argument('-w', help = "checkpoint to start from", type = str, dest = 'w')
cli.add_argument('-b', help = "rows per step", type = int , dest = 'b', default = 64)
opts = cli.parse_args()

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(1)

if __name__ == "__main__":
    bundle = np.load("comp_dataset.npz")
    rows = torch.from_numpy(bundle["state"])
    print(f"rows loaded: {rows.shape[0]}")
    feeder = DataLoader(rows, batch_size = opts.b, pin_memory = True,
                        shuffle = True, num_workers = 1)
 
    feat_info = pd.read_csv("features.csv")
    tags = torch.Tensor(feat_info[feat_info.columns[1:]].values).T
    tags = tags.to(dev)
    autoenc = TradingVAE(tags)
    autoenc.to(dev)

    if opts.w:
        saved = torch.load(opts.w, map_location = dev)
        autoenc.load_state_dict(saved)
    autoenc.train()

    opt = optim.AdamW(autoenc.parameters(), 
                            lr = 1e-3, 
                            amsgrad = True)

    if os.path.exists(os.path.join("weights", "adam_w.pt")):
        opt_saved = torch.load("adam_w.pt", map_location = dev) 
        opt.load_state_dict(opt_saved)        

    for ep in range(opts.e):
        history = []
        loss_acc = 0.
        recon_acc = 0.
        for step, batch in enumerate(feeder):
            batch = batch.to(dev)
            opt.zero_grad()
            rebuilt, mean, log_var = autoenc(batch)
            total, rebuild_err = VAEloss(rebuilt, batch, mean, log_var)
            total.backward(retain_graph = True)
            opt.step()

            history.append(total)
            loss_acc += total
            recon_acc += rebuild_err

            if step % 1000 == 999: 
                mean_loss = loss_acc.item()/1000
                print(f"pass {ep} [{100.*step/len(feeder):.0f}%]\tobjective: {mean_loss:.3f}"
                      f"\trebuild: {rebuild_err.item()/1000:.6f}")
                loss_acc = 0.
                recon_acc = 0.

        with open("stats.txt", 'a+') as fh:
            fh.write(f"pass {ep}\n")
            fh.write( ','.join( [ format(v, '.3f') for v in history]))
            fh.write('\n')

    torch.save(autoenc.state_dict(), f"vae_{opts.e}.pt")
    torch.save(opt.state_dict(), "adam_w.pt")
