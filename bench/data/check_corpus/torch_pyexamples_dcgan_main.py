# source: https://github.com/pytorch/examples/blob/00b1e34c536d1cd312f561bc8bceea3e78e74071/dcgan/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
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
from torch.autograd import Variable


ap = argparse.ArgumentParser()
ap.add_argument('--dataset', required=True, help='one of cifar10, lsun, imagenet, folder, lfw')
ap.add_argument('--dataroot', required=True, help='where the images are')
ap.add_argument('--workers', type=int, default=2, help='loader processes')
ap.add_argument('--batchSize', type=int, default=64, help='images per step')
ap.add_argument('--imageSize', type=int, default=64, help='side of the square images')
ap.add_argument('--nz', type=int, default=100, help='length of the latent code')
ap.add_argument('--ngf', type=int, default=64, help='generator width')
ap.add_argument('--ndf', type=int, default=64, help='discriminator width')
ap.add_argument('--niter', type=int, default=25, help='epochs')
ap.add_argument('--lr', type=float, default=0.0002, help='Adam step size')
ap.add_argument('--beta1', type=float, default=0.5, help='Adam beta1')
ap.add_argument('--cuda', action='store_true', help='run on the GPU')
ap.add_argument('--ngpu', type=int, default=1, help='GPUs for data_parallel')
ap.add_argument('--netG', default='', help='generator weights to start from')
ap.add_argument('--netD', default='', help='discriminator weights to start from')
ap.add_argument('--outf', default='.', help='where samples and weights are written')
ap.add_argument('--manualSeed', type=int, help='fixed seed')

cfg = ap.parse_args()

os.makedirs(cfg.outf, exist_ok=True)

if cfg.manualSeed is None:
    cfg.manualSeed = random.randint(1, 10000)
print("seed:", cfg.manualSeed)
random.seed(cfg.manualSeed)
torch.manual_seed(cfg.manualSeed)
if cfg.cuda:
    torch.cuda.manual_seed_all(cfg.manualSeed)

cudnn.benchmark = True

if torch.cuda.is_available() and not cfg.cuda:
    print("note: a GPU is present; --cuda would use it")

HALF = (0.5, 0.5, 0.5)
if cfg.dataset in ['imagenet', 'folder', 'lfw']:
    image_set = dset.ImageFolder(root=cfg.dataroot, transform=transforms.Compose([
        transforms.Scale(cfg.imageSize),
        transforms.CenterCrop(cfg.imageSize),
        transforms.ToTensor(),
        transforms.Normalize(HALF, HALF),
    ]))
elif cfg.dataset == 'lsun':
    image_set = dset.LSUN(db_path=cfg.dataroot, classes=['bedroom_train'], transform=transforms.Compose([
        transforms.Scale(cfg.imageSize),
        transforms.CenterCrop(cfg.imageSize),
        transforms.ToTensor(),
        transforms.Normalize(HALF, HALF),
    ]))
elif cfg.dataset == 'cifar10':
    image_set = dset.CIFAR10(root=cfg.dataroot, download=True, transform=transforms.Compose([
        transforms.Scale(cfg.imageSize),
        transforms.ToTensor(),
        transforms.Normalize(HALF, HALF),
    ]))
assert image_set
loader = torch.utils.data.DataLoader(image_set, shuffle=True, batch_size=cfg.batchSize,
                                     num_workers=int(cfg.workers))

n_gpu = int(cfg.ngpu)
z_dim = int(cfg.nz)
g_width = int(cfg.ngf)
d_width = int(cfg.ndf)
channels = 3


def init_weights(layer):
    kind = layer.__class__.__name__
    if kind.find('Conv') != -1:
        layer.weight.data.normal_(0.0, 0.02)
    elif kind.find('BatchNorm') != -1:
        layer.weight.data.normal_(1.0, 0.02)
        layer.bias.data.fill_(0)


