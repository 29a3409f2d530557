import os
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
import torchvision.datasets as datasets
import torchvision.transforms as transforms
from torch.utils.data import DataLoader
from DCGAN import Discriminator, Generator, initialize_weights
from dataset import Dataset

# run settings
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
lr = 2e-4
bs = 4
img_side = 64
n_channels = 3
latent_dim = 128
epochs = 1000
d_width = 64
g_width = 64

transforms = transforms.Compose(
    [transforms.Resize([img_side, img_side]),
     transforms.ToTensor(),
     transforms.Normalize(
         [0.5 for _ in range(n_channels)], [0.5 for _ in range(n_channels)]
     )]
)

# d_ckpt = r'model/Discriminator.ckpt'
# g_ckpt = r'model/Generator.ckpt'

faces = Dataset("data", transforms)
loader = DataLoader(faces, batch_size=bs, shuffle=True)


G = Generator(latent_dim, n_channels, g_width).to(dev)
D = Discriminator(n_channels, d_width).to(dev)
initialize_weights(G)
initialize_weights(D)

g_opt = optim.Adam(G.parameters(), lr=lr, betas=(0.5, 0.999))
d_opt = optim.Adam(D.parameters(), lr=lr, betas=(0.5, 0.999))
bce = nn.BCELoss()

probe_z = torch.randn(32, latent_dim, 1, 1).to(dev)
snap = 0
G.train()
D.train()

# # if os.path.exists(d_ckpt):
# D.load_state_dict(torch.load("model/Discriminator51.ckpt"))
# print("D restored")
# # if os.path.exists(g_ckpt):
# G.load_state_dict(torch.load("model/Generator.51.ckpt"))
# print("G restored")

for ep in range(epochs):
    for it, x_real in enumerate(loader):
        x_real = x_real.to(dev)
        z = torch.randn((bs, latent_dim, 1, 1)).to(dev)
        x_fake = G(z)
        # print(x_fake.shape)
        # critic step: raise log(D(x)) + log(1 - D(G(z)))
        d_on_real = D(x_real).reshape(-1)
        d_loss_real = bce(d_on_real, torch.ones_like(d_on_real))
        d_on_fake = D(x_fake).reshape(-1)
        d_loss_fake = bce(d_on_fake, torch.zeros_like(d_on_fake))
        d_loss = (d_loss_fake + d_loss_real) / 2
        D.zero_grad()
        d_loss.backward(retain_graph=True)
        d_opt.step()

        # generator step: raise log(D(G(z)))
        d_out = D(x_fake).reshape(-1)
        g_loss = bce(d_out, torch.ones_like(d_out))
        G.zero_grad()
        g_loss.backward()
        g_opt.step()

        if it == 0:
            print(f"ep [{ep}/{epochs}] D:{d_loss:.4f} G:{g_loss:.4f}")
            with torch.no_grad():
                x_fake = G(probe_z)
                grid_fake = torchvision.utils.make_grid(x_fake[:32], normalize=True)
                grid_real = torchvision.utils.make_grid(x_real[:32], normalize=True)
                torchvision.utils.save_image(grid_real, r'samples/real/%d.png' % snap)
                torchvision.utils.save_image(grid_fake, r'samples/fake/%d.png' % snap)

                snap = snap + 1
    if ep % 50 == 0:
        torch.save(D.state_dict(), f"model/Discriminator{ep+1}.ckpt")
        torch.save(G.state_dict(), f"model/Generator.{ep+1}.ckpt")
        print("checkpoint written")
