import os
import torch
import torch.nn as nn
import matplotlib.pyplot as plt
from tqdm import tqdm

from sr_nets import Generator, Discriminator, VGGFeatureExtractor
from pairs_dataset import make_loader


def train():
    
    TABLE = "data/sr/pairs_train.csv"
    OUT = "runs/sr_gan"
    os.makedirs(OUT, exist_ok=True)

    DEV = "cuda" if torch.cuda.is_available() else "cpu"
    N_EPOCHS = 150              
    LR = 1e-4
    BS = 8

   
    loader = make_loader(TABLE, batch_size=BS)
    g = Generator().to(DEV)
    d = Discriminator().to(DEV)
    feat = VGGFeatureExtractor().to(DEV)

    adv_loss = nn.BCELoss()
    content_loss = nn.MSELoss()
    opt_g = torch.optim.Adam(g.parameters(), lr=LR)
    opt_d = torch.optim.Adam(d.parameters(), lr=LR)

    
    g_last = os.path.join(OUT, "g_last.pth")
    d_last = os.path.join(OUT, "d_last.pth")
    first_epoch = 0
    if os.path.exists(g_last):
        print(f"continuing from {g_last}")
        g.load_state_dict(torch.load(g_last))
        if os.path.exists(d_last):
            d.load_state_dict(torch.load(d_last))
        first_epoch = int(os.path.basename(g_last).split("_")[-1].split(".")[0]) if "epoch" in g_last else 0

    
    for ep in range(first_epoch, N_EPOCHS):
        g_hist, d_hist = [], []
        for lo, hi in tqdm(loader, desc=f"epoch {ep+1}/{N_EPOCHS}"):
            lo, hi = lo.to(DEV), hi.to(DEV)
            yes = torch.ones((lo.size(0), 1), device=DEV)
            no = torch.zeros((lo.size(0), 1), device=DEV)

            
            opt_g.zero_grad()
            sr = g(lo)
            p_fake = d(sr)
            l_adv = adv_loss(p_fake, yes)
            l_content = content_loss(feat(sr), feat(hi).detach())
            l_g = l_content + 1e-3 * l_adv
            l_g.backward()
            opt_g.step()

            
            opt_d.zero_grad()
            p_real = d(hi)
            p_fake = d(sr.detach())
            l_d = (adv_loss(p_real, yes) + adv_loss(p_fake, no)) / 2
            l_d.backward()
            opt_d.step()

            g_hist.append(l_g.item())
            d_hist.append(l_d.item())

        g_avg = sum(g_hist) / len(g_hist)
        d_avg = sum(d_hist) / len(d_hist)
        print(f"[epoch {ep+1}/{N_EPOCHS}] G={g_avg:.4f}  D={d_avg:.4f}")

        
        torch.save(g.state_dict(), f"{OUT}/g_{ep+1:03d}.pth")
        torch.save(d.state_dict(), f"{OUT}/d_{ep+1:03d}.pth")
        torch.save(g.state_dict(), g_last)
        torch.save(d.state_dict(), d_last)

        
        if (ep + 1) % 5 == 0:
            with torch.no_grad():
                out = g(lo[:1])
                plt.figure(figsize=(9, 3))
                plt.subplot(1, 3, 1)
                plt.imshow(lo[0].permute(1, 2, 0).cpu())
                plt.title("low"); plt.axis("off")
                plt.subplot(1, 3, 2)
                plt.imshow(out[0].permute(1, 2, 0).cpu())
                plt.title("super"); plt.axis("off")
                plt.subplot(1, 3, 3)
                plt.imshow(hi[0].permute(1, 2, 0).cpu())
                plt.title("high"); plt.axis("off")
                plt.tight_layout()
                plt.savefig(f"{OUT}/sample_{ep+1:03d}.png")
                plt.close()


if __name__ == "__main__":
    train()
