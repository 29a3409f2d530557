from torch.utils.data import Dataset
from torch import Tensor, stack, isnan
import pandas as pd
import numpy as np
from transforms import gaf_image, minmax01

def add_channel(t):
    return t.unsqueeze(0)

class FxGafSet(Dataset):
    def __init__(self, csv_path, value_col, win, steps=[minmax01, gaf_image, add_channel]):
        frame = pd.read_csv(csv_path)
        try:
            vals = frame[value_col].values
        except KeyError:
            raise KeyError('no such column in the csv')
        logv = np.log(vals)
        series_t= Tensor(logv)
        self.steps = steps if steps else []
        self.win = win
        self.seq_all = series_t

        imgs = [self._window_image(k) for k in range(self.seq_all.size(0) // self.win)]
        imgs = list(filter(lambda im: im is not None, imgs))
        self.x = stack(imgs)

    def __len__(self):
        return self.x.size(0) // self.win

    def __getitem__(self, k):
        return self.x[k]
           
    def _window_image(self, k):
        chunk = self.seq_all[k * self.win : (k + 1) * self.win]
        for fn in self.steps:
            chunk = fn(chunk)
        return chunk if not isnan(chunk).any() else None