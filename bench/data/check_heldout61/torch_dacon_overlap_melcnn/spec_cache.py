import torch
from tqdm import tqdm
from glob import glob
from scipy.io import wavfile
import os
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import scipy
import librosa
import librosa.display
import random
import torchvision.transforms as transforms

def read_wavs(wav_list, limit):
    acc = []
    step = 0
    for wav in tqdm(wav_list):
        # raw int16 samples of one clip
        rate, samples = wavfile.read(wav)
        acc.append(samples)
        step += 1

        if step > limit:
            break
    acc = np.array(acc)
    return acc

def mel_features(wav_list, limit):
    acc = []
    step = 0
    for wav in tqdm(wav_list):
        sig, rate_in = librosa.load(wav)
        spec = librosa.feature.melspectrogram(
            y = sig,
            n_fft = 1024,
            n_mels = 256,
            hop_length= 512
        )
        to_db = librosa.amplitude_to_db
        spec_db = to_db(spec, ref = 1.0)
        librosa.display.specshow(spec_db, y_axis='mel', fmax=8000, x_axis='time')




        acc.append(spec_db)
        step += 1
        if step > limit:
            break
    acc = np.array(acc)
    return acc

gpu = torch.device("cuda:0")


class MixupSpecSet(torch.utils.data.Dataset):
    def __init__(self, span):
        feats = glob('data/train/*.wav')
        limit = span[1]

        # raw-waveform variant (disabled): read every wav and scale










        feats = torch.load("cache/logmel_all.pt")
        self.x_data = feats[span[0]:span[1]]



        # soft targets (mixture proportions per class)
        targets = pd.read_csv('data/train_answer.csv', index_col=0)
        targets = targets.values
        targets = targets[span[0] : span[1]]






        self.y_data = torch.tensor(targets)
        self.len = span[1] - span[0]

    def __len__(self):
        return 2*self.len

    def __getitem__(self, step):
        if step >= self.len:
            w = random.random()
            if w > 0.3:
                w2 = 1 - w
                i_a = random.randint(0, self.len)%self.len
                i_b = random.randint(0, self.len)%self.len

                return w*self.x_data[i_a] + w2*self.x_data[i_b], w*self.y_data[i_a] + w2*self.y_data[i_b]
            else:
                step -= self.len
        return self.x_data[step], self.y_data[step]