class Generator(nn.Module):
    def __init__(self, n_gpu):
        super(Generator, self).__init__()
        self.n_gpu = n_gpu
        # latent code -> 4x4 -> 8x8 -> 16x16 -> 32x32 -> 64x64 image
        self.body = nn.Sequential(
            nn.ConvTranspose2d(z_dim, g_width * 8, 4, 1, 0, bias=False),
            nn.BatchNorm2d(g_width * 8),
            nn.ReLU(True),
            nn.ConvTranspose2d(g_width * 8, g_width * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(g_width * 4),
            nn.ReLU(True),
            nn.ConvTranspose2d(g_width * 4, g_width * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(g_width * 2),
            nn.ReLU(True),
            nn.ConvTranspose2d(g_width * 2, g_width, 4, 2, 1, bias=False),
            nn.BatchNorm2d(g_width),
            nn.ReLU(True),
            nn.ConvTranspose2d(g_width, channels, 4, 2, 1, bias=False),
            nn.Tanh()
        )

    def forward(self, z):
        devices = None
        if isinstance(z.data, torch.cuda.FloatTensor) and self.n_gpu > 1:
            devices = range(self.n_gpu)
        return nn.parallel.data_parallel(self.body, z, devices)


gen_net = Generator(n_gpu)
gen_net.apply(init_weights)
if cfg.netG != '':
    gen_net.load_state_dict(torch.load(cfg.netG))
print(gen_net)


class Discriminator(nn.Module):
    def __init__(self, n_gpu):
        super(Discriminator, self).__init__()
        self.n_gpu = n_gpu
        # 64x64 image -> 32 -> 16 -> 8 -> 4 -> one probability
        self.body = nn.Sequential(
            nn.Conv2d(channels, d_width, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(d_width, d_width * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(d_width * 2),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(d_width * 2, d_width * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(d_width * 4),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(d_width * 4, d_width * 8, 4, 2, 1, bias=False),
            nn.BatchNorm2d(d_width * 8),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(d_width * 8, 1, 4, 1, 0, bias=False),
            nn.Sigmoid()
        )

    def forward(self, images):
        devices = None
        if isinstance(images.data, torch.cuda.FloatTensor) and self.n_gpu > 1:
            devices = range(self.n_gpu)
        prob = nn.parallel.data_parallel(self.body, images, devices)
        return prob.view(-1, 1)


disc_net = Discriminator(n_gpu)
disc_net.apply(init_weights)
if cfg.netD != '':
    disc_net.load_state_dict(torch.load(cfg.netD))
print(disc_net)

bce_loss = nn.BCELoss()

input_buf = torch.FloatTensor(cfg.batchSize, 3, cfg.imageSize, cfg.imageSize)
z_buf = torch.FloatTensor(cfg.batchSize, z_dim, 1, 1)
z_fixed = torch.FloatTensor(cfg.batchSize, z_dim, 1, 1).normal_(0, 1)
label_buf = torch.FloatTensor(cfg.batchSize)
REAL = 1
FAKE = 0

if cfg.cuda:
    disc_net.cuda()
    gen_net.cuda()
    bce_loss.cuda()
    input_buf, label_buf = input_buf.cuda(), label_buf.cuda()
    z_buf, z_fixed = z_buf.cuda(), z_fixed.cuda()

input_buf = Variable(input_buf)
label_buf = Variable(label_buf)
z_buf = Variable(z_buf)
z_fixed = Variable(z_fixed)

opt_d = optim.Adam(disc_net.parameters(), betas=(cfg.beta1, 0.999), lr=cfg.lr)
opt_g = optim.Adam(gen_net.parameters(), betas=(cfg.beta1, 0.999), lr=cfg.lr)

for ep in range(cfg.niter):
    for step, data_batch in enumerate(loader, 0):
        # discriminator: real images should score 1 ...
        disc_net.zero_grad()
        real_host, _ = data_batch
        n = real_host.size(0)
        input_buf.data.resize_(real_host.size()).copy_(real_host)
        label_buf.data.resize_(n).fill_(REAL)

        scores = disc_net(input_buf)
        loss_d_real = bce_loss(scores, label_buf)
        loss_d_real.backward()
        mean_real = scores.data.mean()

        # ... and generated ones 0
        z_buf.data.resize_(n, z_dim, 1, 1)
        z_buf.data.normal_(0, 1)
        fake = gen_net(z_buf)
        label_buf.data.fill_(FAKE)
        scores = disc_net(fake.detach())
        loss_d_fake = bce_loss(scores, label_buf)
        loss_d_fake.backward()
        mean_fake_before = scores.data.mean()
        loss_d = loss_d_real + loss_d_fake
        opt_d.step()

        # generator: make the discriminator call the fakes real
        gen_net.zero_grad()
        label_buf.data.fill_(REAL)
        scores = disc_net(fake)
        loss_g = bce_loss(scores, label_buf)
        loss_g.backward()
        mean_fake_after = scores.data.mean()
        opt_g.step()

        print(f'epoch {ep}/{cfg.niter} step {step}/{len(loader)}  D {loss_d.data[0]:.4f}  G {loss_g.data[0]:.4f}  '
              f'D(real) {mean_real:.4f}  D(fake) {mean_fake_before:.4f} -> {mean_fake_after:.4f}')
        if step % 100 == 0:
            vutils.save_image(real_host, f'{cfg.outf}/real.png')
            fake = gen_net(z_fixed)
            vutils.save_image(fake.data, f'{cfg.outf}/generated_{ep:03d}.png')

    torch.save(gen_net.state_dict(), f'{cfg.outf}/gen_{ep}.pth')
    torch.save(disc_net.state_dict(), f'{cfg.outf}/disc_{ep}.pth')
