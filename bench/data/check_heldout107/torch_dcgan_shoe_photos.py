# Notebook cells in order: DCGAN on a folder of shoe photos (ImageFolder + DataLoader), Colab.
# ~~~~~~~~~~ block 0
from __future__ import print_function

import argparse
import os
import random
import torch
import torch.nn as nn
import torch.nn.parallel
import torch.backends.cudnn as cudnn
import torch.optim as optim
import torch.utils.data
import torchvision.datasets as dset
import torchvision.transforms as transforms
import torchvision.utils as vutils
import numpy as np
import matplotlib.pyplot as plt
import matplotlib.animation as animation
from IPython.display import HTML


seed_val = 999

print("seed in use: ", seed_val)
random.seed(seed_val)
torch.manual_seed(seed_val)
# ~~~~~~~~~~ block 1
from google.colab import drive
drive.mount('/content/gdrive')
# ~~~~~~~~~~ block 2

img_dir = "/content/gdrive/My Drive/shoe_photos"


n_loader_procs = 2


bs = 128



side = 64


n_ch = 3


z_dim = 100


g_feat = 64


d_feat = 64


n_epochs = 5


step_size = 0.0002


b1 = 0.5


gpu_count = 1
# ~~~~~~~~~~ block 3


shoe_set = dset.ImageFolder(root=img_dir,
                           transform=transforms.Compose([
                               transforms.Resize(side),
                               transforms.CenterCrop(side),
                               transforms.ToTensor(),
                               transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
                           ]))

shoe_loader = torch.utils.data.DataLoader(shoe_set, batch_size=bs,
                                         shuffle=True, num_workers=n_loader_procs)


dev = torch.device("cuda:0" if (torch.cuda.is_available() and gpu_count > 0) else "cpu")


peek = next(iter(shoe_loader))
plt.figure(figsize=(8,8))
plt.axis("off")
plt.title("a few real shoes")
plt.imshow(np.transpose(vutils.make_grid(peek[0].to(dev)[:64], padding=2, normalize=True).cpu(),(1,2,0)))
# ~~~~~~~~~~ block 4

def init_weights(m):
    cls_str = m.__class__.__name__
    if cls_str.find('Conv') != -1:
        nn.init.normal_(m.weight.data, 0.0, 0.02)
    elif cls_str.find('BatchNorm') != -1:
        nn.init.normal_(m.weight.data, 1.0, 0.02)
        nn.init.constant_(m.bias.data, 0)
# ~~~~~~~~~~ block 5


