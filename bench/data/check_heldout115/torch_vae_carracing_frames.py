"""
Plain PyTorch loop that fits the frame VAE.
"""
import json

import numpy as np
import pandas as pd
import torch
from torch.utils.data import Dataset, DataLoader

from vae.vaemodel import VAE


class FrameSet(Dataset):
    """
    Wraps an array of game frames as channel-first float tensors
    """
    def __init__(self, frames: np.ndarray):
        """
        frames: (N, H, W, C) uint8 frames
        """
        self.frames = frames
        self.frames = torch.tensor(self.frames, dtype=torch.float32)
        self.frames /= 255  # into [0, 1]
        self.frames = self.frames.permute(0, 3, 1, 2)  # NHWC -> NCHW

    def __len__(self):
        return len(self.frames)

    def __getitem__(self, k):
        return self.frames[k], torch.tensor(0, dtype=torch.float32)


def fit_vae(net: VAE, ds: Dataset, n_epochs: int, bs: int, device="mps"):
    """
    Fits the VAE on the frame set.
    """
    dl = DataLoader(ds, batch_size=bs, shuffle=True, num_workers=4)
    net.to(device)
    opt = torch.optim.AdamW(net.parameters())
    net.train()
    recon_hist = []
    kl_hist = []
    for ep in range(n_epochs):
        recon_vals = []
        kl_vals = []
        for x, _ in dl:
            opt.zero_grad()
            x = x.to(device)
            x_rec, x, mu, log_var = net(x)
            rec, kl = net.loss_function(x_rec, x, mu, log_var)
            total = rec + kl
            total.backward()
            opt.step()

            recon_vals.append(rec.item())
            kl_vals.append(kl.item())

        mean_rec = sum(recon_vals) / len(recon_vals)
        mean_kl = sum(kl_vals) / len(kl_vals)
        recon_hist.append(mean_rec)
        kl_hist.append(mean_kl)
        print(f"epoch {ep + 1}/{n_epochs} | recon {mean_rec} | kl {mean_kl}")

    return recon_hist, kl_hist


def main():
    """
    Reads the config, loads the frames and trains.
    """
    with open("config.json", "r", encoding="utf-8") as fh:
        cfg = json.load(fh)

    tag = "frames_vae_small"

    net = VAE(cfg["img_size"], cfg["latent_dim"], cfg["encoder_blocks"], cfg["decoder_blocks"])

    frames = np.load("data/CarRacing-v2/human.npy")
    ds = FrameSet(frames)

    rec_hist, kl_hist = fit_vae(net, ds, 10, 64)
    torch.save(net.state_dict(), f"models/{tag}.pt")
    table = pd.DataFrame({"recons": rec_hist, "klds": kl_hist})
    table.to_csv(f"models/{tag}_results.csv")


if __name__ == "__main__":
    main()
