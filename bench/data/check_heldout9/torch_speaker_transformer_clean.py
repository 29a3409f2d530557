# -*- coding: utf-8 -*-
"""Speaker identification from mel features

with a small transformer encoder (ML2021 course, homework 4).

- Input: mel frames of one utterance; output: which speaker.
- Exported from a notebook.
"""

import os
import json
import torch
import random
from pathlib import Path
from torch.utils.data import Dataset
from torch.nn.utils.rnn import pad_sequence

class SpeakerMelDataset(Dataset):
  def __init__(self, data_root_dir, crop_frames=128):
    self.data_root_dir = data_root_dir
    self.crop_frames = crop_frames

    map_json_path = Path(data_root_dir) / "mapping.json"
    map_json = json.load(map_json_path.open())
    self.spk2idx = map_json["speaker2id"]

    meta_json_path = Path(data_root_dir) / "metadata.json"
    meta_by_speaker = json.load(open(meta_json_path))["speakers"]

    self.n_speakers = len(meta_by_speaker.keys())
    self.data_items = []
    for spk in meta_by_speaker.keys():
      for utt in meta_by_speaker[spk]:
        self.data_items.append([utt["feature_path"], self.spk2idx[spk]])

  def __len__(self):
    return len(self.data_items)

  def __getitem__(self, item_i):
    mel_file, spk = self.data_items[item_i]
    mel_seg = torch.load(os.path.join(self.data_root_dir, mel_file))

    if len(mel_seg) > self.crop_frames:
      crop_at = random.randint(0, len(mel_seg) - self.crop_frames)
      mel_seg = torch.FloatTensor(mel_seg[crop_at:crop_at+self.crop_frames])
    else:
      mel_seg = torch.FloatTensor(mel_seg)
    spk = torch.FloatTensor([spk]).long()
    return mel_seg, spk

  def count_speakers(self):
    return self.n_speakers

from torch.utils.data import DataLoader, random_split

def pad_collate(batch_items):
  """Pad the mel crops of a batch to one length."""
  mel_seg, spk = zip(*batch_items)
  mel_seg = pad_sequence(mel_seg, batch_first=True, padding_value=-20)    # pad with a tiny log-mel value
  return mel_seg, torch.FloatTensor(spk).long()

def make_dataloaders(data_root_dir, batch_n, worker_count):
  """Split the data 90/10 and wrap both parts in loaders."""
  full_dataset = SpeakerMelDataset(data_root_dir)
  n_speakers = full_dataset.count_speakers()
  n_train = int(0.9 * len(full_dataset))
  split_sizes = [n_train, len(full_dataset) - n_train]
  train_subset, valid_subset = random_split(full_dataset, split_sizes)

  loader_train = DataLoader(
    train_subset,
    batch_size=batch_n,
    shuffle=True,
    drop_last=True,
    num_workers=worker_count,
    pin_memory=True,
    collate_fn=pad_collate,
  )
  loader_valid = DataLoader(
    valid_subset,
    batch_size=batch_n,
    num_workers=worker_count,
    drop_last=True,
    pin_memory=True,
    collate_fn=pad_collate,
  )

  return loader_train, loader_valid, n_speakers

import torch.nn as nn
import torch.nn.functional as F

class SpeakerTransformer(nn.Module):
  def __init__(self, width=80, n_classes_out=600, drop_p=0.1):
    super().__init__()
    self.in_proj = nn.Linear(40, width)
    self.enc_block = nn.TransformerEncoderLayer(d_model=width, dim_feedforward=256, nhead=2)

    self.head_mlp = nn.Sequential(
      nn.Linear(width, width),
      nn.ReLU(),
      nn.Linear(width, n_classes_out),
    )

  def forward(self, mel_batch):
    hidden = self.in_proj(mel_batch)
    hidden = hidden.permute(1, 0, 2)
    hidden = self.enc_block(hidden)
    hidden = hidden.transpose(0, 1)
    pooled_mean = hidden.mean(dim=1)

    hidden = self.head_mlp(pooled_mean)
    return hidden

import math

from torch.optim import Optimizer
from torch.optim.lr_scheduler import LambdaLR

