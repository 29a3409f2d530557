import torch
from torch import optim
from model import Encoder, Generator, Discriminator
from torch.utils.data import DataLoader
from utils import reparameterise, SavePloat_Voxels
import torch.autograd
import os

def test_vae(pairs, batch_size=32, lr=3e-4):

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

    rec_sum = 0
    for i, (photo, grid) in enumerate(batches):
        # drop the short last batch
        if grid.size()[0] != int(batch_size):
            continue

        photo = photo.to(device).permute(0, 3, 1, 2).float()
        grid = grid.to(device).float()

        # photo -> latent code
        mu, logvar = enc(photo)
        code = reparameterise(mu, logvar)
        grid_hat = dec(code)

        # per-sample squared error of the decoded grid
        rec = torch.sum(torch.pow((grid_hat - grid), 2), dim=(1, 2, 3))
        print(rec.size())
        print("batch recon" ,i," - ", torch.mean(rec))
        rec_sum += rec
        first8 = grid_hat.cpu().data[:8].squeeze().numpy()

        out_dir = "../data/recon_out"
        if not os.path.exists(out_dir):
            os.makedirs(out_dir)

        SavePloat_Voxels(first8, out_dir, i)

