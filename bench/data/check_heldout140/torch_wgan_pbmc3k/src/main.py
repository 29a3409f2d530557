import torch
import os
from torch.utils.data import DataLoader
from dataclasses import dataclass

from src.preprocessor import Preprocessor
from src.datasets.pbmc3k import PBMC3kDataset
from src.models.wgan import Generator, Critic
from src.utils import calculate_grad_penalty, run_gen_eval


@dataclass
class Settings:
    raw_dir = "/kaggle/input/pbmc-3k-dataset"
    ckpt_dir = "checkpoints"
    processed_h5ad = "/kaggle/working/preprocessed_3k_pbmc.h5ad"

    epochs = 800
    batch_size = 32
    lr_gen = 1e-4
    lr_critic = 1e-4
    critic_steps = 5
    gp_weight = 10

    min_cells = 3
    min_genes = 10

    noise_dim = 128
    n_blocks = 2
    width = 256
    library_size = 20_000

    log_every = 20
    save_every = 5
    eval_every = 2


cfg = Settings()
device = "cuda" if torch.cuda.is_available() else "cpu"

prep = Preprocessor(
    cfg.raw_dir,
    cfg.processed_h5ad,
    cfg.min_genes,
    cfg.min_cells,
)

adata = prep.process()
os.makedirs(cfg.ckpt_dir, exist_ok=True)

cells = PBMC3kDataset(cfg.processed_h5ad)
loader = DataLoader(
    cells, batch_size=cfg.batch_size, shuffle=True, drop_last=True
)

gen = Generator(
    cfg.noise_dim, adata.n_vars, cfg.n_blocks, cfg.width
).to(device)
critic = Critic(adata.n_vars, cfg.n_blocks, cfg.width).to(device)

opt_gen = torch.optim.Adam(gen.parameters(), lr=cfg.lr_gen, betas=(0.0, 0.9))
opt_critic = torch.optim.Adam(
    critic.parameters(), lr=cfg.lr_critic, betas=(0.0, 0.9)
)

for epoch in range(cfg.epochs):
    gen.train()
    critic.train()

    gen_total = 0.0
    critic_total = 0.0

    for b, real in enumerate(loader):
        real = real.to(device)
        critic_sum = 0.0

        # critic step: widen the gap between real and generated scores
        for _ in range(cfg.critic_steps):
            z = torch.randn(real.shape[0], cfg.noise_dim).to(device)
            fake = gen(z)

            score_real = critic(real)
            score_fake = critic(fake.detach())

            gp = calculate_grad_penalty(critic, real, fake, device)

            loss_c = torch.mean(score_fake) - torch.mean(score_real) + cfg.gp_weight * gp
            critic_sum += loss_c.item()

            opt_critic.zero_grad()
            loss_c.backward()
            opt_critic.step()

        # generator step: raise the critic score of generated cells
        z = torch.randn(real.size(0), cfg.noise_dim).to(device)
        fake = gen(z)

        loss_g = -torch.mean(critic(fake))

        opt_gen.zero_grad()
        loss_g.backward()
        opt_gen.step()

        critic_mean = critic_sum / cfg.critic_steps

        gen_total += loss_g.item()
        critic_total += critic_mean

        if b % cfg.log_every == 0:
            print(
                f"[ep {epoch + 1}, step {b + 1}/{len(loader)}] G: {loss_g.item():.4f}, C: {critic_mean:.4f}"
            )

    if (epoch + 1) % cfg.eval_every == 0:
        run_gen_eval(adata, gen, critic, 2000, cfg.noise_dim, device)

    gen_avg = gen_total / len(loader)
    critic_avg = critic_total / len(loader)

    print(f"\n{'-'*60}")
    print(f"end of epoch {epoch+1}")
    print(f"mean G loss: {gen_avg:.4f}")
    print(f"mean C loss: {critic_avg:.4f}")
    print(f"{'-'*60}\n")

    if (epoch + 1) % cfg.save_every == 0:
        torch.save(
            {
                "epoch": epoch,
                "gen_state_dict": gen.state_dict(),
                "critic_state_dict": critic.state_dict(),
                "gen_optim_state_dict": opt_gen.state_dict(),
                "critic_optim_state_dict": opt_critic.state_dict(),
                "gen_loss": gen_avg,
                "critic_loss": critic_avg,
            },
            os.path.join(cfg.ckpt_dir, f"epoch_{epoch+1}.pth"),
        )
