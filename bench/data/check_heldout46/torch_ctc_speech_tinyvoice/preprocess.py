#!/usr/bin/env python3
import os
os.environ['OMP_NUM_THREADS'] = '1'

import random
import functools
import csv
from tqdm.auto import tqdm
import torch
from multiprocessing import Pool

ALPHABET = " abcdefghijklmnopqrstuvwxyz,.'"
MAX_FRAMES = 1600
MAX_CHARS = 250

import itertools
def ids_to_text(ids):
  ids = [k for k, g in itertools.groupby(ids)]
  return ''.join([ALPHABET[c-1] for c in ids if c != 0])

def text_to_ids(s):
  return [ALPHABET.index(c)+1 for c in s.lower() if c in ALPHABET]

mel_by_rate = {}
def mel_features(path):
  import torchaudio
  wave, rate = torchaudio.load(path, normalize=True)
  if rate not in mel_by_rate:
    # 80 mel bins, 25 ms window, 10 ms hop
    hop = int(rate/(1000/10))
    win = int(rate/(1000/25))
    mel_by_rate[rate] = torchaudio.transforms.MelSpectrogram(rate, n_fft=win, win_length=win, hop_length=hop, n_mels=80)
  mel = mel_by_rate[rate](wave)
  return mel[0].T
  #return torch.log10(mel[0].T)

def featurize(pair):
  path,text = pair
  fx = mel_features(path) #.type(torch.float16)
  fy = torch.tensor(text_to_ids(text), dtype=torch.uint8)
  #print(fx.shape[0], fx.sum(), fx.mean(), fx.var())
  if fx.shape[0] < MAX_FRAMES and len(fy) < MAX_CHARS:
    return fx, fy, (path, fx.shape[0], len(fy))
  else:
    return None, None, None

def list_librispeech(split):
  jobs = []
  ROOT = "/raid/ljspeech/LibriSpeech"
  for spk in tqdm(os.listdir(os.path.join(ROOT, split,))):
    for chap in os.listdir(os.path.join(ROOT, split, spk)):
      trans = os.path.join(ROOT, split, spk, chap, f"{spk}-{chap}.trans.txt")
      trans = open(trans).read().strip().split("\n")
      trans = dict([line.split(" ", 1) for line in trans])

      for fname in os.listdir(os.path.join(ROOT, split, spk, chap)):
        path = os.path.join(ROOT, split, spk, chap, fname)
        if path.endswith(".flac"):
          text = trans[fname[:-5]]
          jobs.append((path,text))
  return jobs

def list_ljspeech():
  ROOT = "/raid/ljspeech/LJSpeech-1.1"
  out = []
  with open(os.path.join(ROOT, 'metadata.csv'), newline='') as fh:
    rows = csv.reader(fh, delimiter='|')
    for r in rows:
      out.append((os.path.join(ROOT, 'wavs', r[0]+".wav"), r[1]))
  return out

def list_commonvoice(split):
  ROOT = "/raid/ljspeech/cv-corpus-9.0-2022-04-27/en"
  out = []
  with open(f"{ROOT}/{split}.tsv", newline='') as fh:
    rows = csv.reader(fh, delimiter='\t')
    for r in rows:
      if r[1].endswith(".mp3"):
        out.append((f"{ROOT}/clips/{r[1]}", r[2]))
  return out

def featurize_all(jobs):
  xs, ys, info = [], [], []
  with Pool(processes=8) as pool:
    #for fx,fy,meta in tqdm(map(featurize, jobs), total=len(jobs)):
    for fx,fy,meta in tqdm(pool.imap(featurize, jobs, chunksize=100), total=len(jobs)):
      if fx is not None:
        # copy out of the worker's shared storage
        xs.append(fx.clone())
        ys.append(fy.clone())
        info.append(meta)
  X_pad = torch.nn.utils.rnn.pad_sequence(xs, batch_first=True)
  Y_pad = torch.nn.utils.rnn.pad_sequence(ys, batch_first=True)
  return [X_pad, Y_pad, info]

if __name__ == "__main__":
  jobs = []
  jobs += list_librispeech("train-clean-100")
  print(f"{len(jobs)} clips")
  jobs += list_librispeech("train-clean-360")
  print(f"{len(jobs)} clips")
  #jobs += list_librispeech("test-clean")
  #print(f"{len(jobs)} clips")
  jobs += list_ljspeech()
  print(f"{len(jobs)} clips")
  cv = list_commonvoice("train")
  random.shuffle(cv)
  jobs += cv[0:100000]
  print(f"{len(jobs)} clips")

  random.seed(1337)
  random.shuffle(jobs)

  #jobs = jobs[0:1000]
  X,Y,info = featurize_all(jobs)
  print(X.shape, Y.shape)
  X = X.numpy()
  with open("data/big_X.raw", "wb") as fh:
    fh.write(X.data)
  torch.save([Y,info], "data/big_Y.pt")
  #torch.save([X,Y,info], "data/cv.pt")
