from __future__ import print_function
#%matplotlib inline
import argparse
import os
import imageio
import random
import torch
import torch.nn as nn
import torch.nn.parallel
import torch.backends.cudnn as cudnn
import torch.optim as optim
import torch.utils.data
from dataset import DoodleSet, ToSymmetric
from noise_transform import AddGaussianNoise
from dataset_loader import fetch_categories, merge_categories
import torchvision.utils as vutils
from architecture import Generator, Discriminator
import numpy as np
import matplotlib.pyplot as plt
import itertools
from torchvision import transforms
from matplotlib.ticker import MaxNLocator

# seed everything for repeatable runs
#seed_value = 999
seed_value = random.randint(1, 10000) # fresh seed each run
random.seed(seed_value)
torch.manual_seed(seed_value)

# loader worker processes
n_workers = 2

# minibatch size
bsz = 128

# side length of the doodles; every picture is
#   resized to this.
side = 28

# latent code length
zdim = 100

# how many passes over the data
epochs = 30

# optimiser step size
step_size = 0.0002

# Adam beta1
b1 = 0.5

# GPUs to use, 0 means CPU.
n_gpu = 1

# train, or only draw from a saved model
do_train = True

# fetch the raw category files first
do_fetch = False

dev = torch.device("cuda:0" if (cudnn.is_available() and n_gpu > 0) else "cpu")

# initial weights as in the DCGAN paper
def init_weights(layer):
    kind = layer.__class__.__name__
    if kind.find('Conv') != -1:
        nn.init.normal_(layer.weight.data, 0.0, 0.02)
    elif kind.find('BatchNorm') != -1:
        nn.init.normal_(layer.weight.data, 1.0, 0.02)
        nn.init.constant_(layer.bias.data, 0)

def soften_real(t):
    return t - 0.3 + (torch.rand(t.shape) * 0.5).to(dev)

def soften_fake(t):
    return t + (torch.rand(t.shape) * 0.3).to(dev)

def flip_some(t, p_flip):
    how_many = int(p_flip * t.shape[0])
    picked = np.random.choice([k for k in range(t.shape[0])], size=how_many)
    t[picked] = 1 - t[picked]
    return t

# const_z = torch.randn(16, zdim, 1, 1, device=dev)
# const_c = torch.nn.functional.one_hot(torch.Tensor([[9]*16]).long(), 10).view(16,10,1,1).to(dev)

base_z = torch.randn(10, 100)
const_z = base_z
const_c_idx = torch.zeros(10, 1)
for k in range(9):
    const_z = torch.cat([const_z, base_z], 0)
    more = torch.ones(10, 1) + k
    const_c_idx = torch.cat([const_c_idx, more], 0)

const_z = const_z.view(-1, 100, 1, 1).to(dev)
const_c = torch.zeros(100, 10)
const_c.scatter_(1, const_c_idx.type(torch.LongTensor), 1)
const_c = const_c.view(-1, 10, 1, 1).to(dev)

def dump_epoch_grid(epoch, per_side):
    gen.eval()
    drawn = gen(const_z, const_c)
    gen.train()

    fig, ax = plt.subplots(per_side, per_side, figsize=(6,6))
    for r, c in itertools.product(range(per_side), range(per_side)):
        ax[r,c].get_xaxis().set_visible(False)
        ax[r,c].get_yaxis().set_visible(False)
    for n in range(per_side*per_side):
        r = n//per_side
        c = n%per_side
        ax[r,c].cla()
        ax[r,c].imshow(drawn[n].data.cpu().numpy().reshape(28,28), cmap='Greys')

    fig.text(0.5, 0.04, "Epoch {}".format(epoch), ha='center')
    fig.suptitle('Constant latent codes')
    fig.savefig("images/Epoch_{}.png".format(epoch))


