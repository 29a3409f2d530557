import os
import argparse
import importlib
import numpy as np
from PIL import Image
import torch
import torch.nn as nn
import torch.utils.data as Data
from torchvision import transforms
from torchvision.datasets import ImageFolder
from torchvision.utils import save_image
from tensorboardX import SummaryWriter

from model import VAEModel
from utils import run_epoch, dump_samples, store, restore

def cli():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="configs.config", help="dotted path of the settings module.")
    return ap.parse_args()

def make_net(cfg):
    net = VAEModel(cfg.img_size, cfg.vae.h_dim, cfg.vae.z_dim)
    print(net)
    return net

def log_epoch(cfg, writer, ep, loss, lr):
    writer.add_scalar(cfg.tx_train_recon_loss, loss['recon'], ep)
    writer.add_scalar(cfg.tx_train_KL_loss, loss['KL'], ep)
    writer.add_scalar(cfg.tx_train_loss, loss['total'], ep)
    print("[epoch {}] loss {} rec {} kl {}".format(ep, loss['total'], loss['recon'], loss['KL']))

def current_lr(opt):
    for group in opt.param_groups:
        return group['lr']

if __name__ == '__main__':

    # settings
    args = cli()
    cfg = importlib.import_module(args.config).TrainConfig
    print("RUN: {}".format(cfg.model_id))

    # data
    faces = ImageFolder('./data',
                            transform = transforms.Compose([
                                        transforms.Resize((cfg.img_size, cfg.img_size)),
                                        transforms.RandomHorizontalFlip(0.5),
                                        transforms.ToTensor(),
                                        #transforms.Normalize(mean = (0.5, 0.5, 0.5), 
                                        #                     std = (0.5, 0.5, 0.5))
                                        ])
                            )
    loader = Data.DataLoader(dataset=faces, batch_size=cfg.batch_size, shuffle=True)

    print('faces: '+str(len(faces)))

    # tensorboard
    writer = SummaryWriter(cfg.log_dpath)

    if cfg.isTrain:

        # network
        net = make_net(cfg)

        # optimiser
        opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
        #opt = torch.optim.SGD(net.parameters(), lr=cfg.lr)
        
        dev = torch.device("cuda")
        net = net.to(dev)

        fixed_z = torch.randn(cfg.batch_size, cfg.vae.z_dim).to(dev)
        for head in loader:
            fixed_x = head[0].to(dev)
            break
        for ep in range(1, cfg.epochs + 1):
            path = cfg.ckpt_fpath_tpl.format(ep)

            """ fit """
            print("\n")
            ep_loss = run_epoch(ep, net, opt, loader, cfg)
            log_epoch(cfg, writer, ep, ep_loss, current_lr(opt))

            """ pictures """
            if ep % cfg.sample_img_every == 0 or ep == 1:            
                dump_samples(ep, fixed_z, fixed_x, net, cfg)

            """ checkpoint """
            if ep >= cfg.save_from and ep % cfg.save_every == 0:
                print("writing checkpoint of epoch {} to {}".format(ep, path))
                store(ep, net, path, cfg)

    else:
        # restore the network
        net = make_net(cfg)
        net = restore(net, cfg.ckpt_fpath)
        
        dev = torch.device("cuda")
        net = net.to(dev)

        net.eval()

        tf = transforms.Compose([
                    transforms.Resize((cfg.img_size, cfg.img_size)),
                    transforms.ToTensor(),
                    transforms.Normalize(mean = (0.5, 0.5, 0.5), 
                                            std = (0.5, 0.5, 0.5))
                    ])

        print('----- interpolating {}.png and {}.png -----'.format(cfg.img1_num, cfg.img2_num))
        a = Image.open(cfg.img1_path)
        a = tf(a).to(dev)

        b = Image.open(cfg.img2_path)
        b = tf(b).to(dev)

        mu_a, lv_a = net.encode(a.unsqueeze(0))
        mu_b, lv_b = net.encode(b.unsqueeze(0))
        z_a = net.reparameterize(mu_a, lv_a)
        z_b = net.reparameterize(mu_b, lv_b)

        zs = z_a
        for k in range(cfg.interpolate_num-1):
            mid = torch.lerp(z_a, z_b, float(k+1)/cfg.interpolate_num)
            zs = torch.cat((zs, mid), 0)
        zs = zs.to(dev)

        print('----- decoding the path -----')
        pics = net.decode(zs).view(-1, 3, cfg.img_size, cfg.img_size)
        save_image(pics, 'interpolate-{}-{}.png'.format(cfg.img1_num, cfg.img2_num))
        print('----- done -----')
