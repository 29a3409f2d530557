#!/usr/bin/env python
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from torchvision import datasets, transforms
from torchvision.utils import save_image
import os
import numpy as np

bs = 128
n_epochs = 300
z_dim = 100
n_ch = 3
side = 64
lr = 0.0002
b1 = 0.5

prep = transforms.Compose([
    transforms.Resize(side),
    transforms.CenterCrop(side),
    transforms.ToTensor(),
    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
])

faces_ds = datasets.ImageFolder("/kaggle/input/animefacedataset/", transform=prep)
loader = DataLoader(faces_ds, batch_size=bs, shuffle=True, num_workers=4)

class Gen(nn.Module):
    def __init__(self):
        super(Gen, self).__init__()
        self.body = nn.Sequential(
            # z vector in
            nn.ConvTranspose2d(z_dim, 512, 4, 1, 0, bias=False),
            nn.BatchNorm2d(512),
            nn.ReLU(True),
            # now 512 x 4 x 4
            nn.ConvTranspose2d(512, 256, 4, 2, 1, bias=False),
            nn.BatchNorm2d(256),
            nn.ReLU(True),
            # now 256 x 8 x 8
            nn.ConvTranspose2d(256, 128, 4, 2, 1, bias=False),
            nn.BatchNorm2d(128),
            nn.ReLU(True),
            # now 128 x 16 x 16
            nn.ConvTranspose2d(128, 64, 4, 2, 1, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(True),
            # now 64 x 32 x 32
            nn.ConvTranspose2d(64, n_ch, 4, 2, 1, bias=False),
            nn.Tanh()
            # out: n_ch x 64 x 64
        )

    def forward(self, x):
        return self.body(x)

class Disc(nn.Module):
    def __init__(self):
        super(Disc, self).__init__()
        self.body = nn.Sequential(
            # in: n_ch x 64 x 64
            nn.Conv2d(n_ch, 64, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            # now 64 x 32 x 32
            nn.Conv2d(64, 128, 4, 2, 1, bias=False),
            nn.BatchNorm2d(128),
            nn.LeakyReLU(0.2, inplace=True),
             # now 128 x 16 x 16
            nn.Conv2d(128, 256, 4, 2, 1, bias=False),
            nn.BatchNorm2d(256),
            nn.LeakyReLU(0.2, inplace=True),
            # now 256 x 8 x 8
            nn.Conv2d(256, 512, 4, 2, 1, bias=False),
            nn.BatchNorm2d(512),
            nn.LeakyReLU(0.2, inplace=True),
            # now 512 x 4 x 4
            nn.Conv2d(512, 1, 4, 1, 0, bias=False),
            nn.Sigmoid()
            # out: 1 x 1 x 1
        )

    def forward(self, x):
        return self.body(x).view(-1, 1).squeeze(1)


dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

G = Gen()
D = Disc()

if torch.cuda.device_count() > 1:
  print("GPUs in use:", torch.cuda.device_count())
  G = nn.DataParallel(G)
  D = nn.DataParallel(D)

G = G.to(dev)
D = D.to(dev)

opt_G = optim.Adam(G.parameters(), lr=lr, betas=(b1, 0.999))
opt_D = optim.Adam(D.parameters(), lr=lr, betas=(b1, 0.999))

loss_fn = nn.MSELoss()


sample_dir = './run/samples'
os.makedirs(sample_dir, exist_ok=True)

z_fixed = torch.randn(64, z_dim, 1, 1, device=dev)

real_t = 0.9
fake_t = 0.1

for ep in range(n_epochs):
    for i, (reals, _) in enumerate(loader):
        bs = reals.size(0)
        reals = reals.to(dev)

        # discriminator step
        opt_D.zero_grad()
        t_real = torch.full((bs,), real_t, device=dev, dtype=torch.float)
        out_real = D(reals)
        ld_real = loss_fn(out_real, t_real)
        ld_real.backward()

        z = torch.randn(bs, z_dim, 1, 1, device=dev)
        fakes = G(z)
        t_fake = torch.full((bs,), fake_t, device=dev, dtype=torch.float)
        out_fake = D(fakes.detach())
        ld_fake = loss_fn(out_fake, t_fake)
        ld_fake.backward()

        ld = ld_real + ld_fake
        opt_D.step()

        # generator step
        opt_G.zero_grad()
        out = D(fakes)
        lg = loss_fn(out, t_real)
        lg.backward()
        opt_G.step()

    # sample grid
    if (ep + 1) % 10 == 0:
        with torch.no_grad():
            sample = G(z_fixed).detach().cpu()
        save_image(sample, f"{sample_dir}/fake_{ep + 1}.png", nrow=8, normalize=True)

    print(f"[epoch {ep+1}/{n_epochs}] D: {ld.item():.4f} G: {lg.item():.4f}")


ckpt_dir = './run/weights'
os.makedirs(ckpt_dir, exist_ok=True)

torch.save(G.state_dict(), f'{ckpt_dir}/generator.pth')
torch.save(D.state_dict(), f'{ckpt_dir}/discriminator.pth')
