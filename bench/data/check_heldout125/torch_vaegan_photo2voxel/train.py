import torch
from torch import nn, optim
from model import Encoder, Generator, Discriminator
from torch.utils.data import DataLoader
from utils import reparameterise
import torch.autograd


# (anomaly detection left off)


def train_vae(pairs, epochs=100, batch_size=32, lr=3e-4):

    # batches of (photo, occupancy grid)
    batches = torch.utils.data.DataLoader(pairs, batch_size=batch_size, shuffle=True)

    # the three networks
    enc = Encoder()
    dec = Generator()
    critic = Discriminator()

    # put them on the accelerator when there is one
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    enc.to(device)
    dec.to(device)
    critic.to(device)

    # one Adam per network
    opt_enc = optim.Adam(enc.parameters(), lr=lr)
    opt_dec = optim.Adam(dec.parameters(), lr=lr)
    opt_critic = optim.Adam(critic.parameters(), lr=lr)

    # criterion
    bce = nn.BCELoss()

    for epoch in range(epochs):
        for i, (photo, grid) in enumerate(batches):

            if grid.size()[0] != int(batch_size):
                continue

            photo = photo.to(device).permute(0, 3, 1, 2).float()
            grid = grid.to(device).float()

            # photo -> latent code
            mu, logvar = enc(photo)
            code = reparameterise(mu, logvar)

            # critic on real grids against ones
            s_real = critic(grid)
            ones = torch.ones_like(critic(grid)).to(device).float()
            l_real = bce(s_real, ones)

            # decoded grids
            grid_hat = dec(code.detach())
            s_fake = critic(grid_hat)
            zeros = torch.zeros_like(s_fake).to(device).float()
            l_fake = bce(s_fake, zeros)

            # critic update
            l_critic = l_real + l_fake
            opt_critic.zero_grad()
            l_critic.backward(retain_graph=True)
            opt_critic.step()

            # how often the critic is right
            hit_real = torch.ge(s_real.squeeze(), 0.5).float()
            hit_fake = torch.le(s_fake.squeeze(), 0.5).float()
            hit_rate = torch.mean(torch.cat((hit_real, hit_fake), 0))

            # squared error plus KL term for the encoder
            grid = grid.view(-1, 1, 64, 64, 64)
            rec = torch.sum(torch.pow((grid_hat - grid), 2))
            kl = (- 0.5 * torch.sum(1 + logvar - torch.pow(mu, 2) - torch.exp(logvar)))
            l_enc = rec + kl

            # encoder update
            opt_enc.zero_grad()
            l_enc.backward(retain_graph=True)
            opt_enc.step()

            # decoder objective
            s_fake = critic(grid_hat)
            l_dec = bce(s_fake, ones)
            l_dec = l_dec + rec

            # decoder update
            opt_dec.zero_grad()
            l_dec.backward()
            opt_dec.step()

            print('ep {}/{} it {}/{} rec {:.4f} kl {:.4f} d {:.4f} g {:.4f} dacc {:.4f}'.format(
                epoch + 1, epochs, i + 1, len(batches), rec.item(), kl.item(), l_critic.item(), l_dec.item(), hit_rate.item()))
