import argparse
import math
import os

import torch
import torchaudio
from torch.utils.data import Dataset

from .utils import get_magnitude, zero_pad


class NoisyMixtureSet(Dataset):
    def __init__(
        self, speech_set, noise_set, min_snr=0, max_snr=18, mode="time", spectrogram_size=256, eps=1e-6
    ):
        """
        Pairs a clean-speech set with a noise set and mixes them on the fly.
        Length is that of the bigger set; the smaller one wraps around.

        Args:
            speech_set (Dataset):            clean speech clips.
            noise_set (Dataset):             background noise clips.
            min_snr (int, default 0):        lowest SNR in dB.
            max_snr (int, default 18):       highest SNR in dB.
            mode (str, default 'time'):      'time' for waveforms, or 'amplitude' / 'power' / 'db' spectrograms.
            spectrogram_size (int, 256):     spectrogram side length.
        """
        self.speech_set = speech_set
        self.noise_set = noise_set

        """
        0..18 dB keeps speech above the noise; going down to -12 dB
        makes the task much harder (see the speech separation review, Fig. 1).
        """
        self.min_snr = min_snr
        self.max_snr = max_snr
        self.eps = eps

        assert mode in [
            "time",
            "amplitude",
            "power",
            "db",
        ], "mode must be 'time', 'amplitude', 'power' or 'db'"
        self.mode = mode
        self.spectrogram_size = spectrogram_size

    def __getitem__(self, index):
        # wrap the index so both sets can differ in length
        speech, _ = self.speech_set[index % len(self.speech_set)]
        noise, _ = self.noise_set[index % len(self.noise_set)]

        # draw the SNR with torch's generator so each worker gets its own stream
        # (numpy state is copied into every worker)
        snr_db = (self.max_snr - self.min_snr) * torch.rand(1) + self.min_snr
        snr_db += self.eps

        # scale speech against noise for the drawn SNR
        # (same recipe as the torchaudio preprocessing tutorial)
        p_speech = speech.norm(p=2)
        p_noise = noise.norm(p=2)

        snr = math.exp(snr_db / 10)
        gain = snr * p_noise / p_speech

        speech *= gain
        mix = speech + noise

        # peak over mixture and both sources
        peak = torch.max(torch.max(mix.abs().max(), speech.abs().max()), noise.abs().max())

        # print(mix.abs().max(), speech.abs().max(), noise.abs().max())
        # print(peak)

        # normalise everything by that peak
        mix /= peak
        speech /= peak
        noise /= peak

        if self.mode in ["amplitude", "power", "db"]:
            # magnitude spectrograms instead of waveforms
            mix = get_magnitude(mix, self.spectrogram_size, self.mode, pad=True, normalize=True)
            speech = get_magnitude(speech, self.spectrogram_size, self.mode, pad=True, normalize=True)
            noise = get_magnitude(noise, self.spectrogram_size, self.mode, pad=True, normalize=True)

        return mix, torch.cat([speech, noise], dim=0)

    def __len__(self):
        return max(len(self.speech_set), len(self.noise_set))
