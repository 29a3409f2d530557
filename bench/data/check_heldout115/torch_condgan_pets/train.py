#%%
print("importing")

import torch
import torch.optim as optim
import torch.nn as nn
from config import config
from data import read_codes, read_masks, read_images, read_mean
from image_nets import Generator, Discriminator

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

print("imports done")
# data onto the device
codes = read_codes().to(device)
masks = read_masks().to(device)
images = read_images().to(device)

img_mean = read_mean()

print("data ready")
l = 100
w_real = config['lambda_real']
w_fake = config['lambda_fake']
w_mismatch = config['lambda_mismatch']

# output folder
import os
if not os.path.exists(f'img_runs_{w_fake}_real_{w_real}'):
    os.makedirs(f'img_runs_{w_fake}_real_{w_real}')

# networks
G = Generator().to(device)
D = Discriminator().to(device)

# objective and optimizers
bce = nn.BCELoss()

opt_G = optim.Adam(G.parameters(), lr=0.0002, betas=(0.5, 0.999))
opt_D = optim.Adam(D.parameters(), lr=0.0002, betas=(0.5, 0.999))

nz = config['nz']
bs = config['batchSize']


#%%
print("training...")
n_epochs = 10

samples = []
g_hist = []
d_hist = []

step = 0

for ep in range(n_epochs):
    for k in range(0, len(codes), bs):
        # slice the batch
        b_code = codes[k:k + bs].float()
        b_img = images[k:k + bs].float()
        b_mask = masks[k:k + bs].float()
        b_code = b_code.unsqueeze(2).unsqueeze(3)
        if b_img.shape[0] != bs:
            break

        # one-hot the mask classes
        b_mask = nn.functional.one_hot(b_mask.to(torch.int64), num_classes=7).float().squeeze(1).permute(0, 3, 1, 2)

        # targets
        ones = torch.ones(len(b_img), 1, 1, 1).to(device)
        zeros = torch.zeros(len(b_img), 1, 1, 1).to(device)

        ############################
        # discriminator step
        ###########################
        D.zero_grad()

        # real pairs
        out = D(b_img, b_code, b_mask)
        d_real = bce(out, ones)
        d_real.backward()
        D_x = out.mean().item()

        # generated pairs
        z = torch.randn(bs, nz, 1, 1).to(device)
        fake = G(z, b_code, b_mask)
        # optional instance noise
        # fake = fake + torch.randn_like(fake) * 0.1
        out = D(fake.detach(), b_code, b_mask)
        d_fake = bce(out, zeros)
        d_fake.backward()
        opt_D.step()
        d_loss = d_real + d_fake
        D_G_z1 = out.mean().item()

        ############################
        # generator step
        ###########################
        G.zero_grad()
        out = D(fake,  b_code, b_mask)
        g_loss = bce(out, ones)
        g_loss.backward()
        opt_G.step()
        D_G_z2 = out.mean().item()

        if k % 50 == 0:
            print('[%d/%d][%d/%d]\tD: %.4f\tG: %.4f\tD(x): %.4f\tD(G(z)): %.4f / %.4f'
                % (ep, n_epochs, k, len(codes),
                    d_loss.item(), g_loss.item(), D_x, D_G_z1, D_G_z2))
            
        g_hist.append(g_loss.item())
        d_hist.append(d_loss.item())
        if (step % 500 == 0) or ((ep == n_epochs-1) and (k == len(codes)-1)):
            with torch.no_grad():
                samples.append(fake)
                torch.save(G.state_dict(), f'img_runs_{w_fake}_real_{w_real}/G_{step}.pth')
                torch.save(D.state_dict(), f'img_runs_{w_fake}_real_{w_real}/D.pth')
                torch.save({
                    'G_losses': g_hist,
                    'D_losses': d_hist,
                    'img_list': samples
                }, f'img_runs_{w_fake}_real_{w_real}/history.pth')
            
        step += 1

