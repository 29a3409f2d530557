import os
import gc
import numpy as np
import pandas as pd
from tqdm import tqdm

import torch
from torch import nn
from transformers import DistilBertTokenizer

import config as CFG
from dataset import PairDataset, build_transforms
from CLIP import CLIPModel
from utils import AvgMeter, get_lr


def split_captions():
    table = pd.read_csv(f"{CFG.captions_path}/captions.csv")
    n_images = table["id"].max() + 1 if not CFG.debug else 100
    all_ids = np.arange(0, n_images)
    np.random.seed(42)
    held_ids = np.random.choice(
        all_ids, size=int(0.2 * len(all_ids)), replace=False
    )
    fit_ids = [k for k in all_ids if k not in held_ids]
    fit_table = table[table["id"].isin(fit_ids)].reset_index(drop=True)
    held_table = table[table["id"].isin(held_ids)].reset_index(drop=True)
    return fit_table, held_table


def make_loader(table, tokenizer, mode):
    tfms = build_transforms(mode=mode)
    ds = PairDataset(
        table["image"].values,
        table["caption"].values,
        tokenizer=tokenizer,
        transforms=tfms,
    )
    loader = torch.utils.data.DataLoader(
        ds,
        batch_size=CFG.batch_size,
        num_workers=CFG.num_workers,
        shuffle=True if mode == "train" else False,
    )
    return loader


def fit_epoch(model, loader, opt, sched, sched_when):
    meter = AvgMeter()
    bar = tqdm(loader, total=len(loader))
    for batch in bar:
        batch = {k: v.to(CFG.device) for k, v in batch.items() if k != "caption"}
        loss = model(batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if sched_when == "batch":
            sched.step()

        n = batch["image"].size(0)
        meter.update(loss.item(), n)

        bar.set_postfix(train_loss=meter.avg, lr=get_lr(opt))
    return meter


def held_epoch(model, loader):
    meter = AvgMeter()

    bar = tqdm(loader, total=len(loader))
    for batch in bar:
        batch = {k: v.to(CFG.device) for k, v in batch.items() if k != "caption"}
        loss = model(batch)

        n = batch["image"].size(0)
        meter.update(loss.item(), n)

        bar.set_postfix(valid_loss=meter.avg)
    return meter


def run():
    fit_table, held_table = split_captions()
    tok = DistilBertTokenizer.from_pretrained(CFG.text_tokenizer)
    fit_loader = make_loader(fit_table, tok, mode="train")
    held_loader = make_loader(held_table, tok, mode="valid")


    model = CLIPModel().to(CFG.device)
    opt = torch.optim.AdamW(
        model.parameters(), lr=CFG.lr, weight_decay=CFG.weight_decay
    )
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
        opt, mode="min", patience=CFG.patience, factor=CFG.factor
    )
    sched_when = "epoch"

    best = float('inf')
    for ep in range(CFG.epochs):
        print(f"Epoch: {ep + 1}")
        model.train()
        fit_loss = fit_epoch(model, fit_loader, opt, sched, sched_when)
        model.eval()
        with torch.no_grad():
            held_loss = held_epoch(model, held_loader)
        
        if held_loss.avg < best:
            best = held_loss.avg
            torch.save(model.state_dict(), "best.pt")
            print("Saved a new best model")


if __name__ == "__main__":
    run()
