import torch
import numpy as np
import torch.nn as nn
from ECG_Models import *
from torch.utils.data.dataloader import DataLoader
import torch.optim as optim
from tqdm import tqdm
from utils import *
import os
import argparse

def parse_cli():
    ap = argparse.ArgumentParser(description = "binary PTB-XL classifier (ECGNet / ECGNetLite)")
    ap.add_argument("--mode", default = "train", type = str, required = False, help = "train or test" )
    ap.add_argument("--model", "-m", default = "ECGNet", type = str, required = False, help = 'ECGNet or ECGNetLite (Lite is enough)')
    ap.add_argument("--device", "-d", default = "cuda:0", type = str, required = False, help = "cuda:0 or cpu")
    ap.add_argument("--ckpt", "-c", default = "", type = str, required = False, help = 'checkpoint to start from')
    ap.add_argument("--batch", "-b", default = 128, type = int, required = False, help = "batch size")
    ap.add_argument("--epoch", "-e", default = 50, type = int, required = False, help = "number of epochs")
    ap.add_argument("--lr", "-l", default = 1e-2, type = float, required = False, help = "learning rate")
    ap.add_argument("--optim", "-o", default = "Adam", type = str, required = False, help = "SGD or Adam")
    ap.add_argument("--momentum", "-t", default = 0.9, type = float, required = False, help = "SGD momentum")
    ap.add_argument("--per_save", "-p", default = 10000, type = int, required = False, help = "checkpoint period in epochs")
    ap.add_argument("--save_root", "-r", default = ".", type = str, required = False, help = "output folder")
    ap.add_argument("--norm", "-n", default = "None", type = str, required = False, help = "normalisation: l2, Z or max")
    ap.add_argument("--step_size", "-z", default = 20, type = int, required = False, help = "StepLR period")
    return ap.parse_args()

if __name__ == "__main__":

    opts = parse_cli()

    run_name, dev, ckpt_path, bs, n_epochs, lr, opt_name, mom, save_every, out_dir = opts.model, opts.device, opts.ckpt, opts.batch, opts.epoch, opts.lr, opts.optim, opts.momentum, opts.per_save, opts.save_root
    
    if not os.path.isdir(out_dir):
        os.mkdir(out_dir)
    
    if opts.mode == "train":
        sig_tr = np.load('Dataset/PTB-XL_X_train.npy', allow_pickle=True)
        lab_tr = np.load('Dataset/PTB-XL_y_train.npy', allow_pickle=True)
        ds_tr = ECG_Data(sig_tr, lab_tr)

    sig_te = np.load('Dataset/PTB-XL_X_test.npy', allow_pickle=True)
    lab_te = np.load('Dataset/PTB-XL_y_test.npy',allow_pickle=True)
    ds_te = ECG_Data(sig_te, lab_te)
    
    if 'l2' in opts.norm:
        sig_tr = l2_norm(sig_tr)
        sig_te = l2_norm(sig_te)
    elif 'Z' in opts.norm:
        sig_tr = Zscore_norm(sig_tr)
        sig_te = Zscore_norm(sig_te)
    elif 'max' in opts.norm:
        sig_tr = minmax_norm(sig_tr)
        sig_te = minmax_norm(sig_te)

    if 'Lite' in run_name:
        net = ECGNetLite().to(dev)
    else:
        net = ECGNet().to(dev)
    
    if ".pt" in ckpt_path:
        net = torch.load(ckpt_path).to(dev)

    if opt_name == "SGD":
        opt = optim.SGD(net.parameters(), lr = lr, momentum = mom)
    
    print("network:", run_name)
    print("trainable parameters:", count_parameters(net))

    if opts.mode == "train":
        train(net, ds_tr, ds_te, batch_size = bs,  epochs = n_epochs, lr = lr, csv_name = run_name, save_root = out_dir, per_save = save_every, step_size = opts.step_size)
    else:
        test(net, ds_te, bs, out_dir, dev)