def cosine_warmup_sched(wrapped_optimizer: Optimizer, warm_n: int, total_n: int,
                                    cycles: float = 0.5, last_epoch_idx: int = -1):
  def lr_factor(cur_step):
    if cur_step < warm_n:
      return float(cur_step) / float(max(1, warm_n))
    frac_done = float(cur_step - warm_n) / float(max(1, total_n - warm_n))
    return max(0.0, 0.5 * (1.0 + math.cos(math.pi * float(cycles) * 2.0 * frac_done)))

  return LambdaLR(wrapped_optimizer, lr_factor, last_epoch_idx)

def forward_batch(batch_items, spk_model, ce_criterion, run_device):
  """One batch: loss and accuracy."""

  mel_batch, labels_b = batch_items
  mel_batch = mel_batch.to(run_device)
  labels_b = labels_b.to(run_device)

  logits = spk_model(mel_batch)

  step_loss = ce_criterion(logits, labels_b)

  pred_ids = logits.argmax(1)
  step_acc = torch.mean((pred_ids == labels_b).float())

  return step_loss, step_acc

from tqdm import tqdm

def run_validation(val_dataloader, spk_model, ce_criterion, run_device):
  """Mean accuracy over the validation loader."""

  spk_model.eval()
  loss_total = 0.0
  acc_total = 0.0
  prog_bar = tqdm(total=len(val_dataloader.dataset), ncols=0, desc="val", unit=" uttr")

  for i, batch_items in enumerate(val_dataloader):
    with torch.no_grad():
      step_loss, step_acc = forward_batch(batch_items, spk_model, ce_criterion, run_device)
      loss_total += step_loss.item()
      acc_total += step_acc.item()

    prog_bar.update(val_dataloader.batch_size)
    prog_bar.set_postfix(loss=f"{loss_total / (i+1):.2f}", accuracy=f"{acc_total / (i+1):.2f}")

  prog_bar.close()
  spk_model.train()

  return acc_total / len(val_dataloader)

from torch.optim import AdamW

def default_config():
  """Default run settings."""
  cfg = {
    "data_root_dir": "./Dataset",
    "ckpt_path": "model.ckpt",
    "batch_n": 32,
    "worker_count": 8,
    "val_every": 2000,
    "warm_steps": 1000,
    "save_every": 10000,
    "n_total_steps": 70000,
  }

  return cfg

def train_main(data_root_dir, ckpt_path, batch_n, worker_count, val_every, warm_steps, n_total_steps, save_every):
  """Training loop with periodic validation."""
  run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
  print(f"running on {run_device}")

  loader_train, loader_valid, n_speakers = make_dataloaders(data_root_dir, batch_n, worker_count)
  train_iter = iter(loader_train)
  print(f"data loaders ready",flush = True)

  spk_model = SpeakerTransformer(n_classes_out=n_speakers).to(run_device)
  ce_criterion = nn.CrossEntropyLoss()
  adamw_optimizer = AdamW(spk_model.parameters(), lr=1e-3)
  lr_sched = cosine_warmup_sched(adamw_optimizer, warm_steps, n_total_steps)
  print(f"network built",flush = True)

  best_val_acc = -1.0
  best_weights = None

  prog_bar = tqdm(total=val_every, ncols=0, desc="train", unit=" step")

  for step_i in range(n_total_steps):
    try:
      batch_items = next(train_iter)
    except StopIteration:
      train_iter = iter(loader_train)
      batch_items = next(train_iter)

    step_loss, step_acc = forward_batch(batch_items, spk_model, ce_criterion, run_device)
    loss_val = step_loss.item()
    acc_val = step_acc.item()

    step_loss.backward()
    adamw_optimizer.step()
    lr_sched.step()
    adamw_optimizer.zero_grad()

    prog_bar.update()
    prog_bar.set_postfix(loss=f"{loss_val:.2f}", accuracy=f"{acc_val:.2f}", step=step_i + 1)

    if (step_i + 1) % val_every == 0:
      prog_bar.close()

      val_acc_now = run_validation(loader_valid, spk_model, ce_criterion, run_device)

      if val_acc_now > best_val_acc:
        best_val_acc = val_acc_now
        best_weights = spk_model.state_dict()

      prog_bar = tqdm(total=val_every, ncols=0, desc="train", unit=" step")

    if (step_i + 1) % save_every == 0 and best_weights is not None:
      torch.save(best_weights, ckpt_path)
      prog_bar.write(f"update {step_i + 1}: best weights written (val accuracy {best_val_acc:.4f})")

  prog_bar.close()

if __name__ == "__main__":
  train_main(**default_config())
