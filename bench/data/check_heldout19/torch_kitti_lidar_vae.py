"""
Autoencoder / VAE for KITTI velodyne sweeps stored as 2-D range images, one
row per laser and one column per azimuth step.  The run script, with the helper
and network code it imported from the project copied in.
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


# ------------------------------------------------------------------ helpers
def xyz_to_range_np(pts):
    if len(pts.shape) == 4:
        pts = pts.transpose(1, 2, 3, 0)
    if pts.shape[2] > 4:
        assert pts.shape[0] <= 4
        pts = pts.transpose(1, 2, 0, 3)
        swapped = True
    else:
        swapped = False
    # keep two channels per pixel: distance in the ground plane and z
    planar = np.sqrt(pts[:, :, 0] ** 2 + pts[:, :, 1] ** 2)
    polar = np.stack([planar, pts[:, :, 2]], axis=2)
    if swapped:
        polar = polar.transpose(2, 0, 1, 3)
    if len(pts.shape) == 4:
        polar = polar.transpose(3, 0, 1, 2)
    return polar


def range_to_xyz(pts):
    azimuths = np.linspace(0, np.pi * 2, pts.shape[-1])
    planar, height = pts[:, 0], pts[:, 1]
    cx = torch.Tensor(np.cos(azimuths)).cuda().unsqueeze(0).unsqueeze(0) * planar
    cy = torch.Tensor(np.sin(azimuths)).cuda().unsqueeze(0).unsqueeze(0) * planar
    return torch.stack([cx, cy, height], dim=1)


def log_metric(tb, tag, amount, step_no, suffix=''):
    if isinstance(amount, list):
        if len(amount) == 0: return
        amount = torch.mean(torch.stack(amount))
    tag += ' ' * (40 - len(tag))
    print('{} [step {}] {:.4f}{}'.format(tag, step_no, amount, suffix))
    tb.add_scalar(tag, amount, step_no)


def dump_options(opts, out_dir):
    print(opts)
    with open(os.path.join(out_dir, 'args.json'), 'w') as fobj:
        json.dump(vars(opts), fobj)


def ensure_dir(out_dir):
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)


def init_weights(mod):
    cls_name = mod.__class__.__name__
    if cls_name.find('Conv') != -1:
        mod.weight.data.normal_(0.0, 0.02)
    elif cls_name.find('BatchNorm') != -1:
        mod.weight.data.normal_(1.0, 0.02)
        mod.bias.data.fill_(0)


def fill_holes(range_img):
    """Patch zero-range pixels using pooled values of nearby pixels."""
    canvas = torch.cuda.FloatTensor(range_img)
    if canvas.dim() == 3:
        canvas = canvas.unsqueeze(0)
    tries, padding_px, kernel = 0, 2, 5
    while (canvas[:, 0] == 0).sum() > 0:
        if tries > 100:
            raise ValueError()
        max_d = F.max_pool2d(canvas[:, 0], kernel, padding=padding_px, stride=1)
        min_z = -F.max_pool2d(-canvas[:, 1], kernel, padding=padding_px, stride=1)
        min_z = min_z.expand_as(max_d)
        candidate = torch.stack([max_d, min_z], dim=1)
        hole_mask = (canvas[:, 0] == 0).unsqueeze(1).float()
        canvas = canvas * (1 - hole_mask) + hole_mask * candidate
        tries += 1
    return canvas.cpu().data.numpy()


def clean_scans(scan_data):
    # crop to a fixed xyz box whose bounds were measured once on the training sweeps
    x_lo, x_hi = -41.1245002746582,   36.833248138427734
    y_lo, y_hi = -25.833599090576172, 30.474000930786133
    z_lo, z_hi = -2.3989999294281006, 0.7383332848548889
    scan_data = scan_data[:, 5:45]

    drop_mask = np.maximum(scan_data[:, :, :, 0] < x_lo, scan_data[:, :, :, 0] > x_hi)
    drop_mask = np.maximum(drop_mask, np.maximum(scan_data[:, :, :, 1] < y_lo, scan_data[:, :, :, 1] > y_hi))
    drop_mask = np.maximum(drop_mask, np.maximum(scan_data[:, :, :, 2] < z_lo, scan_data[:, :, :, 2] > z_hi))
    radius_sq = scan_data[:, :, :, 0] ** 2 + scan_data[:, :, :, 1] ** 2
    drop_mask = np.maximum(drop_mask, radius_sq < 7)

    scan_data = scan_data * (1 - np.expand_dims(drop_mask, -1))
    scan_data /= np.absolute(scan_data).max()

    scan_data = xyz_to_range_np(scan_data).transpose(0, 3, 1, 2)

    failed = []
    for i in range(scan_data.shape[0]):
        try:
            scan_data[i] = fill_holes(scan_data[i]).squeeze(0)
        except:
            print('scan %d could not be repaired, dropping it' % i)
            failed += [i]
    for i in failed:
        scan_data = np.concatenate([scan_data[:i-1], scan_data[i+1:]], axis=0)
    return scan_data[:, :, :, ::2]


# ------------------------------------------------------------------ networks
class RangeDecoder(nn.Module):
    def __init__(self, opts, z_ch=100, width=64, n_ch=3, base_unused=4, first_kernel=(2, 16)):
        super(RangeDecoder, self).__init__()
        self.opts = opts
        stack = [nn.ConvTranspose2d(z_ch, width * 8, first_kernel, 1, 0, bias=False), nn.BatchNorm2d(width * 8), nn.ReLU(True)]
        stack += [nn.ConvTranspose2d(width * 8, width * 4, (3, 4), stride=2, padding=(0, 1), bias=False), nn.BatchNorm2d(width * 4), nn.ReLU(True)]
        stack += [nn.ConvTranspose2d(width * 4, width * 2, (4, 4), stride=2, padding=(1, 1), bias=False), nn.BatchNorm2d(width * 2), nn.ReLU(True)]
        stack += [nn.ConvTranspose2d(width * 2, width * 1, (4, 4), stride=2, padding=(1, 1), bias=False), nn.BatchNorm2d(width * 1), nn.ReLU(True)]
        stack += [nn.ConvTranspose2d(width, n_ch, 4, 2, 1, bias=False), nn.Tanh()]
        self.body = nn.Sequential(*stack)

    def forward(self, latent):
        if len(latent.shape) == 2:
            latent = latent.unsqueeze(-1).unsqueeze(-1)
        return self.body(latent)


class RangeEncoder(nn.Module):
    def __init__(self, opts, width=64, n_ch=2, z_ch=1, last_kernel=(2, 16)):
        super(RangeEncoder, self).__init__()
        self.is_encoder = True if z_ch > 1 else False
        stack = [nn.Conv2d(n_ch, width, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True)]
        stack += [nn.Conv2d(width, width * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(width * 2), nn.LeakyReLU(0.2, inplace=True)]
        stack += [nn.Conv2d(width * 2, width * 4, 4, 2, 1, bias=False), nn.BatchNorm2d(width * 4), nn.LeakyReLU(0.2, inplace=True)]
        stack += [nn.Conv2d(width * 4, width * 8, (3, 4), 2, (0, 1), bias=False), nn.BatchNorm2d(width * 8), nn.LeakyReLU(0.2, inplace=True)]
        self.body = nn.Sequential(*stack)
        self.head = nn.Conv2d(width * 8, z_ch, last_kernel, 1, 0, bias=False)

    def forward(self, x, with_features=False):
        if x.size(-1) == 3:
            x = x.transpose(1, 3)
        feats = self.body(x)
        score = self.head(feats)
        if with_features:
            return score, feats
        return score if self.is_encoder else score.view(-1, 1).squeeze(1)


class RangeVAE(nn.Module):
    def __init__(self, opts):
        super(RangeVAE, self).__init__()
        self.opts = opts
        factor = 1 if opts.autoencoder else 2
        self.enc = RangeEncoder(opts, z_ch=opts.z_dim * factor, n_ch=3 if opts.no_polar else 2)
        self.dec = RangeDecoder(opts, z_ch=opts.z_dim, n_ch=2)

    def forward(self, x):
        latent = self.enc(x)
        while latent.dim() != 2:
            latent = latent.squeeze(-1)
        if self.opts.autoencoder:
            return self.dec(latent), None
        mean_z, log_var = torch.chunk(latent, 2, dim=1)
        sigma = torch.exp(0.5 * log_var)
        noise_e = torch.randn_like(sigma)
        # at eval time decode the posterior mean rather than a sample
        latent = noise_e.mul(sigma).add_(mean_z) if self.training else mean_z
        kl_term = RangeVAE.kl_to_prior(mean_z, log_var)
        return self.dec(latent), kl_term

    def draw(self, how_many=16, temperature=1):
        latent_noise = torch.cuda.FloatTensor(how_many, self.opts.z_dim).normal_(0, temperature)
        return self.dec(latent_noise)

    @staticmethod
    def kl_to_prior(mean_z, log_var):
        return -0.5 * torch.sum(1 + log_var - mean_z.pow(2) - log_var.exp(), dim=-1)


# ------------------------------------------------------------------ the run
arg_parser = argparse.ArgumentParser(description='range-image (V)AE for velodyne sweeps')
arg_parser.add_argument('--batch_size',       type=int, default=64)
arg_parser.add_argument('--use_selu',         type=int, default=0)
arg_parser.add_argument('--base_dir',         type=str, default='runs/test')
arg_parser.add_argument('--no_polar',         type=int, default=0)
arg_parser.add_argument('--lr',               type=float, default=1e-3)
arg_parser.add_argument('--z_dim',            type=int, default=128)
arg_parser.add_argument('--autoencoder',      type=int, default=1)
arg_parser.add_argument('--kl_warmup_epochs', type=int, default=150)
arg_parser.add_argument('--debug', action='store_true')
opts = arg_parser.parse_args()
ensure_dir(opts.base_dir)
dump_options(opts, opts.base_dir)

np.random.seed(0)
torch.manual_seed(0)
torch.cuda.manual_seed_all(0)

model = RangeVAE(opts).cuda()

ensure_dir(os.path.join(opts.base_dir, 'samples'))
ensure_dir(os.path.join(opts.base_dir, 'models'))
tb = tensorboardX.SummaryWriter(log_dir=os.path.join(opts.base_dir, 'TB'))
log_step = 0
n_show = 16

print('reading the sweep arrays')
train_scans = np.load('../lidar_generation/kitti_data/lidar.npz')
val_scans   = np.load('../lidar_generation/kitti_data/lidar_val.npz')

if opts.debug:
    train_scans, val_scans = train_scans[:128], val_scans[:128]

train_scans = clean_scans(train_scans).astype('float32')
val_scans   = clean_scans(val_scans).astype('float32')

loader_train = torch.utils.data.DataLoader(train_scans, batch_size=opts.batch_size,
                                           shuffle=True, num_workers=4, drop_last=True)
loader_val   = torch.utils.data.DataLoader(val_scans, batch_size=opts.batch_size,
                                           shuffle=False, num_workers=4, drop_last=False)

print(model)
model.apply(init_weights)
optimizer = optim.Adam(model.parameters(), lr=opts.lr)

# reconstruction error: absolute differences summed over every axis but the batch
recon_loss_fn = lambda a, b: (a - b).abs().sum(-1).sum(-1).sum(-1)

avg_of = lambda v: np.mean(v)
for epoch_i in range(150 if opts.autoencoder else 300):
    print('pass %s' % epoch_i)
    model.train()
    loss_hist, elbo_hist, klc_hist, klo_hist, recon_hist = [[] for _ in range(5)]
    # the decoder emits range images, so xyz inputs are converted before the encoder
    to_model_input = range_to_xyz if opts.no_polar else lambda t: t

    for i, img_batch in enumerate(loader_train):
        img_batch = img_batch.cuda()
        decoded, kl_value = model(to_model_input(img_batch))
        recon_loss = recon_loss_fn(decoded, img_batch)
        if opts.autoencoder:
            kl_weighted, kl_value = [torch.zeros_like(recon_loss)] * 2
        else:
            kl_weighted = min(1, float(epoch_i + 1) / opts.kl_warmup_epochs) * torch.clamp(kl_value, min=5)
        total_loss = (kl_weighted + recon_loss).mean(dim=0)
        elbo_val = (kl_value + recon_loss).mean(dim=0)

        loss_hist    += [total_loss.item()]
        elbo_hist    += [elbo_val.item()]
        klc_hist += [kl_value.mean(dim=0).item()]
        klo_hist  += [kl_weighted.mean(dim=0).item()]
        recon_hist   += [recon_loss.mean(dim=0).item()]

        optimizer.zero_grad()
        total_loss.backward()
        optimizer.step()

    log_step += 1
    log_metric(tb, 'train/loss', avg_of(loss_hist), log_step)
    log_metric(tb, 'train/elbo', avg_of(elbo_hist), log_step)
    log_metric(tb, 'train/kl_cost_', avg_of(klc_hist), log_step)
    log_metric(tb, 'train/kl_obj_', avg_of(klo_hist), log_step)
    log_metric(tb, 'train/recon', avg_of(recon_hist), log_step)

    if epoch_i % 10 == 0:
        decoded = decoded[:n_show].cpu().data.numpy()
        with open(os.path.join(opts.base_dir, 'samples/train_{}.npz'.format(epoch_i)), 'wb') as fobj:
            np.save(fobj, decoded)

    loss_hist, elbo_hist, klc_hist, klo_hist, recon_hist = [[] for _ in range(5)]
    with torch.no_grad():
        model.eval()
        for i, img_batch in enumerate(loader_val):
            img_batch = img_batch.cuda()
            decoded, kl_value = model(to_model_input(img_batch))
            recon_loss = recon_loss_fn(decoded, img_batch)
            if opts.autoencoder:
                kl_weighted, kl_value = [torch.zeros_like(recon_loss)] * 2
            else:
                kl_weighted = min(1, float(epoch_i + 1) / opts.kl_warmup_epochs) * torch.clamp(kl_value, min=5)
            total_loss = (kl_weighted + recon_loss).mean(dim=0)
            elbo_val = (kl_value + recon_loss).mean(dim=0)
            loss_hist    += [total_loss.item()]
            elbo_hist    += [elbo_val.item()]
            klc_hist += [kl_value.mean(dim=0).item()]
            klo_hist  += [kl_weighted.mean(dim=0).item()]
            recon_hist   += [recon_loss.mean(dim=0).item()]

        log_metric(tb, 'valid/loss', avg_of(loss_hist), log_step)
        log_metric(tb, 'valid/elbo', avg_of(elbo_hist), log_step)
        log_metric(tb, 'valid/recon', avg_of(recon_hist), log_step)

        if epoch_i % 10 == 0:
            with open(os.path.join(opts.base_dir, 'samples/test_{}.npz'.format(epoch_i)), 'wb') as fobj:
                np.save(fobj, decoded[:n_show].cpu().data.numpy())
            drawn = model.draw()
            with open(os.path.join(opts.base_dir, 'samples/sample_{}.npz'.format(epoch_i)), 'wb') as fobj:
                drawn = drawn.cpu().data.numpy()
                np.save(fobj, decoded[:n_show].cpu().data.numpy())
        if epoch_i == 0:
            with open(os.path.join(opts.base_dir, 'samples/real.npz'), 'wb') as fobj:
                np.save(fobj, img_batch.cpu().data.numpy())

    if (epoch_i + 1) % 10 == 0:
        torch.save(model.state_dict(), os.path.join(opts.base_dir, 'models/gen_{}.pth'.format(epoch_i)))
