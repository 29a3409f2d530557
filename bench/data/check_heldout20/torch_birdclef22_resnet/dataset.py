import math
import pandas as pd
import numpy as np
import colorednoise as cn
import random
import torch
import math
import torch.nn.functional as F
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
import matplotlib.pyplot as plt
import torchaudio

from config import CFG
import utils

NOISE_UNIFORM = 0
NOISE_GAUSS = 1
NOISE_PINK = 2


def _db_to_gain(level_db: float, as_amplitude=True):
    if as_amplitude:
        return 10 ** (level_db / 20)
    else:
        return 10 ** (level_db / 10)

def add_uniform_noise(y: np.ndarray):
    noise_scale = np.random.uniform(CFG.noise_level[0], CFG.noise_level[1])
    jitter = np.random.randn(len(y))
    noisy = (y + jitter * noise_scale).to(y.dtype)
    return noisy

def add_gaussian_noise(y: np.ndarray):
    jitter = np.random.normal(CFG.mean, CFG.sigma, y.shape)
    noisy = (y + jitter).to(y.dtype)
    return noisy

def add_pink_noise(y: np.ndarray):
    jitter = cn.powerlaw_psd_gaussian(1, len(y))
    noisy = (y + jitter).to(y.dtype)
    return noisy


class BirdClipDataset(Dataset):
    def __init__(self, meta_df, split='train', wave_tfms=None):
        self.split = split
        self.meta = meta_df
        self.to_mel = utils.get_mel_transform()

        train_table = pd.read_csv(CFG.root_path + 'train_metadata.csv')
        self.species = train_table["primary_label"].unique()

        self.clip_len = CFG.segment_train if (self.split=='train' or self.split=='val') else CFG.segment_test

    def __getitem__(self, item_idx):
        rec = self.meta.iloc[item_idx]

        clip_labels = [rec['primary_label']] + eval(rec['secondary_labels'])
        multi_hot_label = np.zeros(CFG.n_classes)
        for name in clip_labels:  
            multi_hot_label += (name == self.species)
        multi_hot_label = np.clip(multi_hot_label, 0, 1)

        wave, _ = torchaudio.load(filepath=CFG.input_path+rec['filename'])
        n_samples = wave.shape[1]
        wave = wave[0, :].reshape(1, n_samples)  # keep the first channel only

        n_chunks = math.ceil(n_samples / self.clip_len)
        stop = random.choice([(i+1)*self.clip_len for i in range(n_chunks)])

        if(stop > n_samples):
            n_pad = stop - n_samples
            wave_clip = F.pad(wave, (0, n_pad))[0,stop-self.clip_len:stop]
        else:
            wave_clip = wave[0,stop-self.clip_len:stop]
        
        if(self.split == 'train'):
            wave_clip = self.augment_wave(wave_clip)
    
        log_mel = torch.log10(self.to_mel(wave_clip)+1e-10)
        log_mel = (log_mel - torch.mean(log_mel)) / torch.std(log_mel)

        return log_mel, multi_hot_label


    @staticmethod
    def augment_wave(y: np.ndarray, **extra):
        # maybe add one kind of noise, chosen at random
        noise_kinds = [NOISE_UNIFORM, NOISE_GAUSS, NOISE_PINK]
        audio_data = y
        if noise_kinds and (random.random() < CFG.noise_p):
            kind = np.random.choice(noise_kinds, p=[0.5,0.3,0.2])
            if kind == NOISE_UNIFORM:
                audio_data = add_uniform_noise(audio_data)
            elif kind == NOISE_GAUSS:
                audio_data = add_gaussian_noise(audio_data)
            elif kind == NOISE_PINK:
                audio_data = add_pink_noise(audio_data)

        # maybe change the gain
        if noise_kinds and (random.random() < CFG.volume_p):
            gain_db = np.random.uniform(-CFG.db_limit, CFG.db_limit)
            if gain_db >= 0:
                audio_data *= _db_to_gain(gain_db)
            else:
                audio_data *= _db_to_gain(-gain_db)

        # maybe scale to unit peak
        if noise_kinds and (random.random() < CFG.normalize_p):
            peak = np.abs(audio_data).max()
            audio_data = audio_data * (1 / peak)

        np.clip(audio_data, 0, 1)
        return audio_data

    
    def __len__(self):
        return self.meta.shape[0]
        # a fixed small length was handy when debugging
