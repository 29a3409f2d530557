"""
Radford-style DCGAN for face pictures; trains on a folder of
aligned celebrity faces and writes samples as it goes.
"""

import argparse
import logging
import os
import sys
from PIL import Image

import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision as tv
from torch.utils.data import Dataset, DataLoader

from tensorboardX import SummaryWriter

from make_conv_layers import ConvLayers, DeconvLayers
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from utils import create_session_dir, init_session_log

exists = os.path.exists
join_ = os.path.join

class Decoder(DeconvLayers):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def forward(self, x):
        x = x.view((-1, x.shape[1], 1, 1))
        x = super().forward(x)
        x = torch.tanh(x)
        return x

class Critic(ConvLayers):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._last_conv = None

        ch_out = self._num_base_chans*( 2**(self._num_layers-1) )
        self._last_conv = nn.Conv2d(ch_out, 1, kernel_size=self._kernel_size,
                stride=1, padding=0)

    def forward(self, x):
        x = super().forward(x)
        x = self._last_conv(x)
        x = torch.sigmoid(x)
        return x

class JpegDir(Dataset):
    def __init__(self, root, transform=None, ext=".png"):
        self._files = [join_(root,f) for f in os.listdir(root) \
                if f.endswith(ext)]
        self._tf = tv.transforms.ToTensor() if transform == None \
                else transform

    def __getitem__(self, index):
        return self._tf( Image.open(self._files[index]) ), -1

    def __len__(self):
        return len(self._files)


def build_loader(cfg):
    side = 2**(cfg["num_layers"] + 1)
    print("side length: %d" % side)
    aug = tv.transforms.Compose([
        tv.transforms.RandomHorizontalFlip(),
        tv.transforms.ColorJitter(brightness=0.25, contrast=0.25,
            saturation=0.25, hue=0.025),
        tv.transforms.Resize(side),
        tv.transforms.CenterCrop(side),
        tv.transforms.ToTensor()
        ])
    faces = JpegDir(cfg["celeba_path"], transform=aug,
            ext=".jpg")
    loader = DataLoader(dataset=faces,
            batch_size=cfg["batch_size"],
            shuffle=True,
            num_workers=cfg["num_workers"])
    return loader

def dump_first_batch(loader, cfg):
    out_dir = join_(cfg["session_dir"], "first_batch")
    os.makedirs(out_dir)
    gpu = cfg["cuda"]
    for x_real,_ in loader:
        if gpu >= 0:
            x_real = x_real.cuda(gpu)
        break
    tv.utils.save_image(x_real, join_(out_dir, "batch0.png"))

def write_samples(gen, epoch, cfg):
    z = draw_z(32, cfg["z_dim"], cfg["cuda"])
    x_fake_up = gen(z)
    x_fake_up = F.interpolate(x_fake_up, scale_factor=(5.0, 5.0))
    smp_dir = join_(cfg["session_dir"], "samples")
    if not exists(smp_dir):
        os.makedirs(smp_dir)
    tv.utils.save_image(x_fake_up, join_(smp_dir,"%03d.png" % epoch))

def train(gen, critic, loader, optimizers, cfg):
    gen.apply(init_weights)
    critic.apply(init_weights)
    gpu = cfg["cuda"]
    batch_size = cfg["batch_size"]
    opt_c,opt_g = optimizers
    eps = 1e-6
    bce_c = nn.BCELoss()
    bce_g = nn.BCELoss()
    tb_dir = join_(cfg["session_dir"], "tensorboard")
    if not exists(tb_dir): os.makedirs(tb_dir)
    tb = SummaryWriter( join_(cfg["session_dir"], "tensorboard") )
    ckpt_dir = join_(cfg["session_dir"], "models")
    if not exists(ckpt_dir): os.makedirs(ckpt_dir)
    n_batches = len(loader) // batch_size
    for epoch in range(cfg["num_epochs"]):
        for i,(x_real,_) in enumerate(loader):
            batch_size = x_real.shape[0]
            ones = torch.ones(batch_size)
            zeros = torch.zeros(batch_size)
            if gpu >= 0:
                x_real = x_real.cuda(gpu)
                ones = ones.cuda(gpu)
                zeros = zeros.cuda(gpu)
                labels = torch.cat((torch.ones(batch_size), 
                    torch.zeros(batch_size))).cuda(gpu)
            z = draw_z(batch_size, cfg["z_dim"], gpu)

            if epoch==0 and i==0 and cfg["debug"]:
                gen._debug = True
                critic._debug = True
            else:
                gen._debug = False
                critic._debug = False

            opt_c.zero_grad()
            x_fake = gen(z)
            c_fake = bce_c(critic(x_fake), zeros)
            c_real = bce_c(critic(x_real), ones)
            c_loss = c_fake + c_real

            c_loss.backward(retain_graph=True)
            opt_c.step()

            opt_g.zero_grad()
            g_loss_ = bce_g(critic(x_fake), ones)
            g_loss_.backward()
            opt_g.step()

            tb.add_scalars("Loss", {"Gen" : g_loss_.item(),
                "Critic/Real" : c_real.item(),
                "Critic/Fake" : c_fake.item()}, epoch*n_batches+1)

        logging.info("epoch %d gen %.4f critic-real %.4f critic-fake %.4f" \
                % (epoch, g_loss_.item(), c_real.item(),c_fake.item()))
            
        write_samples(gen, epoch, cfg)
        torch.save(gen.state_dict(), join_(ckpt_dir, "gen_%04d.pkl" \
                % (epoch)))
        torch.save(critic.state_dict(), join_(ckpt_dir, "critic_%04d.pkl"\
                % (epoch)))
        
