import json
from pathlib import Path
from dataset import *
import numpy as np
import pandas as pd
from torch.utils.data import DataLoader, Dataset
from model import *
from tqdm import tqdm
import sys, os
from metrics import *
import torch
import argparse

argp = argparse.ArgumentParser(description='train the markdown-cell ranker')
argp.add_argument('--model_name_or_path', type=str, default='microsoft/codebert-base')
argp.add_argument('--train_mark_path', type=str, default='./data/train_mark.csv')
argp.add_argument('--train_features_path', type=str, default='./data/train_fts.json')
argp.add_argument('--val_mark_path', type=str, default='./data/val_mark.csv')
argp.add_argument('--val_features_path', type=str, default='./data/val_fts.csv')
argp.add_argument('--val_path', type=str, default="./data/val.csv")

argp.add_argument('--md_max_len', type=int, default=64)
argp.add_argument('--total_max_len', type=int, default=512)
argp.add_argument('--batch_size', type=int, default=8)
argp.add_argument('--accumulation_steps', type=int, default=4)
argp.add_argument('--epochs', type=int, default=5)
argp.add_argument('--n_workers', type=int, default=8)

opts = argp.parse_args()
os.mkdir("./outputs")
input_dir = Path('..//input/')

train_md_df = pd.read_csv(opts.train_mark_path).drop("parent_id", axis=1).dropna().reset_index(drop=True)
train_code_ctx = json.load(open(opts.train_features_path))
val_md_df = pd.read_csv(opts.val_mark_path).drop("parent_id", axis=1).dropna().reset_index(drop=True)
val_code_ctx = json.load(open(opts.val_features_path))
val_cells_df = pd.read_csv(opts.val_path)

orders_by_id = pd.read_csv("../input/train_orders.csv").set_index("id")
true_orders = pd.read_csv(
    input_dir / 'train_orders.csv',
    index_col='id',
    squeeze=True,
).str.split()

train_dataset = MdCellDataset(train_md_df, backbone_name=opts.model_name_or_path, max_md_len=opts.md_max_len,
                           max_total_len=opts.total_max_len, code_ctx=train_code_ctx)
val_dataset = MdCellDataset(val_md_df, backbone_name=opts.model_name_or_path, max_md_len=opts.md_max_len,
                         max_total_len=opts.total_max_len, code_ctx=val_code_ctx)
train_loader = DataLoader(train_dataset, batch_size=opts.batch_size, shuffle=True, num_workers=opts.n_workers,
                          pin_memory=False, drop_last=True)
val_loader = DataLoader(val_dataset, batch_size=opts.batch_size, shuffle=False, num_workers=opts.n_workers,
                        pin_memory=False, drop_last=False)


def to_cuda_batch(batch):
    return tuple(t.cuda() for t in batch[:-1]), batch[-1].cuda()


def run_validation(model, val_loader):
    model.eval()

    progress = tqdm(val_loader, file=sys.stdout)

    preds = []
    labels = []

    with torch.no_grad():
        for step, batch in enumerate(progress):
            inputs, target = to_cuda_batch(batch)

            with torch.cuda.amp.autocast():
                pred = model(*inputs)

            preds.append(pred.detach().cpu().numpy().ravel())
            labels.append(target.detach().cpu().numpy().ravel())

    return np.concatenate(labels), np.concatenate(preds)


def train(model, train_loader, val_loader, epochs):
    np.random.seed(0)
    # AdamW with no decay on biases/LayerNorm, linear warmup
    named_params = list(model.named_parameters())
    skip_decay = ['bias', 'LayerNorm.bias', 'LayerNorm.weight']
    param_groups = [
        {'params': [param for pname, param in named_params if not any(key in pname for key in skip_decay)], 'weight_decay': 0.01},
        {'params': [param for pname, param in named_params if any(key in pname for key in skip_decay)], 'weight_decay': 0.0}
    ]

    total_steps = int(opts.epochs * len(train_loader) / opts.accumulation_steps)
    optimizer = AdamW(param_groups, lr=3e-5,
                      correct_bias=False)  # no bias correction, as in the old BertAdam
    scheduler = get_linear_schedule_with_warmup(optimizer, num_warmup_steps=0.05 * total_steps,
                                                num_training_steps=total_steps)  # per-step schedule

    l1_loss = torch.nn.L1Loss()
    grad_scaler = torch.cuda.amp.GradScaler()

    for ep in range(epochs):
        model.train()
        progress = tqdm(train_loader, file=sys.stdout)
        step_losses = []
        preds = []
        labels = []

        for step, batch in enumerate(progress):
            inputs, target = to_cuda_batch(batch)

            with torch.cuda.amp.autocast():
                pred = model(*inputs)
                loss = l1_loss(pred, target)
            grad_scaler.scale(loss).backward()
            if step % opts.accumulation_steps == 0 or step == len(progress) - 1:
                grad_scaler.step(optimizer)
                grad_scaler.update()
                optimizer.zero_grad()
                scheduler.step()

            step_losses.append(loss.detach().cpu().item())
            preds.append(pred.detach().cpu().numpy().ravel())
            labels.append(target.detach().cpu().numpy().ravel())

            mean_loss = np.round(np.mean(step_losses), 4)

            progress.set_description(f"ep {ep + 1} | loss {mean_loss} | lr {scheduler.get_last_lr()}")

        val_true, val_pred = run_validation(model, val_loader)
        val_cells_df["pred"] = val_cells_df.groupby(["id", "cell_type"])["rank"].rank(pct=True)
        val_cells_df.loc[val_cells_df["cell_type"] == "markdown", "pred"] = val_pred
        pred_order = val_cells_df.sort_values("pred").groupby('id')['cell_id'].apply(list)
        print("kendall tau on val:", kendall_tau_score(true_orders.loc[pred_order.index], pred_order))
        torch.save(model.state_dict(), "./outputs/model.bin")

    return model, val_pred


model = MdRankModel(opts.model_name_or_path)
model = model.cuda()
model, val_pred = train(model, train_loader, val_loader, epochs=opts.epochs)
