'''
Digit generation on MNIST from a small diffusion model that is told which
digit to draw.
Built on the minDiffusion code (https://github.com/cloneofsimo/minDiffusion);
denoising diffusion: https://arxiv.org/abs/2006.11239
guidance without a separate classifier: https://arxiv.org/abs/2207.12598
'''

from typing import Dict, Tuple
from tqdm import tqdm
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import models, transforms
from torchvision.datasets import MNIST
from torchvision.utils import save_image, make_grid
import matplotlib.pyplot as plt
from matplotlib.animation import FuncAnimation, PillowWriter
import numpy as np


class DoubleConvGELU(nn.Module):
    def __init__(self, ch_in: int, ch_out: int, residual: bool = False) -> None:
        super().__init__()
        # conv + BN + GELU applied twice; a skip connection can be added
        self.keep_width = ch_in == ch_out
        self.residual = residual
        self.stage_a = nn.Sequential(
            nn.Conv2d(ch_in, ch_out, 3, 1, 1),
            nn.BatchNorm2d(ch_out),
            nn.GELU(),
        )
        self.stage_b = nn.Sequential(
            nn.Conv2d(ch_out, ch_out, 3, 1, 1),
            nn.BatchNorm2d(ch_out),
            nn.GELU(),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.residual:
            h1 = self.stage_a(x)
            h2 = self.stage_b(h1)
            # add the input itself only when its width matches the output
            if self.keep_width:
                res = x + h2
            else:
                res = h1 + h2
            return res / 1.414
        else:
            h1 = self.stage_a(x)
            h2 = self.stage_b(h1)
            return h2


class DownStage(nn.Module):
    def __init__(self, ch_in, ch_out):
        super(DownStage, self).__init__()
        # feature block followed by a 2x max-pool
        parts = [DoubleConvGELU(ch_in, ch_out), nn.MaxPool2d(2)]
        self.block = nn.Sequential(*[DoubleConvGELU(ch_in, ch_out), nn.MaxPool2d(2)])

    def forward(self, x):
        return self.block(x)


class UpStage(nn.Module):
    def __init__(self, ch_in, ch_out):
        super(UpStage, self).__init__()
        # upsample 2x with a transposed conv, then two feature blocks
        parts = [
            nn.ConvTranspose2d(ch_in, ch_out, 2, 2),
            DoubleConvGELU(ch_out, ch_out),
            DoubleConvGELU(ch_out, ch_out),
        ]
        self.block = nn.Sequential(*parts)

    def forward(self, x, bridge):
        x = torch.cat((x, bridge), 1)
        x = self.block(x)
        return x


class VectorEmbed(nn.Module):
    def __init__(self, in_dim, out_dim):
        super(VectorEmbed, self).__init__()
        # Linear-GELU-Linear embedding for the step and for the one-hot label
        self.in_dim = in_dim
        parts = [
            nn.Linear(in_dim, out_dim),
            nn.GELU(),
            nn.Linear(out_dim, out_dim),
        ]
        self.block = nn.Sequential(*parts)

    def forward(self, x):
        x = x.view(-1, self.in_dim)
        return self.block(x)


class ClassCondUNet(nn.Module):
    def __init__(self, ch_in, width=256, n_labels=10):
        super(ClassCondUNet, self).__init__()

        self.ch_in = ch_in
        self.width = width
        self.n_labels = n_labels

        self.stem = DoubleConvGELU(ch_in, width, residual=True)

        self.enc1 = DownStage(width, width)
        self.enc2 = DownStage(width, 2 * width)

        self.squeeze = nn.Sequential(nn.AvgPool2d(7), nn.GELU())

        self.t_emb1 = VectorEmbed(1, 2 * width)
        self.t_emb2 = VectorEmbed(1, 1 * width)
        self.c_emb1 = VectorEmbed(n_labels, 2 * width)
        self.c_emb2 = VectorEmbed(n_labels, 1 * width)

        self.lift = nn.Sequential(
            nn.ConvTranspose2d(2 * width, 2 * width, 7, 7),
            nn.GroupNorm(8, 2 * width),
            nn.ReLU(),
        )

        self.dec1 = UpStage(4 * width, width)
        self.dec2 = UpStage(2 * width, width)
        self.head = nn.Sequential(
            nn.Conv2d(2 * width, width, 3, 1, 1),
            nn.GroupNorm(8, width),
            nn.ReLU(),
            nn.Conv2d(width, self.ch_in, 3, 1, 1),
        )

    def forward(self, x, c, t, drop_mask):
        # x: noised digits, c: digit labels, t: step divided by the total,
        # drop_mask: 1 for samples whose label is hidden from the network
        x = self.stem(x)
        e1 = self.enc1(x)
        e2 = self.enc2(e1)
        bottleneck = self.squeeze(e2)

        c = nn.functional.one_hot(c, num_classes=self.n_labels).type(torch.float)

        # wipe the one-hot label of samples whose drop_mask is set
        drop_mask = drop_mask[:, None]
        drop_mask = drop_mask.repeat(1, self.n_labels)
        drop_mask = (-1 * (1 - drop_mask))
        c = c * drop_mask

        cs1 = self.c_emb1(c).view(-1, self.width * 2, 1, 1)
        ts1 = self.t_emb1(t).view(-1, self.width * 2, 1, 1)
        cs2 = self.c_emb2(c).view(-1, self.width, 1, 1)
        ts2 = self.t_emb2(t).view(-1, self.width, 1, 1)

        g1 = self.lift(bottleneck)
        g2 = self.dec1(cs1 * g1 + ts1, e2)   # label scales, time shifts
        g3 = self.dec2(cs2 * g2 + ts2, e1)
        res = self.head(torch.cat((g3, x), 1))
        return res


def noise_schedule(beta_lo, beta_hi, n_steps):
    """All per-step coefficients of the linear beta schedule, steps 0..n_steps."""
    assert beta_lo < beta_hi < 1.0, "need 0 < beta_lo < beta_hi < 1"

    betas_t = (beta_hi - beta_lo) * torch.arange(0, n_steps + 1, dtype=torch.float32) / n_steps + beta_lo
    sigma_t = torch.sqrt(betas_t)
    alphas_t = 1 - betas_t
    log_alphas = torch.log(alphas_t)
    abar = torch.cumsum(log_alphas, dim=0).exp()

    sqrt_abar = torch.sqrt(abar)
    inv_sqrt_alpha = 1 / torch.sqrt(alphas_t)

    sqrt_1m_abar = torch.sqrt(1 - abar)
    eps_coef = (1 - alphas_t) / sqrt_1m_abar

    return {
        "alpha": alphas_t,
        "inv_sqrt_alpha": inv_sqrt_alpha,
        "sigma": sigma_t,
        "alpha_bar": abar,
        "sqrt_abar": sqrt_abar,
        "sqrt_1m_abar": sqrt_1m_abar,
        "eps_coef": eps_coef,
    }


class GuidedDiffusion(nn.Module):
    def __init__(self, denoiser, beta_range, n_steps_total, dev, p_uncond=0.1):
        super(GuidedDiffusion, self).__init__()
        self.denoiser = denoiser.to(dev)

        # each coefficient table is stored as a buffer named after its key
        for k, v in noise_schedule(beta_range[0], beta_range[1], n_steps_total).items():
            self.register_buffer(k, v)

        self.n_steps_total = n_steps_total
        self.dev = dev
        self.p_uncond = p_uncond
        self.mse = nn.MSELoss()

    def forward(self, x, c):
        """Loss: add noise at a random step to each image and predict that noise."""
        t_idx = torch.randint(1, self.n_steps_total + 1, (x.shape[0],)).to(self.dev)
        eps_true = torch.randn_like(x)

        x_noisy = (
            self.sqrt_abar[t_idx, None, None, None] * x
            + self.sqrt_1m_abar[t_idx, None, None, None] * eps_true
        )

        # hide the label of a random subset of the batch
        drop_mask = torch.bernoulli(torch.zeros_like(c) + self.p_uncond).to(self.dev)

        return self.mse(eps_true, self.denoiser(x_noisy, c, t_idx / self.n_steps_total, drop_mask))

    def generate(self, n_gen, img_shape, dev, guidance=0.0):
        # each row is run twice, with and without its label, and the two noise
        # predictions are blended using the guidance weight
        x_cur = torch.randn(n_gen, *img_shape).to(dev)
        c_cur = torch.arange(0, 10).to(dev)
        c_cur = c_cur.repeat(int(n_gen / c_cur.shape[0]))

        drop_mask = torch.zeros_like(c_cur).to(dev)

        c_cur = c_cur.repeat(2)
        drop_mask = drop_mask.repeat(2)
        drop_mask[n_gen:] = 1.  # the copy without labels

        frames_kept = []  # snapshots kept for the gif
        print()
        for i in range(self.n_steps_total, 0, -1):
            print(f'denoising, step {i}', end='\r')
            t_cur = torch.tensor([i / self.n_steps_total]).to(dev)
            t_cur = t_cur.repeat(n_gen, 1, 1, 1)

            x_cur = x_cur.repeat(2, 1, 1, 1)
            t_cur = t_cur.repeat(2, 1, 1, 1)

            extra_noise = torch.randn(n_gen, *img_shape).to(dev) if i > 1 else 0

            eps_hat = self.denoiser(x_cur, c_cur, t_cur, drop_mask)
            eps_cond = eps_hat[:n_gen]
            eps_free = eps_hat[n_gen:]
            eps_hat = (1 + guidance) * eps_cond - guidance * eps_free
            x_cur = x_cur[:n_gen]
            x_cur = (
                self.inv_sqrt_alpha[i] * (x_cur - eps_hat * self.eps_coef[i])
                + self.sigma[i] * extra_noise
            )
            if i % 20 == 0 or i == self.n_steps_total or i < 8:
                frames_kept.append(x_cur.detach().cpu().numpy())

        frames_kept = np.array(frames_kept)
        return x_cur, frames_kept


def run_mnist_training():

    # run settings
    n_epochs = 20
    batch_n = 256
    n_steps_total = 400
    dev = "cuda:0"
    n_labels = 10
    width = 128
    base_lr = 1e-4
    keep_weights = False
    out_dir = './data/diffusion_outputs10/'
    guide_weights = [0.0, 0.5, 2.0]  # guidance weights tried when sampling

    diffusion = GuidedDiffusion(denoiser=ClassCondUNet(ch_in=1, width=width, n_labels=n_labels),
                beta_range=(1e-4, 0.02), n_steps_total=n_steps_total, dev=dev, p_uncond=0.1)
    diffusion.to(dev)

    to_tensor = transforms.Compose([transforms.ToTensor()])  # gives values in 0..1

    mnist_dataset = MNIST("./data", train=True, download=True, transform=to_tensor)
    mnist_loader = DataLoader(mnist_dataset, batch_size=batch_n, shuffle=True, num_workers=5)
    optimizer = torch.optim.Adam(diffusion.parameters(), lr=base_lr)

    for epoch_i in range(n_epochs):
        print(f'pass {epoch_i}')
        diffusion.train()

        # learning rate falls linearly to zero
        optimizer.param_groups[0]['lr'] = base_lr * (1 - epoch_i / n_epochs)

        progress = tqdm(mnist_loader)
        smooth_loss = None
        for x, c in progress:
            optimizer.zero_grad()
            x = x.to(dev)
            c = c.to(dev)
            batch_loss = diffusion(x, c)
            batch_loss.backward()
            if smooth_loss is None:
                smooth_loss = batch_loss.item()
            else:
                smooth_loss = 0.95 * smooth_loss + 0.05 * batch_loss.item()
            progress.set_description(f"smoothed loss {smooth_loss:.4f}")
            optimizer.step()

        # image grid: generated digits first, real ones after
        diffusion.eval()
        with torch.no_grad():
            n_gen = 4 * n_labels
            for gi, gw in enumerate(guide_weights):
                gen_imgs, gen_frames = diffusion.generate(n_gen, (1, 28, 28), dev, guidance=gw)

                real_imgs = torch.Tensor(gen_imgs.shape).to(dev)
                for k in range(n_labels):
                    for j in range(int(n_gen / n_labels)):
                        try:
                            pick = torch.squeeze((c == k).nonzero())[j]
                        except:
                            pick = 0
                        real_imgs[k + (j * n_labels)] = x[pick]

                both = torch.cat([gen_imgs, real_imgs])
                img_grid = make_grid(both * -1 + 1, nrow=10)
                save_image(img_grid, out_dir + f"image_ep{epoch_i}_w{gw}.png")
                print('grid written to ' + out_dir + f"image_ep{epoch_i}_w{gw}.png")

                if epoch_i % 5 == 0 or epoch_i == int(n_epochs - 1):
                    # gif of the reverse process for these samples
                    fig, ax_grid = plt.subplots(nrows=int(n_gen / n_labels), ncols=n_labels,
                                            sharex=True, sharey=True, figsize=(8, 3))

                    def draw_frame(i, gen_frames):
                        print(f'drawing gif frame {i} / {gen_frames.shape[0]}', end='\r')
                        artists = []
                        for r in range(int(n_gen / n_labels)):
                            for ci in range(n_labels):
                                ax_grid[r, ci].clear()
                                ax_grid[r, ci].set_xticks([])
                                ax_grid[r, ci].set_yticks([])
                                artists.append(ax_grid[r, ci].imshow(-gen_frames[i, (r * n_labels) + ci, 0],
                                                                  cmap='gray',
                                                                  vmin=(-gen_frames[i]).min(),
                                                                  vmax=(-gen_frames[i]).max()))
                        return artists
                    anim = FuncAnimation(fig, draw_frame, fargs=[gen_frames], interval=200,
                                        blit=False, repeat=True, frames=gen_frames.shape[0])
                    anim.save(out_dir + f"gif_ep{epoch_i}_w{gw}.gif", dpi=100, writer=PillowWriter(fps=5))
                    print('gif written to ' + out_dir + f"gif_ep{epoch_i}_w{gw}.gif")
        if keep_weights and epoch_i == int(n_epochs - 1):
            torch.save(diffusion.state_dict(), out_dir + f"model_{epoch_i}.pth")
            print('weights written to ' + out_dir + f"model_{epoch_i}.pth")


if __name__ == "__main__":
    run_mnist_training()
