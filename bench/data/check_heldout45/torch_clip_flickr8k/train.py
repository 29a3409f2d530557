import os
import gc
import numpy as np
import pandas as pd
from tqdm import tqdm

import torch
from torch import nn
from transformers import DistilBertTokenizer

import config as CFG
from dataset import PairDataset, make_augment
from model import CLIPModel
from utils import RunningMean, current_lr


def split_frames():
    table = pd.read_csv(f"{CFG.captions_path}")
    table['id'] = list(range(len(table)))
    n_ids = table["id"].max() + 1 if not CFG.debug else 100
    all_ids = np.arange(0, n_ids)
    np.random.seed(42)
    held_ids = np.random.choice(
        all_ids, size=int(0.2 * len(all_ids)), replace=False
    )
    fit_ids = [i for i in all_ids if i not in held_ids]
    fit_table = table[table["id"].isin(fit_ids)].reset_index(drop=True)
    held_table = table[table["id"].isin(held_ids)].reset_index(drop=True)
    return fit_table, held_table


def make_loader(table, tokenizer, split):
    augment = make_augment(split=split)
    ds = PairDataset(
        table["image"].values,
        table["caption"].values,
        tokenizer=tokenizer,
        augment=augment,
    )
    loader = torch.utils.data.DataLoader(
        ds,
        batch_size=CFG.batch_size,
        num_workers=CFG.num_workers,
        shuffle=True if split == "train" else False,
    )
    return loader


def fit_one_epoch(net, loader, opt, sched, when):
    meter = RunningMean()
    bar = tqdm(loader, total=len(loader))
    for batch in bar:
        batch = {k: v.to(CFG.device) for k, v in batch.items() if k != "caption"}
        loss = net(batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if when == "batch":
            sched.step()

        n = batch["image"].size(0)
        meter.update(loss.item(), n)

        bar.set_postfix(train_loss=meter.avg, lr=current_lr(opt))
    return meter


def score_epoch(net, loader):
    meter = RunningMean()

    bar = tqdm(loader, total=len(loader))
    for batch in bar:
        batch = {k: v.to(CFG.device) for k, v in batch.items() if k != "caption"}
        loss = net(batch)

        n = batch["image"].size(0)
        meter.update(loss.item(), n)

        bar.set_postfix(valid_loss=meter.avg)
    return meter


def main():
    fit_table, held_table = split_frames()
    tokenizer = DistilBertTokenizer.from_pretrained(CFG.text_tokenizer)
    fit_loader = make_loader(fit_table, tokenizer, split="train")
    held_loader = make_loader(held_table, tokenizer, split="valid")


    net = CLIPModel().to(CFG.device)
    opt = torch.optim.AdamW(
        net.parameters(), lr=CFG.lr, weight_decay=CFG.weight_decay
    )
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
        opt, mode="min", patience=CFG.patience, factor=CFG.factor
    )
    when = "epoch"

    best = float('inf')
    for epoch in range(CFG.epochs):
        print(f"Epoch {epoch + 1}")
        net.train()
        fit_meter = fit_one_epoch(net, fit_loader, opt, sched, when)
        net.eval()
        with torch.no_grad():
            held_meter = score_epoch(net, held_loader)
        
        if held_meter.avg < best:
            best = held_meter.avg
            torch.save(net.state_dict(), "best.pt")
            print("New best checkpoint written")


if __name__ == "__main__":
    main()
