# source: https://github.com/pytorch/examples/blob/0a8329cff339f4195f4c893780c18caaa51ee732/vae/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import print_function
import argparse
import torch
import torch.utils.data
from torch import nn, optim
from torch.nn import functional as F
from torchvision import datasets, transforms
from torchvision.utils import save_image


ap = argparse.ArgumentParser(description='variational autoencoder on handwritten digits')
ap.add_argument('--batch-size', type=int, default=128, metavar='B', help='images per batch')
ap.add_argument('--epochs', type=int, default=10, metavar='E', help='passes over the training images')
ap.add_argument('--no-cuda', action='store_true', default=False, help='stay on the CPU')
ap.add_argument('--seed', type=int, default=1, metavar='S', help='seed for torch')
ap.add_argument('--log-interval', type=int, default=10, metavar='K', help='print every K batches')
cfg = ap.parse_args()
cfg.cuda = not cfg.no_cuda and torch.cuda.is_available()

torch.manual_seed(cfg.seed)

dev = torch.device("cuda" if cfg.cuda else "cpu")

loader_opts = {'num_workers': 1, 'pin_memory': True} if cfg.cuda else {}
train_loader = torch.utils.data.DataLoader(
    datasets.MNIST('../mnist', train=True, download=True, transform=transforms.ToTensor()),
    shuffle=True, batch_size=cfg.batch_size, **loader_opts)
test_loader = torch.utils.data.DataLoader(
    datasets.MNIST('../mnist', train=False, transform=transforms.ToTensor()),
    shuffle=True, batch_size=cfg.batch_size, **loader_opts)


class DigitVAE(nn.Module):
    def __init__(self):
        super(DigitVAE, self).__init__()

        self.enc = nn.Linear(784, 400)
        self.to_mu = nn.Linear(400, 20)
        self.to_logvar = nn.Linear(400, 20)
        self.dec = nn.Linear(20, 400)
        self.out = nn.Linear(400, 784)

    def encode(self, flat):
        hidden = F.relu(self.enc(flat))
        return self.to_mu(hidden), self.to_logvar(hidden)

    def sample_z(self, mean, log_var):
        sigma = torch.exp(0.5 * log_var)
        noise = torch.randn_like(sigma)
        return mean + noise * sigma

    def decode(self, code):
        hidden = F.relu(self.dec(code))
        # keep probabilities away from 0 and 1 so the log-normaliser below stays finite
        return torch.clamp(torch.sigmoid(self.out(hidden)), min=1e-4, max=1.0 - 1e-4)

    def forward(self, pixels):
        mean, log_var = self.encode(pixels.view(-1, 784))
        z = self.sample_z(mean, log_var)
        return self.decode(z), mean, log_var


vae_net = DigitVAE().to(dev)
optimizer = optim.Adam(vae_net.parameters(), lr=1e-3)


def arctanh(v):
    return 0.5 * (torch.log(1.0 + v) - torch.log(1.0 - v))


def cb_log_normaliser(p, lo=0.49, hi=0.51):
    """log C(p) of the continuous Bernoulli; a series expansion is used near p = 0.5 where the closed form is 0/0."""
    far = torch.max(torch.le(p, lo), torch.gt(p, hi))
    safe = torch.where(far, p, lo * torch.ones_like(p))
    closed = torch.log(torch.abs(2.0 * arctanh(1 - 2.0 * safe))) - torch.log(torch.abs(1 - 2.0 * safe))
    series = torch.log(torch.tensor(2.0)) + 4.0 / 3.0 * torch.pow(p - 0.5, 2) + 104.0 / 45.0 * torch.pow(p - 0.5, 4)
    return torch.where(far, closed, series)


def vae_loss(recon, x, mean, log_var):
    """reconstruction term + continuous-Bernoulli correction + KL to the unit Gaussian, summed over the batch."""
    rec = F.binary_cross_entropy(recon, x.view(-1, 784), reduction='sum')
    correction = -torch.sum(cb_log_normaliser(recon))
    kl = -0.5 * torch.sum(1 + log_var - mean.pow(2) - log_var.exp())
    return rec + correction + kl


def train_one_epoch(ep):
    vae_net.train()
    train_loss_sum = 0
    for step, (images, _) in enumerate(train_loader):
        images = images.to(dev)
        optimizer.zero_grad()
        recon, mean, log_var = vae_net(images)
        loss = vae_loss(recon, images, mean, log_var)
        loss.backward()
        train_loss_sum += loss.item()
        optimizer.step()
        if step % cfg.log_interval == 0:
            seen = step * len(images)
            print(f'epoch {ep}: {seen}/{len(train_loader.dataset)} images, loss per image {loss.item() / len(images):.6f}')

    print(f'epoch {ep} finished, mean loss {train_loss_sum / len(train_loader.dataset):.4f}')


def evaluate(ep):
    vae_net.eval()
    eval_loss = 0
    with torch.no_grad():
        for k, (images, _) in enumerate(test_loader):
            images = images.to(dev)
            recon, mean, log_var = vae_net(images)
            eval_loss += vae_loss(recon, images, mean, log_var).item()
            if k == 0:
                shown = min(images.size(0), 8)
                pairs = torch.cat([images[:shown], recon.view(cfg.batch_size, 1, 28, 28)[:shown]])
                save_image(pairs.cpu(), 'out/recon_' + str(ep) + '.png', nrow=shown)

    eval_loss /= len(test_loader.dataset)
    print(f'held-out mean loss {eval_loss:.4f}')


if __name__ == "__main__":
    for ep in range(1, cfg.epochs + 1):
        train_one_epoch(ep)
        evaluate(ep)
        with torch.no_grad():
            z = torch.randn(64, 20).to(dev)
            z = vae_net.decode(z).cpu()
            save_image(z.view(64, 1, 28, 28), 'out/draws_' + str(ep) + '.png')
