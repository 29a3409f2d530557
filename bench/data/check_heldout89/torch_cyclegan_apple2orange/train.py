from __future__ import absolute_import
from __future__ import division
from __future__ import print_function


import models
import torch
from torch import nn
import torchvision
import torchvision.datasets as dsets
import torchvision.transforms as transforms
import utils


""" device """
gpus = [0]
utils.pick_gpus(gpus)


""" settings """
n_epochs = 200
bs = 1
lr = 0.0002
root_dir = 'data/apple2orange'


""" input pipeline """
scale_to = 286
crop_to = 256

tfm = transforms.Compose(
    [transforms.RandomHorizontalFlip(),
     transforms.Scale(scale_to),
     transforms.RandomCrop(crop_to),
     transforms.ToTensor(),
     transforms.Normalize(mean=[0.5] * 3, std=[0.5] * 3)])

set_a = dsets.ImageFolder(root_dir+'/trainA', transform=tfm)
set_b = dsets.ImageFolder(root_dir+'/trainB', transform=tfm)
set_a_test = dsets.ImageFolder(root_dir+'/testA', transform=tfm)
set_b_test = dsets.ImageFolder(root_dir+'/testB', transform=tfm)
dl_a = torch.utils.data.DataLoader(set_a, batch_size=bs, shuffle=True, num_workers=0)
dl_b = torch.utils.data.DataLoader(set_b, batch_size=bs, shuffle=True, num_workers=0)
dl_a_test = torch.utils.data.DataLoader(set_a_test, batch_size=1, shuffle=True, num_workers=0)
dl_b_test = torch.utils.data.DataLoader(set_b_test, batch_size=1, shuffle=True, num_workers=0)

pool_a = utils.ItemPool()
pool_b = utils.ItemPool()


""" networks """
D_A = models.Discriminator()
D_B = models.Discriminator()
G_A = models.Generator()
G_B = models.Generator()
mse = nn.MSELoss()
l1 = nn.L1Loss()
utils.cuda([D_A, D_B, G_A, G_B])

opt_DA = torch.optim.Adam(D_A.parameters(), lr=lr, betas=(0.5, 0.999))
opt_DB = torch.optim.Adam(D_B.parameters(), lr=lr, betas=(0.5, 0.999))
opt_GA = torch.optim.Adam(G_A.parameters(), lr=lr, betas=(0.5, 0.999))
opt_GB = torch.optim.Adam(G_B.parameters(), lr=lr, betas=(0.5, 0.999))


""" training """
fixed_a = iter(dl_a_test).next()[0]
fixed_b = iter(dl_b_test).next()[0]
fixed_a, fixed_b = utils.cuda([fixed_a, fixed_b])



for ep in range(0, n_epochs):
    for it, (real_a, real_b) in enumerate(zip(dl_a, dl_b)):
        # global step
        gstep = ep * min(len(dl_a), len(dl_b)) + it + 1

        # batchnorm in training mode
        G_A.train()
        G_B.train()

        # drop the class labels
        real_a = real_a[0]
        real_b = real_b[0]
        real_a, real_b = utils.cuda([real_a, real_b])

        # generator pass: translations and cycles
        fake_a = G_A(real_b)
        fake_b = G_B(real_a)

        cyc_a = G_A(fake_b)
        cyc_b = G_B(fake_a)

        # adversarial terms
        dA_fake = D_A(fake_a)
        dB_fake = D_B(fake_b)
        ones_t = utils.cuda(torch.ones(dA_fake.size()))
        adv_a = mse(dA_fake, ones_t)
        adv_b = mse(dB_fake, ones_t)

        # cycle terms
        cyc_loss_a = l1(cyc_a, real_a)
        cyc_loss_b = l1(cyc_b, real_b)

        # total generator objective
        loss_G = adv_a + adv_b + cyc_loss_a * 10.0 + cyc_loss_b * 10.0

        # generator update
        G_A.zero_grad()
        G_B.zero_grad()
        loss_G.backward()
        opt_GA.step()
        opt_GB.step()

        # history pool of generated images
        fake_a = torch.Tensor(pool_a([fake_a.cpu().data.numpy()])[0])
        fake_b = torch.Tensor(pool_b([fake_b.cpu().data.numpy()])[0])
        fake_a, fake_b = utils.cuda([fake_a, fake_b])

        # critic pass
        dA_real = D_A(real_a)
        dA_fake = D_A(fake_a)
        dB_real = D_B(real_b)
        dB_fake = D_B(fake_b)
        ones_t = utils.cuda(torch.ones(dA_fake.size()))
        zeros_t = utils.cuda(torch.zeros(dA_fake.size()))

        # critic objectives
        dA_r = mse(dA_real, ones_t)
        dA_f = mse(dA_fake, zeros_t)
        dB_r = mse(dB_real, ones_t)
        dB_f = mse(dB_fake, zeros_t)

        loss_DA = dA_r + dA_f
        loss_DB = dB_r + dB_f

        # critic update
        D_A.zero_grad()
        D_B.zero_grad()
        loss_DA.backward()
        loss_DB.backward()
        opt_DA.step()
        opt_DB.step()

        if (it + 1) % 1 == 0:
            print("ep %3d it %5d/%5d  G %5.4f  D %5.4f" \
                  % (ep, it + 1, min(len(dl_a), len(dl_b)),loss_G.item(),loss_DA.item()+loss_DB.item()))

        if (it + 1) % 50 == 0:
            G_A.eval()
            G_B.eval()

            # translate the fixed test pair
            fake_a = G_A(fixed_b)
            fake_b = G_B(fixed_a)

            panel = (torch.cat([real_a, fake_b,  real_b, fake_a], dim=0).data + 1) / 2.0

            out_dir = './cyclegan_samples'
            utils.ensure_dirs(out_dir)
            torchvision.utils.save_image(panel, '%s/ep%d_it%d_of%d.jpg' % (out_dir, ep, it + 1, min(len(dl_a), len(dl_b))), nrow=2)

