"""
(V)AE training on KITTI LiDAR scans laid out as 2-D range images
(rows = laser beams, columns = azimuth bins).  The training script plus the
utility and model modules of the project it imports.
"""
import argparse
import json
import os
import numpy as np
import torch
import torch.utils.data
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
import tensorboardX


# =========================================================== utility module
def to_polar_np(velo):
    if len(velo.shape) == 4:
        velo = velo.transpose(1, 2, 3, 0)
    if velo.shape[2] > 4:
        assert velo.shape[0] <= 4
        velo = velo.transpose(1, 2, 0, 3)
        switch = True
    else:
        switch = False
    # rows x cols x (3,4) -> planar distance and height
    dist = np.sqrt(velo[:, :, 0] ** 2 + velo[:, :, 1] ** 2)
    out = np.stack([dist, velo[:, :, 2]], axis=2)
    if switch:
        out = out.transpose(2, 0, 1, 3)
    if len(velo.shape) == 4:
        out = out.transpose(3, 0, 1, 2)
    return out


def from_polar(velo):
    angles = np.linspace(0, np.pi * 2, velo.shape[-1])
    dist, z = velo[:, 0], velo[:, 1]
    x = torch.Tensor(np.cos(angles)).cuda().unsqueeze(0).unsqueeze(0) * dist
    y = torch.Tensor(np.sin(angles)).cuda().unsqueeze(0).unsqueeze(0) * dist
    return torch.stack([x, y, z], dim=1)


def print_and_log_scalar(writer, name, value, write_no, end_token=''):
    if isinstance(value, list):
        if len(value) == 0: return
        value = torch.mean(torch.stack(value))
    name += ' ' * (40 - len(name))
    print('{} @ write {} = {:.4f}{}'.format(name, write_no, value, end_token))
    writer.add_scalar(name, value, write_no)


def print_and_save_args(args, path):
    print(args)
    with open(os.path.join(path, 'args.json'), 'w') as fh:
        json.dump(vars(args), fh)


def maybe_create_dir(path):
    if not os.path.exists(path):
        os.makedirs(path)


def weights_init(m):
    kind = m.__class__.__name__
    if kind.find('Conv') != -1:
        m.weight.data.normal_(0.0, 0.02)
    elif kind.find('BatchNorm') != -1:
        m.weight.data.normal_(1.0, 0.02)
        m.bias.data.fill_(0)


def remove_zeros(pc):
    """Fill empty (zero-distance) pixels from their neighbourhood."""
    grid = torch.cuda.FloatTensor(pc)
    if grid.dim() == 3:
        grid = grid.unsqueeze(0)
    it, pad, ks = 0, 2, 5
    while (grid[:, 0] == 0).sum() > 0:
        if it > 100:
            raise ValueError()
        near_d = F.max_pool2d(grid[:, 0], ks, padding=pad, stride=1)
        near_z = -F.max_pool2d(-grid[:, 1], ks, padding=pad, stride=1)
        near_z = near_z.expand_as(near_d)
        filled = torch.stack([near_d, near_z], dim=1)
        hole = (grid[:, 0] == 0).unsqueeze(1).float()
        grid = grid * (1 - hole) + hole * filled
        it += 1
    return grid.cpu().data.numpy()


def preprocess(scans):
    # fixed clipping box (percentiles precomputed on the training split)
    lo_a, hi_a = -41.1245002746582,   36.833248138427734
    lo_b, hi_b = -25.833599090576172, 30.474000930786133
    lo_c, hi_c = -2.3989999294281006, 0.7383332848548889
    scans = scans[:, 5:45]

    bad = np.maximum(scans[:, :, :, 0] < lo_a, scans[:, :, :, 0] > hi_a)
    bad = np.maximum(bad, np.maximum(scans[:, :, :, 1] < lo_b, scans[:, :, :, 1] > hi_b))
    bad = np.maximum(bad, np.maximum(scans[:, :, :, 2] < lo_c, scans[:, :, :, 2] > hi_c))
    r2 = scans[:, :, :, 0] ** 2 + scans[:, :, :, 1] ** 2
    bad = np.maximum(bad, r2 < 7)

    scans = scans * (1 - np.expand_dims(bad, -1))
    scans /= np.absolute(scans).max()

    scans = to_polar_np(scans).transpose(0, 3, 1, 2)

    dropped = []
    for i in range(scans.shape[0]):
        try:
            scans[i] = remove_zeros(scans[i]).squeeze(0)
        except:
            print('removing %d' % i)
            dropped += [i]
    for i in dropped:
        scans = np.concatenate([scans[:i-1], scans[i+1:]], axis=0)
    return scans[:, :, :, ::2]