if do_train:
    if do_fetch:
        fetch_categories(["cat", "envelope", "eyeglasses", "mushroom", "star", "baseball bat", "t-shirt", "car", "fish", "snail"])
        merge_categories(100000)

    # the doodles live in two .npy files.
    # build the dataset
    doodles = DoodleSet(datapath="data/X.npy",
                            targetpath="data/y.npy",
                            transform=transforms.Compose([
                                transforms.Resize((28,28)),
                                transforms.ToTensor(),
                                ToSymmetric(),
                                #transforms.Normalize((0.1575,), (0.3113,)), # dataset mean and std
                        #         transforms.Normalize((-0.6849,), (0.6227,))
                            ]))

    # build the loader
    loader = torch.utils.data.DataLoader(doodles, batch_size=bsz, shuffle=True, num_workers=n_workers)


    gen = Generator().to(dev)
    gen.apply(init_weights)

    disc = Discriminator().to(dev)
    disc.apply(init_weights)

    bce = nn.BCELoss()

    REAL = 1
    FAKE = 0

    opt_d = optim.Adam(disc.parameters(), lr=step_size, betas=(b1, 0.999))
    opt_g = optim.Adam(gen.parameters(), lr=step_size, betas=(b1, 0.999))

    # progress records
    grids = []
    g_hist = []
    d_hist = []
    sigma_hist = []
    step = 0
    drawn = None

    cond_vec = torch.zeros(10, 10)
    cond_vec = cond_vec.scatter_(1, torch.LongTensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]).view(10,1), 1).view(10, 10, 1, 1)
    cond_map = torch.zeros([10, 10, side, side])
    for k in range(10):
        cond_map[k, k, :, :] = 1

    print("Training begins...")
    for epoch in range(epochs):
            for k, (real, cls) in enumerate(loader):
                n = real.shape[0]

                ##############################
                #   discriminator update     #
                ##############################

                # a) real doodles
                disc.zero_grad()
                sigma = max(0, 0.1 - ((0.1*step)/35000))
                jitter = (torch.randn(n, 1, 28, 28) * sigma).to(dev)
                real = real.to(dev) + jitter
                target = torch.full((n,), REAL, dtype=torch.float32, device=dev)
                real_map = cond_map[cls].to(dev)

                score = disc(real, real_map).squeeze()
                target = soften_real(target)
                d_real = bce(score, target)
                d_real.backward()
                Dx = score.mean().item()

                # b) generated doodles
                z = torch.randn(n, zdim, 1, 1, device=dev)
                jitter = (torch.randn(n, 1, 28, 28) * sigma).to(dev)
                rand_cls = (torch.rand(n, 1)*10).type(torch.LongTensor).squeeze()
                cvec = cond_vec[rand_cls].to(dev)
                cmap = cond_map[rand_cls].to(dev)

                fake = gen(z, cvec) + jitter
                target.fill_(FAKE)
                score = disc(fake.detach(), cmap).squeeze()
                #target = soften_fake(target)
                target = flip_some(target, 0.05)
                d_fake = bce(score, target)
                d_fake.backward()
                DGz1 = score.mean().item()
                d_total = d_real + d_fake
                opt_d.step()

                ##########################
                #   generator update     #
                ##########################

                gen.zero_grad()

                target.fill_(REAL)
                z = torch.randn(n, zdim, 1, 1, device=dev)
                jitter = (torch.randn(n, 1, 28, 28) * sigma).to(dev)
                rand_cls = (torch.rand(n, 1)*10).type(torch.LongTensor).squeeze()
                cvec = cond_vec[rand_cls].to(dev)
                cmap = cond_map[rand_cls].to(dev)
                fake = gen(z, cvec) + jitter

                score = disc(fake, cmap).squeeze()
                target = soften_real(target)
                g_total = bce(score, target)
                g_total.backward()
                DGz2 = score.mean().item()
                opt_g.step()

                if (k+1)%150 == 0:
                    print('epoch [{}/{}], batch [{}/{}], D: {:.4f}, G: {:.4f}, D(x): {:.2f}, D(G(z)) before: {:.2f}, D(G(z)) after: {:.2f}'.format(epoch+1, epochs, 
                                                                k+1, len(loader), d_total.item(), g_total.item(), Dx, DGz1, DGz2))

                step += 1

            # draw from the constant codes once per epoch
            dump_epoch_grid(epoch, 10)

            # record the last losses of the epoch
            g_hist.append(g_total.item())
            d_hist.append(d_total.item())
            sigma_hist.append(sigma)

    fig, ax1 = plt.subplots()
    plt.title("G and D losses over training")
    ax1.plot(g_hist,label="G", color='tab:red')
    ax1.plot(d_hist,label="D", color='tab:blue')
    ax1.set_xlabel("Epochs")
    ax1.set_ylabel("Loss")
    ax1.legend(loc=0)
    ax1.xaxis.set_major_locator(MaxNLocator(integer=True))

    # overlay the instance-noise schedule
    ax2 = ax1.twinx()
    ax2.plot(sigma_hist,label="σ", color='tab:green')
    ax2.set_ylabel("std")
    ax2.legend(loc=0)
    ax2.xaxis.set_major_locator(MaxNLocator(integer=True))
    plt.savefig('images/plot.png')

    # one batch of real doodles for display
    sample_batch = next(iter(loader))

    # show the real doodles
    plt.figure(figsize=(15,15))
    plt.subplot(1,2,1)
    plt.axis("off")
    plt.title("Real doodles")
    plt.imshow(np.transpose(vutils.make_grid(sample_batch[0].to(dev)[:64], padding=5, normalize=True).cpu(),(1,2,0)))
    plt.imsave('images/real.png', np.transpose(vutils.make_grid(sample_batch[0].to(dev)[:64], padding=5, normalize=True).cpu(),(1,2,0)).numpy(), cmap="gray")

    # write the weights
    torch.save(gen.state_dict(), 'results/generator_param.pkl')
    torch.save(disc.state_dict(), 'results/discriminator_param.pkl')

    frames = []
    for e in range(epochs):
        fname = "images/Epoch_{}.png".format(e)
        frames.append(imageio.imread(fname))
    imageio.mimsave('results/generation_animation.gif', frames, fps=5)

else:
    gen = Generator()
    gen.load_state_dict(torch.load('results/generator_param.pkl', map_location=torch.device(dev)))

    dump_epoch_grid(24, 10)



