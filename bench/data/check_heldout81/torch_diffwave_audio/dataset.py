import os
import sys
import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset
import torchaudio
from config import SAMPLE_RATE

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

class ClipFolder(Dataset):

    def __init__(self, wav_dir, mel_dir=None, max_samples=None) -> None:
        self.wav_dir = wav_dir
        self.mel_dir = mel_dir
        self.max_samples = max_samples
        n = 0
        # count the clips available in the folder
        for entry in os.listdir(self.wav_dir):
            if os.path.isfile(os.path.join(self.wav_dir, entry)):
                n += 1
        self.length = n


    def __len__(self):
        return self.length if self.max_samples is None or self.max_samples > self.length else self.max_samples

    def __getitem__(self, i):
        wav_name = os.listdir(self.wav_dir)[i]
        #read one clip
        wave, sr = torchaudio.load(os.path.join(self.wav_dir, wav_name))

        #resample when the file rate differs from SAMPLE_RATE
        if sr != SAMPLE_RATE:
            wave = torchaudio.functional.resample(wave, orig_freq=sr, new_freq=SAMPLE_RATE)
        wave = wave[0:1,:] #keep the first channel only, slice keeps the channel axis
        
        #optional mel spectrogram stored as .npy
        mel = None
        if self.mel_dir is not None:
            mel_name = os.listdir(self.mel_dir)[i]
            mel = torch.from_numpy(np.load(os.path.join(self.mel_dir, mel_name)))
            mel = mel[0:1,:, :] #first channel, axis kept
            return wave, SAMPLE_RATE, mel
        else:
            return wave, SAMPLE_RATE
