import os

import torch
from torch.utils.data import Dataset
import pandas as pd
import torchaudio


class UrbanSoundDataset(Dataset):

    def __init__(self,
                 meta_csv,
                 wav_root,
                 transform,
                 sr_target,
                 n_samples,
                 dev):
        self.meta = pd.read_csv(meta_csv)
        self.wav_root = wav_root
        self.dev = dev
        self.transform = transform.to(self.dev)
        self.sr_target = sr_target
        self.n_samples = n_samples

    def __len__(self):
        return len(self.meta)

    def __getitem__(self, idx):
        wav_path = self._path_for(idx)
        target = self._label_for(idx)
        wave, rate = torchaudio.load(wav_path)
        wave = wave.to(self.dev)
        wave = self._resample(wave, rate)
        wave = self._to_mono(wave)
        wave = self._truncate(wave)
        wave = self._pad_right(wave)
        wave = self.transform(wave)
        return wave, target

    def _truncate(self, wave):
        if wave.shape[1] > self.n_samples:
            wave = wave[:, :self.n_samples]
        return wave

    def _pad_right(self, wave):
        cur_len = wave.shape[1]
        if cur_len < self.n_samples:
            missing = self.n_samples - cur_len
            pad_spec = (0, missing)
            wave = torch.nn.functional.pad(wave, pad_spec)
        return wave

    def _resample(self, wave, rate):
        if rate != self.sr_target:
            resample = torchaudio.transforms.Resample(rate, self.sr_target)
            wave = resample(wave)
        return wave

    def _to_mono(self, wave):
        if wave.shape[0] > 1:
            wave = torch.mean(wave, dim=0, keepdim=True)
        return wave

    def _path_for(self, idx):
        fold_dir = f"fold{self.meta.iloc[idx, 5]}"
        path = os.path.join(self.wav_root, fold_dir, self.meta.iloc[
            idx, 0])
        return path

    def _label_for(self, idx):
        return self.meta.iloc[idx, 6]


if __name__ == "__main__":
    META_CSV = "/data/sounds/UrbanSound8K/metadata/UrbanSound8K.csv"
    WAV_ROOT = "/data/sounds/UrbanSound8K/audio"
    TARGET_SR = 22050
    CLIP_LEN = 22050

    if torch.cuda.is_available():
        dev = "cuda"
    else:
        dev = "cpu"
    print(f"device {dev}")

    melspec = torchaudio.transforms.MelSpectrogram(
        sample_rate=TARGET_SR,
        n_fft=1024,
        hop_length=512,
        n_mels=64
    )

    sounds = UrbanSoundDataset(META_CSV,
                               WAV_ROOT,
                               melspec,
                               TARGET_SR,
                               CLIP_LEN,
                               dev)
    print(f"{len(sounds)} clips in the set.")
    wave, target = sounds[0]
