import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from tqdm import tqdm
import random
import os
import argparse
import matplotlib.pyplot as plt
from torch.utils.data import DataLoader
import matplotlib.gridspec as gridspec
import wandb
from scipy import stats

from model import TemporalFusionTransformer
from preprocess import *
from train import run_epoch
from eval import run_eval
from valid import run_valid
from metric import QuantileLoss

def fix_seeds(seed):
    random.seed(seed)
    os.environ['PYTHONHASHSEED'] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = True

def read_args():
    ap = argparse.ArgumentParser(description="temporal fusion forecaster")

    ap.add_argument("-s", type=int, default=[42], nargs=1, help="random seed")
    ap.add_argument("-e", type=int, default=[100], nargs=1, help="epochs")
    ap.add_argument("-b", type=int, default=[20], nargs=1, help="batch size")
    ap.add_argument("-lr", type=float, default=[1e-2], nargs=1, help="learning rate")
    ap.add_argument("-es", type=int, default=[20], nargs=1, help="patience")
    ap.add_argument("-el", type=int, default=[24], nargs=1, help="encoder steps")
    ap.add_argument("-dl", type=int, default=[5], nargs=1, help="decoder steps")
    ap.add_argument("-dm", type=int, default=[40], nargs=1, help="hidden width")
    ap.add_argument("-dr", type=float, default=[0.1], nargs=1, help="dropout rate")
    ap.add_argument("-nh", type=int, default=[8], nargs=1, help="attention heads")
    ap.add_argument("-key", type=str, default=[None], nargs=1, help="wandb api key")
    ap.add_argument("-name", type=str, default=['default'], nargs=1, help="wandb run label")
    
    opts = ap.parse_args()

    opts.s = opts.s[0]
    opts.e = opts.e[0]
    opts.b = opts.b[0]
    opts.lr = opts.lr[0]
    opts.es = opts.es[0]
    opts.el = opts.el[0]
    opts.dl = opts.dl[0]
    opts.dm = opts.dm[0]
    opts.dr = opts.dr[0]
    opts.nh = opts.nh[0]
    opts.key = opts.key[0]
    opts.name = opts.name[0]

    return opts

def main():

    if torch.cuda.is_available():
        dev = torch.device("cuda:0")
    elif torch.backends.mps.is_available():
        dev = torch.device("mps")
    else:
        dev = torch.device("cpu")

    opts = read_args()
    seed = opts.s
    n_epochs = opts.e
    bs = opts.b
    lr = opts.lr
    patience = opts.es
    enc_len = opts.el
    dec_len = opts.dl
    width = opts.dm
    drop = opts.dr
    heads = opts.nh
    key = opts.key
    run_name = opts.name

    if key is not None:
        
        wandb.login(key=key)
        wandb.init(project='tft-power', name=run_name)

    fix_seeds(seed)

    raw = read_tables()
    fit_part, cols = build_features(raw)
    fit_part, val_part, test_part = split_frames(fit_part)

    static_cols = list(fit_part.columns[:3])
    known_cols = list(fit_part.columns[3:7])
    past_cat_cols = list(fit_part.columns[3:7])
    past_num_cols = list(fit_part.columns[7:])
    target_col = fit_part.columns[-1]

    fit_windows = FusionWindows(fit_part, enc_len, dec_len, static_cols, known_cols,
                                                past_cat_cols, past_num_cols, target_col)
    val_windows = FusionWindows(val_part, enc_len, dec_len, static_cols, known_cols,
                                                past_cat_cols, past_num_cols, target_col)
    test_windows = FusionWindows(test_part, enc_len, dec_len, static_cols, known_cols,
                                                past_cat_cols, past_num_cols, target_col)
    
    fit_loader, val_loader, test_loader = make_loaders(fit_windows, val_windows, test_windows, batch_size=bs)

    static_levels = [2,2,2]
    known_levels = [32,7,24,2] # day, weekday, hour, holiday flag
    cat_levels = [32,7,24,2] # day, weekday, hour, holiday flag
    num_input_size = 7
    static_inputs = 3
    enc_inputs = 11
    dec_inputs = 4
    tau = dec_len
    qs = [0.1,0.5,0.9]

    net = TemporalFusionTransformer(encoder_len=enc_len, 
                                  decoder_len=dec_len, 
                                  d_model=width, 
                                  dropout=drop,
                                  static_cate_num=static_levels, 
                                  future_cate_num=known_levels, 
                                  category_num=cat_levels,
                                  continuous_input_size=num_input_size, 
                                  static_num_input=static_inputs, 
                                  encoder_num_input=enc_inputs,
                                  decoder_num_input=dec_inputs, 
                                  num_heads=heads, 
                                  quantiles=qs, 
                                  tau=tau,
                                  device=dev).to(dev)
    
    opt = optim.Adam(net.parameters(), lr=lr)
    loss_fn = QuantileLoss(quantiles=qs).to(dev)

    best_val = float('inf')
    stall = 0

    with tqdm(range(1, n_epochs+1)) as bar:
        for ep in bar:

            fit_loss = run_epoch(net, fit_loader, opt, loss_fn, dev, bs)
            val_loss = run_valid(net, val_loader, loss_fn, dev)

            if ep % 10 == 0:
                print(f'ep:{ep}, fit_loss:{fit_loss.item():5f}')
                print(f'ep:{ep}, val_loss:{val_loss.item():5f}')

            if val_loss < best_val:
                best_val = val_loss
                torch.save(net.state_dict(), 'tft_best.pth')
                stall = 0
            else:
                stall += 1
            
            if stall >= patience:
                print(f'ep:{ep}, fit_loss:{fit_loss.item():5f}')
                print(f'ep:{ep}, val_loss:{val_loss.item():5f}')
                print(f'lowest val loss :{best_val}')
                break

            if key is not None:
                wandb.log({
                    "fit loss": fit_loss.item(),
                    "val loss": val_loss.item()})

    net = TemporalFusionTransformer(encoder_len=enc_len, 
                                  decoder_len=dec_len, 
                                  d_model=width, 
                                  dropout=drop,
                                  static_cate_num=static_levels, 
                                  future_cate_num=known_levels, 
                                  category_num=cat_levels,
                                  continuous_input_size=num_input_size, 
                                  static_num_input=static_inputs, 
                                  encoder_num_input=enc_inputs,
                                  decoder_num_input=dec_inputs, 
                                  num_heads=heads, 
                                  quantiles=qs, 
                                  tau=tau,
                                  device=dev).to(dev)
    
    net.load_state_dict(torch.load('tft_best.pth'))

    # (test metric disabled)

    # (test run disabled)

    # (printing disabled)

    # (first test batch disabled)
    # (first target disabled)

    # (interval disabled)

    # (grid disabled)
    # (figure disabled)
    # (spacing disabled)

    # (loop over columns disabled)
    #     (axis disabled)
    #     
    #     (pred curve disabled)
    #     (true curve disabled)

    #     (band disabled)

    #     (legend disabled)
    #     (title disabled)
    #     (x label disabled)
    #     (y label disabled)

    # (save disabled)
    # (show disabled)
    if key is not None:

        # (image upload disabled)
        wandb.finish()

if __name__ == "__main__":
    main()
