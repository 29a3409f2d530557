import argparse
import os

import numpy as np
import torch
import torchaudio
from torch.utils.data import Dataset


class FolderAudioSet(Dataset):
    """
    Every audio file found under a folder (one split), read lazily.
    """

    def __init__(self, root, extensions=(".mp3", ".wav", ".flac"), keep_rate=1.0):
        self.paths = list(self._walk(root, extensions))
        if keep_rate > 0 and keep_rate < 1.0:
            self.paths = np.random.choice(self.paths, int(len(self.paths) * keep_rate))

    def _walk(self, root, extensions=(".mp3", ".wav", ".flac")):
        for base, dirs, files in os.walk(root):
            for name in files:
                full = os.path.join(base, name)
                if full.endswith(extensions):
                    yield full

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, idx):
        path = self.paths[idx]
        wave, sr = torchaudio.load(path)
        return wave, sr


if __name__ == "__main__":
    cli = argparse.ArgumentParser()
    cli.add_argument("--dataset_path", required=True)
    cli.add_argument("--batch_size", default=16, type=int)
    cli.add_argument("--gpu", default="-1")
    opts = cli.parse_args()

    os.environ["CUDA_VISIBLE_DEVICES"] = opts.gpu
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"device: {dev} ({opts.gpu})")

    assert os.path.isdir(opts.dataset_path), "dataset_path has to be a folder"

    ds = FolderAudioSet(root=opts.dataset_path)
    print("clips:", len(ds))

    kw = {"num_workers": 1, "pin_memory": True} if dev == "cuda" else {}
    dl = torch.utils.data.DataLoader(ds, batch_size=opts.batch_size, shuffle=True, **kw)

    from tests import iteration_test

    iteration_test(dl)