# ============================================================= model module
class netG(nn.Module):
    def __init__(self, args, nz=100, ngf=64, nc=3, base=4, ff=(2, 16)):
        super(netG, self).__init__()
        self.args = args
        L = [nn.ConvTranspose2d(nz, ngf * 8, ff, 1, 0, bias=False), nn.BatchNorm2d(ngf * 8), nn.ReLU(True)]
        L += [nn.ConvTranspose2d(ngf * 8, ngf * 4, (3, 4), stride=2, padding=(0, 1), bias=False), nn.BatchNorm2d(ngf * 4), nn.ReLU(True)]
        L += [nn.ConvTranspose2d(ngf * 4, ngf * 2, (4, 4), stride=2, padding=(1, 1), bias=False), nn.BatchNorm2d(ngf * 2), nn.ReLU(True)]
        L += [nn.ConvTranspose2d(ngf * 2, ngf * 1, (4, 4), stride=2, padding=(1, 1), bias=False), nn.BatchNorm2d(ngf * 1), nn.ReLU(True)]
        L += [nn.ConvTranspose2d(ngf, nc, 4, 2, 1, bias=False), nn.Tanh()]
        self.main = nn.Sequential(*L)

    def forward(self, z):
        if len(z.shape) == 2:
            z = z.unsqueeze(-1).unsqueeze(-1)
        return self.main(z)


class netD(nn.Module):
    def __init__(self, args, ndf=64, nc=2, nz=1, lf=(2, 16)):
        super(netD, self).__init__()
        self.encoder = True if nz > 1 else False
        L = [nn.Conv2d(nc, ndf, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True)]
        L += [nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ndf * 2), nn.LeakyReLU(0.2, inplace=True)]
        L += [nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1, bias=False), nn.BatchNorm2d(ndf * 4), nn.LeakyReLU(0.2, inplace=True)]
        L += [nn.Conv2d(ndf * 4, ndf * 8, (3, 4), 2, (0, 1), bias=False), nn.BatchNorm2d(ndf * 8), nn.LeakyReLU(0.2, inplace=True)]
        self.main = nn.Sequential(*L)
        self.out = nn.Conv2d(ndf * 8, nz, lf, 1, 0, bias=False)

    def forward(self, x, return_hidden=False):
        if x.size(-1) == 3:
            x = x.transpose(1, 3)
        hid = self.main(x)
        o = self.out(hid)
        if return_hidden:
            return o, hid
        return o if self.encoder else o.view(-1, 1).squeeze(1)


class VAE(nn.Module):
    def __init__(self, args):
        super(VAE, self).__init__()
        self.args = args
        mult = 1 if args.autoencoder else 2
        self.encode = netD(args, nz=args.z_dim * mult, nc=3 if args.no_polar else 2)
        self.decode = netG(args, nz=args.z_dim, nc=2)

    def forward(self, x):
        z = self.encode(x)
        while z.dim() != 2:
            z = z.squeeze(-1)
        if self.args.autoencoder:
            return self.decode(z), None
        mu, logvar = torch.chunk(z, 2, dim=1)
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        # use the mean at eval time for sharper reconstructions
        z = eps.mul(std).add_(mu) if self.training else mu
        kl = VAE.gaussian_kl(mu, logvar)
        return self.decode(z), kl

    def sample(self, nb_samples=16, tmp=1):
        noise = torch.cuda.FloatTensor(nb_samples, self.args.z_dim).normal_(0, tmp)
        return self.decode(noise)

    @staticmethod
    def gaussian_kl(mu, logvar):
        return -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=-1)


# ========================================================= training script
cli = argparse.ArgumentParser(description='VAE training of LiDAR')
cli.add_argument('--batch_size',       type=int, default=64)
cli.add_argument('--use_selu',         type=int, default=0)
cli.add_argument('--base_dir',         type=str, default='runs/test')
cli.add_argument('--no_polar',         type=int, default=0)
cli.add_argument('--lr',               type=float, default=1e-3)
cli.add_argument('--z_dim',            type=int, default=128)
cli.add_argument('--autoencoder',      type=int, default=1)
cli.add_argument('--kl_warmup_epochs', type=int, default=150)
cli.add_argument('--debug', action='store_true')
args = cli.parse_args()
maybe_create_dir(args.base_dir)
print_and_save_args(args, args.base_dir)

np.random.seed(0)
torch.manual_seed(0)
torch.cuda.manual_seed_all(0)

model = VAE(args).cuda()

maybe_create_dir(os.path.join(args.base_dir, 'samples'))
maybe_create_dir(os.path.join(args.base_dir, 'models'))
writer = tensorboardX.SummaryWriter(log_dir=os.path.join(args.base_dir, 'TB'))
writes = 0
ns = 16

print('loading data')
scans_train = np.load('../lidar_generation/kitti_data/lidar.npz')
scans_val   = np.load('../lidar_generation/kitti_data/lidar_val.npz')

