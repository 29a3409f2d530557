import sys
from pathlib import Path

import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from tqdm import tqdm

root_dir = Path(__file__).resolve().parents[1]
sys.path.append(str(root_dir))

from dataset import LineStream
from src.models.deepfm import DeepFMModel
from src.utils.metrics import compute_auc, compute_logloss


def run_eval(net, path, n_buckets, batch, dev):
    ds = LineStream(str(path), n_buckets=n_buckets)

    loader = DataLoader(
        ds,
        batch_size=batch,
        num_workers=0,
        pin_memory=torch.cuda.is_available()
    )

    net.eval()

    labels = []
    probs = []

    with torch.no_grad():
        for y, nums, cats in tqdm(loader, desc="eval"):
            y = y.to(dev, non_blocking=True)
            nums = nums.to(dev, non_blocking=True)
            cats = cats.to(dev, non_blocking=True)

            logit = net(nums, cats)
            p = torch.sigmoid(logit)

            labels.extend(y.detach().cpu().numpy().tolist())
            probs.extend(p.detach().cpu().numpy().tolist())

    auc = compute_auc(labels, probs)
    ll = compute_logloss(labels, probs)

    return auc, ll


def fit():
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"device: {dev}")

    split_dir = root_dir / "data" / "processed" / "criteo_split"
    tr_path = split_dir / "train.txt"
    va_path = split_dir / "valid.txt"

    n_buckets = 1_000_000
    dim = 16
    batch = 1024
    lr = 1e-4
    n_epochs = 3
    hidden = [256, 128, 64]
    drop = 0.2

    out_dir = root_dir / "outputs" / f"deepfm_dim{dim}"
    out_dir.mkdir(parents=True, exist_ok=True)

    tr_set = LineStream(str(tr_path), n_buckets=n_buckets)

    tr_loader = DataLoader(
        tr_set,
        batch_size=batch,
        num_workers=0,
        pin_memory=torch.cuda.is_available()
    )

    net = DeepFMModel(
        hash_size=n_buckets,
        num_dense=13,
        num_sparse=26,
        embed_dim=dim,
        mlp_dims=hidden,
        dropout=drop,
    ).to(dev)

    opt = torch.optim.Adam(net.parameters(), lr=lr)
    criterion = nn.BCEWithLogitsLoss()

    top_auc = 0.0
    top_epoch = 0

    log_file = out_dir / "train_log.txt"

    with open(log_file, "w", encoding="utf-8") as log:
        log.write(
            f"model=DeepFM\n"
            f"device={dev}\n"
            f"hash_size={n_buckets}\n"
            f"embed_dim={dim}\n"
            f"batch_size={batch}\n"
            f"lr={lr}\n"
            f"epochs={n_epochs}\n"
            f"mlp_dims={hidden}\n"
            f"dropout={drop}\n\n"
        )

        for ep in range(1, n_epochs + 1):
            net.train()

            loss_sum = 0.0
            n_steps = 0

            bar = tqdm(tr_loader, desc=f"epoch {ep}")

            for step, (y, nums, cats) in enumerate(bar):
                y = y.to(dev, non_blocking=True)
                nums = nums.to(dev, non_blocking=True)
                cats = cats.to(dev, non_blocking=True)

                logit = net(nums, cats)
                loss = criterion(logit, y)

                opt.zero_grad()
                loss.backward()
                opt.step()

                loss_sum += loss.item()
                n_steps += 1

                if step % 100 == 0:
                    bar.set_postfix(loss=f"{loss.item():.4f}")

            mean_loss = loss_sum / n_steps

            va_auc, va_ll = run_eval(
                net=net,
                path=va_path,
                n_buckets=n_buckets,
                batch=batch,
                dev=dev
            )

            line = (
                f"epoch={ep}, "
                f"train_loss={mean_loss:.6f}, "
                f"valid_auc={va_auc:.6f}, "
                f"valid_logloss={va_ll:.6f}"
            )

            print(line)
            log.write(line + "\n")
            log.flush()

            if va_auc > top_auc:
                top_auc = va_auc
                top_epoch = ep

                ckpt = out_dir / "best.pt"

                torch.save(
                    {
                        "model_state_dict": net.state_dict(),
                        "model": "DeepFM",
                        "hash_size": n_buckets,
                        "embed_dim": dim,
                        "batch_size": batch,
                        "lr": lr,
                        "epoch": ep,
                        "valid_auc": va_auc,
                        "valid_logloss": va_ll,
                        "mlp_dims": hidden,
                        "dropout": drop,
                    },
                    ckpt
                )

                print(f"new best written to {ckpt}")

        tail = (
            f"\ntraining done.\n"
            f"best epoch: {top_epoch}\n"
            f"best valid auc: {top_auc:.6f}\n"
        )

        print(tail)
        log.write(tail)


if __name__ == "__main__":
    fit()
