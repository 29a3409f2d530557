import inspect
import math
import os
import csv

import torch
import torch.nn as nn
from torchvision.utils import save_image
import numpy as np



def run_epoch(ep, net, opt, loader, cfg):
    dev = torch.device("cuda")
    net.train()
    
    rec_fn = nn.BCEWithLogitsLoss(reduction='sum')
    #rec_fn = nn.MSELoss()
    rec_fn = rec_fn.to(dev)

    sum_loss = 0
    sum_rec = 0
    sum_kl = 0
    for it, pair in enumerate(loader):
        x, _ = pair
        x = x.to(dev)
        opt.zero_grad()
        
        x_hat, mu, logv = net(x)
        rec = rec_fn(x_hat, x)
        #rec = 0.5 * torch.sum(x - mu.pow(2)) / (2 * math.pow(cfg.std, 2)) + math.log(cfg.std)
        kl = - cfg.KL_weight * 0.5 * torch.sum(1 + logv - mu.pow(2) - logv.exp())
        loss = rec + kl

        loss.backward()
        opt.step()
        
        sum_loss += loss
        sum_rec += rec
        sum_kl += kl
        print("[epoch {} ({}/{})] loss {} rec {} kl {}".format(ep, it, len(loader), loss, rec, kl))

    sum_loss = sum_loss / len(loader)
    sum_rec = sum_rec / len(loader)
    sum_kl = sum_kl / len(loader)
    out = {
        'recon': sum_rec,
        'KL': sum_kl,
        'total': sum_loss
    }
    return out

def dump_samples(ep, z, x, net, cfg):
    if not os.path.exists(cfg.sample_dpath):
        os.makedirs(cfg.sample_dpath)

        os.makedirs(os.path.join(cfg.sample_dpath, 'sample'))
        os.makedirs(os.path.join(cfg.sample_dpath, 'reconst'))
        save_image(x, os.path.join(cfg.sample_dpath, 'real.png'))

    gen_dir = os.path.join(cfg.sample_dpath, 'sample')
    rec_dir = os.path.join(cfg.sample_dpath, 'reconst')
    

    net.eval()
    pics = net.decode(z).view(-1, 3, cfg.img_size, cfg.img_size)
    save_image(pics, os.path.join(gen_dir, 'sampled-{}.png'.format(ep)))
    
    pics, _, _ = net(x)
    save_image(pics, os.path.join(rec_dir, 'reconstruction-{}.png'.format(ep)))


def restore(net, path):
    state = torch.load(path)
    net.load_state_dict(state['vae'])
    return net


def store(ep, net, path, cfg):
    folder = os.path.dirname(path)
    if not os.path.exists(folder):
        os.makedirs(folder)

    torch.save({
        'epoch': ep,
        'vae': net.state_dict(),
    }, path)

def accuracy(logits, target):
    sig = nn.Sigmoid()
    guess = (sig(logits) >= 0.5).float()
    acc = guess.eq(target).sum().float() / len(target)
    return acc