if args.debug:
    scans_train, scans_val = scans_train[:128], scans_val[:128]

scans_train = preprocess(scans_train).astype('float32')
scans_val   = preprocess(scans_val).astype('float32')

train_loader = torch.utils.data.DataLoader(scans_train, batch_size=args.batch_size,
                                           shuffle=True, num_workers=4, drop_last=True)
val_loader   = torch.utils.data.DataLoader(scans_val, batch_size=args.batch_size,
                                           shuffle=False, num_workers=4, drop_last=False)

print(model)
model.apply(weights_init)
optim = optim.Adam(model.parameters(), lr=args.lr)

# L1 reconstruction error summed over channels, rows and columns
loss_fn = lambda a, b: (a - b).abs().sum(-1).sum(-1).sum(-1)

mn = lambda v: np.mean(v)
for epoch in range(150 if args.autoencoder else 300):
    print('epoch %s' % epoch)
    model.train()
    loss_, elbo_, kl_cost_, kl_obj_, recon_ = [[] for _ in range(5)]
    # the network always outputs polar maps; inputs may be xyz instead
    process_input = from_polar if args.no_polar else lambda t: t

    for i, img in enumerate(train_loader):
        img = img.cuda()
        recon, kl_cost = model(process_input(img))
        loss_recon = loss_fn(recon, img)
        if args.autoencoder:
            kl_obj, kl_cost = [torch.zeros_like(loss_recon)] * 2
        else:
            kl_obj = min(1, float(epoch + 1) / args.kl_warmup_epochs) * torch.clamp(kl_cost, min=5)
        loss = (kl_obj + loss_recon).mean(dim=0)
        elbo = (kl_cost + loss_recon).mean(dim=0)

        loss_    += [loss.item()]
        elbo_    += [elbo.item()]
        kl_cost_ += [kl_cost.mean(dim=0).item()]
        kl_obj_  += [kl_obj.mean(dim=0).item()]
        recon_   += [loss_recon.mean(dim=0).item()]

        optim.zero_grad()
        loss.backward()
        optim.step()

    writes += 1
    print_and_log_scalar(writer, 'train/loss', mn(loss_), writes)
    print_and_log_scalar(writer, 'train/elbo', mn(elbo_), writes)
    print_and_log_scalar(writer, 'train/kl_cost_', mn(kl_cost_), writes)
    print_and_log_scalar(writer, 'train/kl_obj_', mn(kl_obj_), writes)
    print_and_log_scalar(writer, 'train/recon', mn(recon_), writes)

    if epoch % 10 == 0:
        recon = recon[:ns].cpu().data.numpy()
        with open(os.path.join(args.base_dir, 'samples/train_{}.npz'.format(epoch)), 'wb') as fh:
            np.save(fh, recon)

    loss_, elbo_, kl_cost_, kl_obj_, recon_ = [[] for _ in range(5)]
    with torch.no_grad():
        model.eval()
        for i, img in enumerate(val_loader):
            img = img.cuda()
            recon, kl_cost = model(process_input(img))
            loss_recon = loss_fn(recon, img)
            if args.autoencoder:
                kl_obj, kl_cost = [torch.zeros_like(loss_recon)] * 2
            else:
                kl_obj = min(1, float(epoch + 1) / args.kl_warmup_epochs) * torch.clamp(kl_cost, min=5)
            loss = (kl_obj + loss_recon).mean(dim=0)
            elbo = (kl_cost + loss_recon).mean(dim=0)
            loss_    += [loss.item()]
            elbo_    += [elbo.item()]
            kl_cost_ += [kl_cost.mean(dim=0).item()]
            kl_obj_  += [kl_obj.mean(dim=0).item()]
            recon_   += [loss_recon.mean(dim=0).item()]

        print_and_log_scalar(writer, 'valid/loss', mn(loss_), writes)
        print_and_log_scalar(writer, 'valid/elbo', mn(elbo_), writes)
        print_and_log_scalar(writer, 'valid/recon', mn(recon_), writes)

        if epoch % 10 == 0:
            with open(os.path.join(args.base_dir, 'samples/test_{}.npz'.format(epoch)), 'wb') as fh:
                np.save(fh, recon[:ns].cpu().data.numpy())
            sample = model.sample()
            with open(os.path.join(args.base_dir, 'samples/sample_{}.npz'.format(epoch)), 'wb') as fh:
                sample = sample.cpu().data.numpy()
                np.save(fh, recon[:ns].cpu().data.numpy())
        if epoch == 0:
            with open(os.path.join(args.base_dir, 'samples/real.npz'), 'wb') as fh:
                np.save(fh, img.cpu().data.numpy())

    if (epoch + 1) % 10 == 0:
        torch.save(model.state_dict(), os.path.join(args.base_dir, 'models/gen_{}.pth'.format(epoch)))
