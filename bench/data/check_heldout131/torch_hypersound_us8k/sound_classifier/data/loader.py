
"""PyTorch Dataset over a DataFrame of mel spectrograms."""
import torch
from torch.utils.data import Dataset, DataLoader
import pandas as pd
import numpy as np


DEFAULT_SAMPLE_RATE = 22050

class MelFrameSet(Dataset):
    def __init__(self, frame, tfm=None):
        assert isinstance(frame, pd.DataFrame)
        assert len(frame.columns) == 3

        self.frame = frame
        self.tfm = tfm

    def __len__(self):
        return len(self.frame)

    def __getitem__(self, ix):
        if torch.is_tensor(ix):
            ix = ix.tolist()

        mel, y, f = self.frame.iloc[ix]

        if self.tfm is not None:
            mel = self.tfm(mel)

        return {'spectrogram': mel, 'label':y}
