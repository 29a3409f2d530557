import os
import torch
from torch.utils.data import Dataset
import pandas as pd
import torchaudio


class UrbanSoundDataset(Dataset):

    def __init__(self,
                 meta_csv,
                 clip_dir,
                 transform,
                 target_sr,
                 n_samples,
                 device):
        self.meta = pd.read_csv(meta_csv)
        self.clip_dir = clip_dir
        self.device = device
        self.transform = transform.to(self.device)
        self.target_sr = target_sr
        self.n_samples = n_samples

    def __len__(self):
        return len(self.meta)

    # number of rows

    def __getitem__(self, index):
        clip_path = self._path_of(index)
        label = self._label_of(index)
        sig, sr = torchaudio.load(clip_path)
        sig = sig.to(self.device) # per-clip move
        # (channels, samples) -> mono (1, samples)
        sig = self._resample(sig, sr)
        sig = self._to_mono(sig)
        sig = self._trim(sig)
        sig = self._pad(sig)
        sig = self.transform(sig)
        return sig, label

    # ds[i] calls __getitem__(i)

    # ------------------------------------------------------------------
    # shape helpers

    def _resample(self, sig, sr):
        if sr != self.target_sr:
            rs = torchaudio.transforms.Resample(sr, self.target_sr).to(self.device)
            sig = rs(sig)
        return sig

    def _to_mono(self, sig):
        if sig.shape[0] > 1:
            sig = torch.mean(sig, dim=0, keepdim=True)
        return sig

    def _trim(self, sig):
        # keep at most n_samples
        if sig.shape[1] > self.n_samples:
            sig = sig[:, :self.n_samples]
        return sig

    def _pad(self, sig):
        n = sig.shape[1]
        if n < self.n_samples:
            missing = self.n_samples - n
            pad_spec = (0, missing)
            sig = torch.nn.functional.pad(sig, pad_spec)
        return sig

    # ------------------------------------------------------------------

    def _path_of(self, index):
        fold = f"fold{self.meta.iloc[index, 5]}"
        p = os.path.join(self.clip_dir, fold, self.meta.iloc[index, 0])
        return p

    def _label_of(self, index):
        return self.meta.iloc[index, 6]


if __name__ == "__main__":
    META_CSV = "D:/Python/Project/ECE616/Project8K/data/UrbanSound8K/metadata/UrbanSound8K.csv"
    CLIP_DIR = "D:/Python/Project/ECE616/Project8K/data/UrbanSound8K/audio"
    SR = 22050
    N_SAMPLES = 22050

    if torch.cuda.is_available():
        device = "cuda"
    else:
        device = "cpu"
    print(f"device: {device}")

    # mel transform
    mel = torchaudio.transforms.MelSpectrogram(
        sample_rate=SR,
        n_fft=1024,
        hop_length=512,
        n_mels=64
    )
    # spec = mel(sig)

    ds = UrbanSoundDataset(META_CSV,
                             CLIP_DIR,
                             mel,
                             SR,
                             N_SAMPLES,
                             device)

    print(f"{len(ds)} clips in the table.")

    # quick check
    # sig, label = ds[0]
