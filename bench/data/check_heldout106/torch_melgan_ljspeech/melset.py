import os
import glob
import torch
import random
import numpy as np
from torch.utils.data import Dataset, DataLoader

from wavio import load_wav_array


def build_loader(hp, opts, is_train):
    ds = MelWavPairs(hp, opts, is_train)

    if is_train:
        return DataLoader(dataset=ds, batch_size=hp.train.batch_size, shuffle=True,
            num_workers=hp.train.num_workers, pin_memory=True, drop_last=True)
    else:
        return DataLoader(dataset=ds, batch_size=1, shuffle=False,
            num_workers=hp.train.num_workers, pin_memory=True, drop_last=False)


class MelWavPairs(Dataset):
    def __init__(self, hp, opts, is_train):
        self.hp = hp
        self.opts = opts
        self.is_train = is_train
        self.root = hp.data.train if is_train else hp.data.validation
        self.wav_paths = glob.glob(os.path.join(self.root, '**', '*.wav'), recursive=True)
        self.mel_frames = hp.audio.segment_length // hp.audio.hop_length + 2
        self.partner = [k for k in range(len(self.wav_paths))]

    def __len__(self):
        return len(self.wav_paths)

    def __getitem__(self, idx):
        if self.is_train:
            first = idx
            second = self.partner[first]
            return self.load_pair(first), self.load_pair(second)
        else:
            return self.load_pair(idx)

    def reshuffle_partner(self):
        random.shuffle(self.partner)

    def load_pair(self, idx):
        wav_file = self.wav_paths[idx]
        mel_file = wav_file.replace('.wav', '.mel')
        sr, wav = load_wav_array(wav_file)
        if len(wav) < self.hp.audio.segment_length + self.hp.audio.pad_short:
            wav = np.pad(wav, (0, self.hp.audio.segment_length + self.hp.audio.pad_short - len(wav)), \
                    mode='constant', constant_values=0.0)

        wav = torch.from_numpy(wav).unsqueeze(0)
        mel = torch.load(mel_file).squeeze(0)

        if self.is_train:
            top = mel.size(1) - self.mel_frames
            m0 = random.randint(0, top)
            m1 = m0 + self.mel_frames
            mel = mel[:, m0:m1]

            w0 = m0 * self.hp.audio.hop_length
            wav = wav[:, w0:w0+self.hp.audio.segment_length]

        wav = wav + (1/32768) * torch.randn_like(wav)
        return mel, wav
