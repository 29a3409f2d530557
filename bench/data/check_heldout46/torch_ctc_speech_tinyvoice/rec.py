#!/usr/bin/env python3
import os
import time
import csv
import torch
import random
from tqdm.auto import tqdm
import torch.nn.functional as F
from torch import log_softmax, nn
import torch.optim as optim
import numpy as np
import torchaudio
from torch.utils.data import Dataset
from preprocess import ids_to_text, ALPHABET, text_to_ids, mel_features
from model import Rec

import torch.multiprocessing as mp
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

def read_corpus(name):
  print("reading corpus")
  corpus = torch.load('data/'+name+'.pt')
  print("corpus ready")
  return corpus

# NOTE: masking axes assume (..., freq, time); check that the batch axis is not masked.
# SpecAugment-style masks on (batch, freq, time)
augment = nn.Sequential(
  # 80 mel bins in all
  torchaudio.transforms.FrequencyMasking(freq_mask_param=15),
  # hop of 256 samples: ~86 frames a second
  torchaudio.transforms.TimeMasking(time_mask_param=35)
)

def make_batch(idx, corpus, dev, val=False):
  feats, labels, info = corpus
  x_lens = [info[i][1] for i in idx]
  y_lens = [info[i][2] for i in idx]
  longest = max(x_lens)
  X = feats[idx, :longest].to(device=dev, non_blocking=True).type(torch.float32)
  Y = labels[idx].to(device=dev, non_blocking=True)

  # encoder downsamples time by 4
  #x_lens = [shrink(n) for n in x_lens]

  # lengths as device tensors
  x_lens = torch.tensor(x_lens, dtype=torch.int32, device=dev)
  y_lens = torch.tensor(y_lens, dtype=torch.int32, device=dev)

  if not val:
    X = augment(X.permute(0,2,1)).permute(0,2,1)
  return X, Y, x_lens, y_lens

USE_WANDB = os.getenv("WAN") != None

def train(rank, world, corpus):

  # this rank's shard
  feats, labels, info = corpus
  n = feats.shape[0]
  n = n//world
  start = rank*n
  feats = feats[start:n+start]
  labels = labels[start:n+start]
  info = info[start:n+start]
  corpus = feats, labels, info

  print(f"rank {rank}/{world} holds rows {start}-{start+n}")
  torch.cuda.set_device(rank)
  torch.cuda.empty_cache()

  if USE_WANDB and rank == 0:
    import wandb
    wandb.init(project="tinyvoice", entity="geohot")

  if world > 1:
    dist.init_process_group("nccl", rank=rank, world_size=world)

  n_epochs = 200
  lr = 0.001
  #bs = 256//world
  bs = 96//world

  stamp = int(time.time())

  dev = f"cuda:{rank}"
  net = Rec().to(dev)
  if world > 1:
    net = DDP(net, device_ids=[rank])

  #sd = torch.load('demo/tinyvoice_1652627131_165_0.11.pt')
  #sd = {k[7:]:v for k,v in sd.items()}
  #net.load_state_dict(sd)

  n = feats.shape[0]
  cut = int(n*0.97)
  train_ids = [i for i in range(0, cut)]
  val_ids = [i for i in range(cut, n)]
  val_batches = np.array(val_ids)[:len(val_ids)//bs * bs].reshape(-1, bs)

  #opt = optim.Adam(net.parameters(), lr=lr)
  import apex
  opt = apex.optimizers.FusedAdam(net.parameters(), lr=lr)

  sched = optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, pct_start=0.2,
    steps_per_epoch=len(train_ids)//bs, epochs=n_epochs, anneal_strategy='linear', verbose=False)

  probe = mel_features('data/LJ037-0171.wav').to(dev)
  t_prev = time.monotonic()
  for ep in range(n_epochs):
    if USE_WANDB and rank == 0:
      wandb.watch(net)

    with torch.no_grad():
      net.eval()

      out, _ = net(probe[None], torch.tensor([probe.shape[0]], dtype=torch.int32, device=dev))
      txt = ids_to_text(out[:, 0, :].argmax(dim=1).cpu())
      print("PROBE", txt)

      dt = time.monotonic()-t_prev
      print(f"epoch {ep-1}: {dt:.2f} s, whole run {dt*n_epochs//60} min, {dt*(n_epochs-ep)//60} min left")
      t_prev = time.monotonic()

      val_losses = []
      for idx in (bar:=tqdm(val_batches)):
        xb, yb, x_lens, y_lens = make_batch(idx, corpus, dev, val=True)
        logp, out_lens = net(xb, x_lens)
        loss = F.ctc_loss(logp, yb, out_lens, y_lens, zero_infinity=True)
        val_losses.append(loss)
      v_loss = torch.mean(torch.tensor(val_losses)).item()
      print(f"val loss: {v_loss:.2f}")

      if (ep%5 == 0 or ep == n_epochs-1) and rank == 0:
        ckpt = f"models/tinyvoice_{stamp}_{ep}_{v_loss:.2f}.pt"
        torch.save(net.state_dict(), ckpt)
        print(f"wrote {ckpt}, {os.path.getsize(ckpt)} bytes")

    if USE_WANDB and rank == 0:
      wandb.log({"val_loss": v_loss, "lr": sched.get_last_lr()[0]})

    random.shuffle(train_ids)
    net.train()
    batches = np.array(train_ids)[:len(train_ids)//bs * bs].reshape(-1, bs)
    k = 0

    def step(batch):
      xb, yb, x_lens, y_lens = batch
      opt.zero_grad()
      logp, out_lens = net(xb, x_lens)
      loss = F.ctc_loss(logp, yb, out_lens, y_lens, zero_infinity=True)
      loss.backward()
      opt.step()
      sched.step()
      return loss

    pending = None
    for idx in (bar:=tqdm(batches)):
      if pending is not None:
        loss = step(pending)
        pending = make_batch(idx, corpus, dev)
      else:
        pending = make_batch(idx, corpus, dev)
        loss = step(pending)

      bar.set_description(f"epoch: {ep} loss: {loss.item():.2f} rank: {rank}")
      if USE_WANDB and k%10 == 0 and rank == 0:
        wandb.log({"loss": loss})
      k += 1

if __name__ == "__main__":
  corpus = read_corpus('cv')

  #read_corpus('lj')
  """
  world = 8
  os.environ['MASTER_ADDR'] = 'localhost'
  os.environ['MASTER_PORT'] = '12355'
  mp.spawn(train,
           args=(world,corpus),
           nprocs=world,
           join=True)
  """

  train(0, 1, corpus)
