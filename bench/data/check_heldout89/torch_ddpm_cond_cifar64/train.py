import os
import copy
import numpy as np
import torch
import torch.nn as nn
from tqdm import tqdm
from torch import optim
from utils import *
from modules import UNet_conditional, EMA
import logging
from torch.utils.tensorboard import SummaryWriter

logging.basicConfig(format="%(asctime)s [%(levelname)s] %(message)s", level=logging.INFO, datefmt="%H:%M:%S")


class GaussianChain:
    def __init__(self, T=1000, b0=1e-4, b1=0.02, res=256, dev="cuda"):
        self.noise_steps = T
        self.beta_start = b0
        self.beta_end = b1

        self.beta = self.prepare_noise_schedule().to(dev)
        self.alpha = 1. - self.beta
        self.alpha_hat = torch.cumprod(self.alpha, dim=0)

        self.img_size = res
        self.device = dev

    def prepare_noise_schedule(self):
        return torch.linspace(self.beta_start, self.beta_end, self.noise_steps)

    def noise_images(self, xt, ts):
        a_bar_sqrt = torch.sqrt(self.alpha_hat[ts])[:, None, None, None]
        one_minus_sqrt = torch.sqrt(1 - self.alpha_hat[ts])[:, None, None, None]
        eps = torch.randn_like(xt)
        return a_bar_sqrt * xt + one_minus_sqrt * eps, eps

    def sample_timesteps(self, count):
        return torch.randint(low=1, high=self.noise_steps, size=(count,))

    def sample(self, net, count, cls, guidance=3):
        logging.info(f"drawing {count} samples")
        net.eval()
        with torch.no_grad():
            xt = torch.randn((count, 3, self.img_size, self.img_size)).to(self.device)
            for k in tqdm(reversed(range(1, self.noise_steps)), position=0):
                ts = (torch.ones(count) * k).long().to(self.device)
                eps_hat = net(xt, ts, cls)
                if guidance > 0:
                    eps_free = net(xt, ts, None)
                    eps_hat = torch.lerp(eps_free, eps_hat, guidance)
                a = self.alpha[ts][:, None, None, None]
                a_bar = self.alpha_hat[ts][:, None, None, None]
                b = self.beta[ts][:, None, None, None]
                if k > 1:
                    z = torch.randn_like(xt)
                else:
                    z = torch.zeros_like(xt)
                xt = 1 / torch.sqrt(a) * (xt - ((1 - a) / (torch.sqrt(1 - a_bar))) * eps_hat) + torch.sqrt(b) * z
        net.train()
        xt = (xt.clamp(-1, 1) + 1) / 2
        xt = (xt * 255).type(torch.uint8)
        return xt


def fit(cfg):
    setup_logging(cfg.run_name)
    dev = cfg.device
    loader = get_data(cfg)
    net = UNet_conditional(num_classes=cfg.num_classes).to(dev)
    opt = optim.AdamW(net.parameters(), lr=cfg.lr)
    sq_loss = nn.MSELoss()
    chain = GaussianChain(res=cfg.image_size, dev=dev)
    tb = SummaryWriter(os.path.join("tb_logs", cfg.run_name))
    n_batches = len(loader)
    ema = EMA(0.995)
    ema_net = copy.deepcopy(net).eval().requires_grad_(False)

    for ep in range(cfg.epochs):
        logging.info(f"epoch {ep} begins")
        bar = tqdm(loader)
        for k, (x0, cls) in enumerate(bar):
            x0 = x0.to(dev)
            cls = cls.to(dev)
            ts = chain.sample_timesteps(x0.shape[0]).to(dev)
            x_noisy, z = chain.noise_images(x0, ts)
            if np.random.random() < 0.1:
                cls = None
            eps_hat = net(x_noisy, ts, cls)
            loss = sq_loss(z, eps_hat)

            opt.zero_grad()
            loss.backward()
            opt.step()
            ema.step_ema(ema_net, net)

            bar.set_postfix(MSE=loss.item())
            tb.add_scalar("MSE", loss.item(), global_step=ep * n_batches + k)

        if ep % 10 == 0:
            cls = torch.arange(10).long().to(dev)
            gen_imgs = chain.sample(net, count=len(cls), cls=cls)
            ema_imgs = chain.sample(ema_net, count=len(cls), cls=cls)
            plot_images(gen_imgs)
            save_images(gen_imgs, os.path.join("samples", cfg.run_name, f"ep{ep}.jpg"))
            save_images(ema_imgs, os.path.join("samples", cfg.run_name, f"ep{ep}_ema.jpg"))
            torch.save(net.state_dict(), os.path.join("weights", cfg.run_name, f"ckpt.pt"))
            torch.save(ema_net.state_dict(), os.path.join("weights", cfg.run_name, f"ema_ckpt.pt"))
            torch.save(opt.state_dict(), os.path.join("weights", cfg.run_name, f"optim.pt"))


def main():
    import argparse
    ap = argparse.ArgumentParser()
    cfg = ap.parse_args()
    cfg.run_name = "cond_ddpm_cifar"
    cfg.epochs = 300
    cfg.batch_size = 14
    cfg.image_size = 64
    cfg.num_classes = 10
    cfg.dataset_path = r"D:\data\cifar10_64\train"
    cfg.device = "cuda"
    cfg.lr = 3e-4
    fit(cfg)


if __name__ == '__main__':
    main()
    # sampling from a saved checkpoint:
    #
    #
    #
    #
    #
    #
    #
    #

