import os
import torch
import wandb  # experiment tracking
from torch.utils.data import Dataset, DataLoader, random_split
import torch.nn as nn
import torch.optim as optim
from tqdm import tqdm
from tokenizer.tokenizer import GPTTokenizer
from model.gpt2_model import GPT2
from utils.device_setup import get_device
from utils.config import load_config

class TokenWindows(Dataset):
    def __init__(self, ids, window):
        self.ids = ids
        self.window = window

    def __len__(self):
        return len(self.ids) - self.window

    def __getitem__(self, i):
        x_ids = self.ids[i:i+self.window]
        y_ids = self.ids[i+1:i+self.window+1]
        return (
            torch.tensor(x_ids, dtype=torch.long),
            torch.tensor(y_ids, dtype=torch.long)
        )

def read_token_file(tok: GPTTokenizer, path):
    with open(path, 'r', encoding='utf-8') as fh:
        text = fh.read()
    return text

def build_loaders(tok, cfg):
    ids = read_token_file(tok, cfg['data']['processed_path'])
    ids = ids.split()  # whitespace separated ids
    ids = [int(v) for v in ids]
    # ids = ids[:3000]

    return split_windows(ids, cfg['training']['seq_length'], cfg['training']['batch_size'])

def split_windows(ids, window, bs):
    windows = TokenWindows(ids, window)
    n_val = int(0.15 * len(windows))
    n_train = len(windows) - n_val
    tr_part, va_part = random_split(windows, [n_train, n_val])

    tr_loader = DataLoader(tr_part, batch_size=bs, shuffle=True, num_workers=10)
    va_loader = DataLoader(va_part, batch_size=bs, shuffle=False, num_workers=10)

    return tr_loader, va_loader

def run_train_epoch(net, loader, loss_fn, opt, scaler, dev, n_vocab, ep):
    net.train()
    ep_loss = 0
    for it, (x, y) in enumerate(tqdm(loader, desc=f"train epoch {ep+1}")):
        x = x.to(dev)
        y = y.to(dev)

        opt.zero_grad()

        with torch.amp.autocast(device_type='cuda'):
            logits = net(x)  # (N, seq_length, vocab_size)
            loss = loss_fn(logits.view(-1, n_vocab), y.view(-1))

        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()

        ep_loss += loss.item()

        # log every 50 steps
        if it % 50 == 0:
            wandb.log({"Train Loss": loss.item(), "Step": it, "Epoch": ep+1})

    return ep_loss / len(loader)

def run_val_epoch(net, loader, loss_fn, dev, n_vocab, ep):
    net.eval()
    va_loss = 0
    with torch.no_grad():
        for it, (x, y) in enumerate(tqdm(loader, desc=f"val epoch {ep+1}")):
            x = x.to(dev)
            y = y.to(dev)

            with torch.amp.autocast(device_type='cuda'):
                logits = net(x)  # (N, seq_length, vocab_size)
                loss = loss_fn(logits.view(-1, n_vocab), y.view(-1))

            va_loss += loss.item()

            # per-step validation logging
            wandb.log({"Validation Loss": loss.item(), "Step": it, "Epoch": ep+1})

    return va_loss / len(loader)

def keep_best(net, mean_va, best_va, path):
    if mean_va < best_va:
        best_va = mean_va
        torch.save(net.state_dict(), path)
        print(f"new best validation loss {mean_va:.4f}, weights saved")
    return best_va

def train_model(cfg):
    dev = get_device(cfg)
    print(f"device: {dev}")

    # tracking
    wandb.init(project=cfg["project_name"], config=cfg)

    # data
    tok = GPTTokenizer(cfg)
    n_vocab = tok.get_vocab_size()
    tr_loader, va_loader = build_loaders(tok, cfg)

    # network
    net = GPT2(
        vocab_size=n_vocab,
        embed_size=cfg['model']['embed_size'],
        num_layers=cfg['model']['num_layers'],
        num_heads=cfg['model']['num_heads'],
        ff_hidden_dim=cfg['model']['ff_hidden_dim'],
        max_length=cfg['model']['max_length'],
        dropout=cfg['model']['dropout']
    ).to(dev)

    loss_fn = nn.CrossEntropyLoss()
    opt = optim.AdamW(net.parameters(), lr=float(cfg['training']['learning_rate']))
    scaler = torch.amp.GradScaler()
    best_va = float('inf')

    # early stopping
    patience = cfg['training'].get('early_stopping_patience', 5)  # default 5 when absent
    stale = 0

    # epochs
    for ep in range(cfg['training']['epochs']):
        print(f"epoch {ep+1}/{cfg['training']['epochs']} starting")
        
        # train
        mean_tr = run_train_epoch(net, tr_loader, loss_fn, opt, scaler, dev, n_vocab, ep)
        print(f"epoch {ep+1} done, mean train loss {mean_tr:.4f}")

        # validate
        mean_va = run_val_epoch(net, va_loader, loss_fn, dev, n_vocab, ep)
        print(f"epoch {ep+1} done, mean val loss {mean_va:.4f}")

        # checkpoint
        best_va = keep_best(net, mean_va, best_va, cfg['model']['save_path'])

        # early stopping check
        if mean_va < best_va:
            best_va = mean_va
            stale = 0  # improvement resets the counter
        else:
            stale += 1
            print(f"no improvement: {stale}/{patience}")
        
        if stale >= patience:
            print(f"no improvement for {patience} epochs, stopping")
            break

if __name__ == "__main__":
    cfg = load_config()
    train_model(cfg)