# same init as the official DCGAN example
# conv weights ~ N(0, 0.02), batch-norm scale ~ N(1, 0.02)
def init_weights(m):
    cls_name = m.__class__.__name__
    if cls_name.find('Conv') != -1:
        nn.init.normal_(m.weight.data, 0.0, 0.02)
    elif cls_name.find('BatchNorm') != -1:
        nn.init.normal_(m.weight.data, 1.0, 0.02)
        nn.init.constant_(m.bias.data, 0)

# could live in utils.py
def draw_z(batch_size, z_dim, gpu):
    if gpu >= 0:
        z = torch.cuda.FloatTensor(batch_size, z_dim).normal_(0.0,1.0)
    else:
        z = torch.FloatTensor(batch_size, z_dim).normal_(0.0,1.0)
    return z


def main(args):
    cfg = vars(args)
    cfg["session_dir"] = create_session_dir("./runs")
    init_session_log(cfg)
    gen = Decoder(z_dim=cfg["z_dim"], num_layers=cfg["num_layers"],
            num_base_chans=cfg["num_base_chans"])
    critic = Critic(num_base_chans=cfg["num_base_chans"],
            num_layers=cfg["num_layers"]-1)
    logging.info("G:\n")
    logging.info(str(gen))
    logging.info("\n\n")
    logging.info("D:\n")
    logging.info(str(critic))
    logging.info("\n\n")
    loader = build_loader(cfg)
    dump_first_batch(loader, cfg)

    gpu = cfg["cuda"]
    if gpu >= 0 and not torch.cuda.is_available():
        raise RuntimeError("asked for a GPU but none is visible")
    if gpu >= 0:
        gen.cuda(gpu)
        critic.cuda(gpu)

    betas = (cfg["beta1"], cfg["beta2"])
    opt_c = torch.optim.Adam(critic.parameters(), lr=cfg["lr_d"], betas=betas)
    opt_g = torch.optim.Adam(gen.parameters(), lr=cfg["lr_g"], betas=betas)

    train(gen, critic, loader, (opt_c,opt_g), cfg)

if __name__ == "__main__":
    cli = argparse.ArgumentParser()

    # data
    cli.add_argument("--celeba-path", type=str,
            default=join_("./data/celeba/img_align"))

    # network
    cli.add_argument("--num-layers", type=int, default=6)
    cli.add_argument("--num-base-chans", type=int, default=32)
    cli.add_argument("--z-dim", type=int, default=100,
        help="size of the noise vector")

    # optimisation
    cli.add_argument("--lr-d", type=float, default=0.0001,
            help="critic step size")
    cli.add_argument("--lr-g", type=float, default=0.001,
            help="generator step size")
    cli.add_argument("--beta1", type=float, default=0.5,
            help="Adam beta1")
    cli.add_argument("--beta2", type=float, default=0.999,
            help="Adam beta2")
    cli.add_argument("--momentum", type=float, default=0.9,
            help="SGD momentum (unused here)")
    cli.add_argument("--num-epochs", type=int, default=100)
    cli.add_argument("--batch-size", type=int, default=128)
    cli.add_argument("--debug", action="store_true")

    # machine
    cli.add_argument("--cuda", type=int, default=0,
            help="GPU index, -1 means CPU")
    cli.add_argument("--num-workers", type=int, default=4,
        help="loader worker processes")

    args = cli.parse_args()
    main(args)