class ShoeGen(nn.Module):
    def __init__(self, gpu_count):
        super(ShoeGen, self).__init__()
        self.ngpu = gpu_count
        self.main = nn.Sequential(

            nn.ConvTranspose2d( z_dim, g_feat * 8, 4, 1, 0, bias=False),
            nn.BatchNorm2d(g_feat * 8),
            nn.ReLU(True),

            nn.ConvTranspose2d(g_feat * 8, g_feat * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(g_feat * 4),
            nn.ReLU(True),

            nn.ConvTranspose2d( g_feat * 4, g_feat * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(g_feat * 2),
            nn.ReLU(True),

            nn.ConvTranspose2d( g_feat * 2, g_feat, 4, 2, 1, bias=False),
            nn.BatchNorm2d(g_feat),
            nn.ReLU(True),

            nn.ConvTranspose2d( g_feat, n_ch, 4, 2, 1, bias=False),
            nn.Tanh()

        )

    def forward(self, input):
        return self.main(input)
# ~~~~~~~~~~ block 6

gen = ShoeGen(gpu_count).to(dev)


if (dev.type == 'cuda') and (gpu_count > 1):
    gen = nn.DataParallel(gen, list(range(gpu_count)))



gen.apply(init_weights)


print(gen)
# ~~~~~~~~~~ block 7
class ShoeCritic(nn.Module):
    def __init__(self, gpu_count):
        super(ShoeCritic, self).__init__()
        self.ngpu = gpu_count
        self.main = nn.Sequential(

            nn.Conv2d(n_ch, d_feat, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),

            nn.Conv2d(d_feat, d_feat * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(d_feat * 2),
            nn.LeakyReLU(0.2, inplace=True),

            nn.Conv2d(d_feat * 2, d_feat * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(d_feat * 4),
            nn.LeakyReLU(0.2, inplace=True),

            nn.Conv2d(d_feat * 4, d_feat * 8, 4, 2, 1, bias=False),
            nn.BatchNorm2d(d_feat * 8),
            nn.LeakyReLU(0.2, inplace=True),

            nn.Conv2d(d_feat * 8, 1, 4, 1, 0, bias=False),
            nn.Sigmoid()
        )

    def forward(self, input):
        return self.main(input)
# ~~~~~~~~~~ block 8

critic = ShoeCritic(gpu_count).to(dev)


if (dev.type == 'cuda') and (gpu_count > 1):
    critic = nn.DataParallel(critic, list(range(gpu_count)))
    


critic.apply(init_weights)


print(critic)
# ~~~~~~~~~~ block 9

bce = nn.BCELoss()



probe_z = torch.randn(64, z_dim, 1, 1, device=dev)


TRUE_T = 1
FALSE_T = 0


opt_c = optim.Adam(critic.parameters(), lr=step_size, betas=(b1, 0.999))
opt_g = optim.Adam(gen.parameters(), lr=step_size, betas=(b1, 0.999))
# ~~~~~~~~~~ block 10



grids = []
g_hist = []
c_hist = []
step_no = 0

print("GAN training begins")

for ep in range(n_epochs):

    for i, data in enumerate(shoe_loader, 0):
        




        critic.zero_grad()

        real_x = data[0].to(dev)
        n_b = real_x.size(0)
        tgt = torch.full((n_b,), TRUE_T, device=dev)

        score = critic(real_x).view(-1)

        score = score.to(torch.float32)
        tgt = tgt.to(torch.float32)
        c_loss_real = bce(score, tgt)

        c_loss_real.backward()
        c_real_mean = score.mean().item()



        z = torch.randn(n_b, z_dim, 1, 1, device=dev)

        fake_x = gen(z)
        tgt.fill_(FALSE_T)

        score = critic(fake_x.detach()).view(-1)

        c_loss_fake = bce(score, tgt)

        c_loss_fake.backward()
        c_fake_mean1 = score.mean().item()

        c_loss = c_loss_real + c_loss_fake

        opt_c.step()




        gen.zero_grad()
        tgt.fill_(TRUE_T)

        score = critic(fake_x).view(-1)

        g_loss = bce(score, tgt)

        g_loss.backward()
        c_fake_mean2 = score.mean().item()

        opt_g.step()
        

        if i % 50 == 0:
            print('ep %d/%d it %d/%d | critic %.4f | gen %.4f | c(real) %.4f | c(fake) %.4f -> %.4f'
                  % (ep, n_epochs, i, len(shoe_loader),
                     c_loss.item(), g_loss.item(), c_real_mean, c_fake_mean1, c_fake_mean2))
        

        g_hist.append(g_loss.item())
        c_hist.append(c_loss.item())
        

        if (step_no % 500 == 0) or ((ep == n_epochs-1) and (i == len(shoe_loader)-1)):
            with torch.no_grad():
                fake_x = gen(probe_z).detach().cpu()
            grids.append(vutils.make_grid(fake_x, padding=2, normalize=True))
            
        step_no += 1
# ~~~~~~~~~~ block 11
plt.figure(figsize=(10,5))
plt.title("generator vs critic loss")
plt.plot(g_hist,label="gen")
plt.plot(c_hist,label="critic")
plt.xlabel("step")
plt.ylabel("bce")
plt.legend()
plt.show()
# ~~~~~~~~~~ block 12

canvas = plt.figure(figsize=(8,8))
plt.axis("off")
frames = [[plt.imshow(np.transpose(i,(1,2,0)), animated=True)] for i in grids]
anim = animation.ArtistAnimation(canvas, frames, interval=1000, repeat_delay=1000, blit=True)

HTML(anim.to_jshtml())
# ~~~~~~~~~~ block 13

peek = next(iter(shoe_loader))


plt.figure(figsize=(15,15))
plt.subplot(1,2,1)
plt.axis("off")
plt.title("real shoes")
plt.imshow(np.transpose(vutils.make_grid(peek[0].to(dev)[:64], padding=5, normalize=True).cpu(),(1,2,0)))


plt.subplot(1,2,2)
plt.axis("off")
plt.title("generated shoes")
plt.imshow(np.transpose(grids[-1],(1,2,0)))
plt.show()
# ~~~~~~~~~~ block 14


