import argparse
import os
import numpy as np
import math

import torchvision.transforms as transforms
from torchvision.utils import save_image

from torch.utils.data import DataLoader
from torchvision import datasets
from torch.autograd import Variable

import torch.nn as nn
import torch.nn.functional as F
import torch

os.makedirs("images", exist_ok=True)

arg_parser = argparse.ArgumentParser()
arg_parser.add_argument("--n_epochs", type=int, default=200, help="training epochs")
arg_parser.add_argument("--batch_size", type=int, default=64, help="images per batch")
arg_parser.add_argument("--lr", type=float, default=0.0002, help="Adam step size")
arg_parser.add_argument("--b1", type=float, default=0.5, help="Adam beta1")
arg_parser.add_argument("--b2", type=float, default=0.999, help="Adam beta2")
arg_parser.add_argument("--n_cpu", type=int, default=8, help="loader worker count (unused)")
arg_parser.add_argument("--latent_dim", type=int, default=100, help="length of the noise vector")
arg_parser.add_argument("--img_size", type=int, default=32, help="side length of the square images")
arg_parser.add_argument("--channels", type=int, default=1, help="channels per image")
arg_parser.add_argument("--sample_interval", type=int, default=400, help="iterations between saved sample grids")
cli_args = arg_parser.parse_args()
print(cli_args)

use_cuda = True if torch.cuda.is_available() else False


def init_normal_weights(layer):
    layer_kind = layer.__class__.__name__
    if layer_kind.find("Conv") != -1:
        torch.nn.init.normal_(layer.weight.data, 0.0, 0.02)
    elif layer_kind.find("BatchNorm2d") != -1:
        torch.nn.init.normal_(layer.weight.data, 1.0, 0.02)
        torch.nn.init.constant_(layer.bias.data, 0.0)


class ImgGenerator(nn.Module):
    def __init__(self):
        super(ImgGenerator, self).__init__()

        self.base_hw = cli_args.img_size // 4
        self.fc_in = nn.Sequential(nn.Linear(cli_args.latent_dim, 128 * self.base_hw ** 2))

        self.upsample_stack = nn.Sequential(
            nn.BatchNorm2d(128),
            nn.Upsample(scale_factor=2),
            nn.Conv2d(128, 128, 3, stride=1, padding=1),
            nn.BatchNorm2d(128, 0.8),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Upsample(scale_factor=2),
            nn.Conv2d(128, 64, 3, stride=1, padding=1),
            nn.BatchNorm2d(64, 0.8),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(64, cli_args.channels, 3, stride=1, padding=1),
            nn.Tanh(),
        )

    def forward(self, noise_z):
        feat = self.fc_in(noise_z)
        feat = feat.view(feat.shape[0], 128, self.base_hw, self.base_hw)
        img_t = self.upsample_stack(feat)
        return img_t


class ImgCritic(nn.Module):
    def __init__(self):
        super(ImgCritic, self).__init__()

        def down_block(c_in, c_out, use_bn=True):
            mods = [nn.Conv2d(c_in, c_out, 3, 2, 1), nn.LeakyReLU(0.2, inplace=True), nn.Dropout2d(0.25)]
            if use_bn:
                mods.append(nn.BatchNorm2d(c_out, 0.8))
            return mods

        self.model_body = nn.Sequential(
            *down_block(cli_args.channels, 16, use_bn=False),
            *down_block(16, 32),
            *down_block(32, 64),
            *down_block(64, 128),
        )

        # spatial side after four stride-2 blocks
        down_hw = cli_args.img_size // 2 ** 4
        self.score_head = nn.Sequential(nn.Linear(128 * down_hw ** 2, 1), nn.Sigmoid())

    def forward(self, img_t):
        feat = self.model_body(img_t)
        feat = feat.view(feat.shape[0], -1)
        real_prob = self.score_head(feat)

        return real_prob


# binary cross-entropy for both networks
bce_loss = torch.nn.BCELoss()

# build both networks
g_model = ImgGenerator()
d_model = ImgCritic()

if use_cuda:
    g_model.cuda()
    d_model.cuda()
    bce_loss.cuda()

# N(0, 0.02) conv weights, N(1, 0.02) batch-norm scales
g_model.apply(init_normal_weights)
d_model.apply(init_normal_weights)

# MNIST resized to img_size and scaled to [-1, 1]
os.makedirs("../../data/mnist", exist_ok=True)
mnist_loader = torch.utils.data.DataLoader(
    datasets.MNIST(
        "../../data/mnist",
        train=True,
        download=True,
        transform=transforms.Compose(
            [transforms.Resize(cli_args.img_size), transforms.ToTensor(), transforms.Normalize([0.5], [0.5])]
        ),
    ),
    batch_size=cli_args.batch_size,
    shuffle=True,
)

# one Adam per network
g_optimizer = torch.optim.Adam(g_model.parameters(), lr=cli_args.lr, betas=(cli_args.b1, cli_args.b2))
d_optimizer = torch.optim.Adam(d_model.parameters(), lr=cli_args.lr, betas=(cli_args.b1, cli_args.b2))

FloatT = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor

# ==========
#  main loop
# ==========

for epoch_i in range(cli_args.n_epochs):
    for i, (batch_imgs, _) in enumerate(mnist_loader):

        # targets: 1 for real, 0 for generated
        real_y = Variable(FloatT(batch_imgs.shape[0], 1).fill_(1.0), requires_grad=False)
        fake_y = Variable(FloatT(batch_imgs.shape[0], 1).fill_(0.0), requires_grad=False)

        # real batch as float tensor
        real_batch_imgs = Variable(batch_imgs.type(FloatT))

        # =================
        #  generator step
        # =================

        g_optimizer.zero_grad()

        # draw latent noise
        noise_z = Variable(FloatT(np.random.normal(0, 1, (batch_imgs.shape[0], cli_args.latent_dim))))

        # generated batch
        fake_imgs = g_model(noise_z)

        # generator wants its fakes scored as real
        gen_loss = bce_loss(d_model(fake_imgs), real_y)

        gen_loss.backward()
        g_optimizer.step()

        # =====================
        #  discriminator step
        # =====================

        d_optimizer.zero_grad()

        # real scored as 1, detached fakes as 0
        d_real_loss = bce_loss(d_model(real_batch_imgs), real_y)
        d_fake_loss = bce_loss(d_model(fake_imgs.detach()), fake_y)
        disc_loss = (d_real_loss + d_fake_loss) / 2

        disc_loss.backward()
        d_optimizer.step()

        print(
            "epoch %d/%d | batch %d/%d | D loss %f | G loss %f"
            % (epoch_i, cli_args.n_epochs, i, len(mnist_loader), disc_loss.item(), gen_loss.item())
        )

        batch_count = epoch_i * len(mnist_loader) + i
        if batch_count % cli_args.sample_interval == 0:
            save_image(fake_imgs.data[:25], "images/%d.png" % batch_count, nrow=5, normalize=True)
