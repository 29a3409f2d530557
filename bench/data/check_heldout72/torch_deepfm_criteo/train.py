import os
import yaml
import numpy as np
from tqdm import tqdm

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from offset_dataset import (
    SeekLineDataset,
    stack_rows,
    index_line_starts,
)
from deepfm import FieldDeepFM
from seeding import fix_seeds
from scoring import score_probs

torch.set_num_threads(20)

def read_config(cfg_file: str):
    with open(cfg_file, "r", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@torch.no_grad()
def run_eval(net, loader, device):
    net.eval()
    targets, probs = [], []
    for rows in loader:
        y = rows.y.to(device)
        num = rows.dense.to(device)
        cat = rows.sparse.to(device)
        logits = net(num, cat)
        p = torch.sigmoid(logits)
        targets.append(y.detach().cpu().numpy())
        probs.append(p.detach().cpu().numpy())
    y_all = np.concatenate(targets)
    p_all = np.concatenate(probs)
    return score_probs(y_all, p_all)


def main(cfg_file: str):
    cfg = read_config(cfg_file)

    fix_seeds(cfg["train"]["seed"])
    device = torch.device(cfg["train"]["device"] if torch.cuda.is_available() else "cpu")

    data_file = cfg["data"]["train_path"]
    assert os.path.exists(data_file), f"missing input: {data_file}"

    # cap_train = int(cfg["data"].get("max_train_rows", 5_000_000))
    # cap_val = int(cfg["data"].get("max_val_rows", 50_000))
    # cap_total = cap_train + cap_val

    starts = index_line_starts(data_file, max_lines=None)

    gen = np.random.default_rng(cfg["train"]["seed"])
    order = gen.permutation(len(starts))
    starts = starts[order]

    holdout = cfg["data"]["valid_ratio"]
    n_hold = int(len(starts) * holdout)

    hold_starts = starts[:n_hold]
    fit_starts = starts[n_hold:]

    print(f"fit rows: {len(fit_starts):,}  holdout rows: {len(hold_starts):,}")

    # datasets
    fit_ds = SeekLineDataset(
        data_file,
        fit_starts,
        bucket_per_field=cfg["features"]["hash_bucket_size_per_field"],
        num_dense=cfg["features"]["num_dense"],
        num_sparse=cfg["features"]["num_sparse"],
        cat_missing_token=cfg["features"]["cat_missing_token"],
    )

    hold_ds = SeekLineDataset(
        data_file,
        hold_starts,
        bucket_per_field=cfg["features"]["hash_bucket_size_per_field"],
        num_dense=cfg["features"]["num_dense"],
        num_sparse=cfg["features"]["num_sparse"],
        cat_missing_token=cfg["features"]["cat_missing_token"],
    )

    fit_dl = DataLoader(
        fit_ds,
        batch_size=cfg["data"]["batch_size"],
        shuffle=True,
        num_workers=cfg["data"]["num_workers"],
        pin_memory=False,
        collate_fn=stack_rows,
        drop_last=True,
    )
    hold_dl = DataLoader(
        hold_ds,
        batch_size=cfg["data"]["batch_size"],
        shuffle=True,
        num_workers=cfg["data"]["num_workers"],
        pin_memory=False,
        collate_fn=stack_rows,
        drop_last=True,
    )

    net = FieldDeepFM(
        num_dense=cfg["features"]["num_dense"],
        num_sparse=cfg["features"]["num_sparse"],
        hash_bucket_size_per_field=cfg["features"]["hash_bucket_size_per_field"],
        embed_dim=cfg["features"]["embed_dim"],
        mlp_dims=cfg["model"]["mlp_dims"],
        dropout=cfg["model"]["dropout"],
    ).to(device)

    optim = torch.optim.AdamW(
        net.parameters(),
        lr=cfg["train"]["lr"],
        weight_decay=cfg["train"]["weight_decay"],
    )
    bce = nn.BCEWithLogitsLoss()

    net.train()
    step = 0
    for epoch in range(1, cfg["train"]["epochs"] + 1):
        bar = tqdm(fit_dl, desc=f"pass {epoch}", ncols=100)
        for rows in bar:
            y = rows.y.to(device)
            num = rows.dense.to(device)
            cat = rows.sparse.to(device)

            logits = net(num, cat)
            loss = bce(logits, y)

            optim.zero_grad(set_to_none=True)
            loss.backward()
            optim.step()

            step += 1
            if step % cfg["train"]["log_every"] == 0:
                bar.set_postfix(loss=float(loss.detach().cpu().item()))

        scores = run_eval(net, hold_dl, device)
        print(f"[pass {epoch}] embed_dim={cfg['features']['embed_dim']} holdout_auc={scores['auc']:.6f} holdout_logloss={scores['logloss']:.6f}")

    os.makedirs("artifacts", exist_ok=True)
    out_file = "artifacts/deepfm.pt"
    torch.save({"model": net.state_dict(), "cfg": cfg}, out_file)
    print(f"checkpoint written: {out_file}")


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=str, default="configs/base.yaml")
    ns = ap.parse_args()
    main(ns.config)
