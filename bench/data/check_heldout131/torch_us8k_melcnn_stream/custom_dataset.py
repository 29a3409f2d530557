from torch.utils.data import Dataset 
import os
import pandas as pd
import torchaudio
import torch

class StreamedClips(Dataset):
    """UrbanSound8K clips read from disk one at a time.

    """
    
    def __init__(self, table_path, wav_root, tfm, rate_out, CLIP_SAMPLES, dev):
        """Keep the metadata table and audio settings.

        """
        self.csv_meta = pd.read_csv(table_path)
        self.wav_root = wav_root
        self.dev = dev
        self.tfm = tfm.to(self.dev)
        self.SR = rate_out
        self.num_samples = CLIP_SAMPLES 

    def __len__(self):
        """Clip count.

        """
        return len(self.csv_meta)

    def __getitem__(self, i):
        """Load, resample, downmix, crop/pad one clip and return its mel spectrogram.

        """
        # path and class of this clip
        fpath = self._path_of(i)
        y = self._class_of(i)
        sig, rate_in = torchaudio.load(fpath)
        sig = sig.to(self.dev)
        # standardise the waveform, then mel
        sig = self._match_rate(sig, rate_in)
        sig = self._downmix(sig)
        sig = self._crop(sig)
        sig = self._pad_right(sig)
        mel = self.tfm(sig)
        return mel, y

    def _crop(self, sig):
        """Crop to CLIP_SAMPLES.

        """
        if sig.shape[1] > self.num_samples:
            sig = sig[:, :self.num_samples]
        return sig

    def _pad_right(self, sig):
        """Zero-pad on the right up to CLIP_SAMPLES.



        """
        if sig.shape[1] < self.num_samples:
            missing = self.num_samples - sig.shape[1]
            pad_spec = (0, missing)
            sig = torch.nn.functional.pad(sig, pad_spec)
        return sig

    def _match_rate(self, sig, rate_in):
        """Resample to the target rate.

        """
        if rate_in !=  self.SR:
            rs = torchaudio.transforms.Resample(rate_in, self.SR).to(self.dev)
            sig = rs(sig)
        return sig

    def _downmix(self, sig):
        """Average channels.

        """
        # sig is (channels, samples)
        if sig.shape[0] > 1:
            sig = torch.mean(sig, dim=0, keepdim=True)
        return sig

    def _path_of(self, i):
        """Path of clip i.

        """
        subdir = f"fold{self.csv_meta.iloc[i, 5]}"
        p = os.path.join(self.wav_root, subdir, self.csv_meta.iloc[i, 0])
        return p 

    def _class_of(self, i):
        """Class id of clip i.

        """
        return self.csv_meta.iloc[i, 6]

if __name__ == "__main__":
    csv_meta = "../UrbanSound8K/metadata/UrbanSound8K.csv"
    wav_root = "../UrbanSound8K/audio/"
    SR = 22050
    CLIP_SAMPLES = 22050

    if torch.cuda.is_available():
        dev = "cuda"
    else:
        dev = "cpu"
    print(f"running on {dev}")

    melspec = torchaudio.transforms.MelSpectrogram(
        sample_rate = SR,
        n_fft = 1024,
        hop_length = 512,
        n_mels = 64
    )

    ds = StreamedClips(csv_meta, wav_root, melspec, SR, CLIP_SAMPLES, dev)
    first, y = ds[0]
    print(f"mel shape {first.shape}")
    print(f"class id {y}")

    print(f"clips listed: {len(ds)}")
