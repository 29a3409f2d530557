import numpy as np
import pydub
from scipy.signal import spectrogram
from sklearn.model_selection import train_test_split
import pandas as pd
import torch.nn.functional as F
import torch
from torch.utils.data import DataLoader, TensorDataset, Subset


def load_mp3(path, scale=False):
    seg = pydub.AudioSegment.from_mp3(path)
    pcm = np.array(seg.get_array_of_samples())
    if seg.channels == 2:
        pcm = pcm.reshape([-1, 2])
    if scale:
        return seg.frame_rate, np.float32(pcm) / 2 ** 15
    else:
        return seg.frame_rate, pcm


index_df = pd.read_csv('archive/xeno-canto_ca-nv_index.csv')
durations = index_df['duration_seconds']
longest = np.max(durations * 25000)

species = np.zeros(2730)
for k in range(91):
    species[k*30:(k+1)*30] = k

species = torch.from_numpy(species)
species = F.one_hot(species.to(torch.int64), num_classes=91)

specs = np.empty([len(index_df['file_name']), 129, 200])

"""
(spectrogram extraction, run once and saved to text; kept disabled)
for k, fname in enumerate(index_df['file_name']):
    rate, wave = load_mp3(f'archive/xeno-canto-ca-nv/{fname}')
    if np.ndim(wave) > 1:
        wave = wave[:, 0]
    wave = np.concatenate((100 * np.random.normal(size=longest - int(len(wave)/2)), wave, 100 * np.random.normal(size=longest - int(len(wave)/2))))
    S = spectrogram(wave, fs=rate)[2]
    peak = np.where(S == np.max(S))
    S = np.log(S[:, peak[1][0] - 100:peak[1][0] + 100])
    print(S.shape, k)
    specs[k] = S

flat_specs = specs.reshape(specs.shape[0], -1)

np.savetxt("Spectrograms.txt", flat_specs)"""

flat_specs = np.loadtxt("Spectrograms.txt")

flat_specs = np.nan_to_num(specs)

specs = flat_specs.reshape([len(index_df['file_name']), 1, 129, 200])

X_fit, X_dev, y_fit, y_dev = train_test_split(torch.from_numpy(specs), species,
                                              test_size=0.2, random_state=8)

fit_set = TensorDataset(X_fit, y_fit)
dev_set = TensorDataset(X_dev, y_dev)

fit_batches = DataLoader(dataset=fit_set, batch_size=64, shuffle=True)
dev_batches = DataLoader(dataset=dev_set, batch_size=64)
