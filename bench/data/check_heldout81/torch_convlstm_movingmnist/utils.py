from torch.utils.data import Dataset
import pandas as pd
import numpy as np
import os
import torch as th
import torch.nn as nn
from torchmetrics.functional import structural_similarity_index_measure as ssim
import torch.nn.functional as F

class SsimMseLoss(nn.Module):
    def __init__(self, alpha=0.5):
        super(SsimMseLoss, self).__init__()
        self.alpha = alpha  # mixing weight between the two terms
        self.mse = nn.MSELoss()

    def forward(self, pred, target):
        # structural similarity on the single channel
        p = pred[:, :, 0, :, :]
        g = target[:, :, 0, :, :]
        p = p.view(-1, 1, p.size(-2), p.size(-1))
        g = g.view(-1, 1, g.size(-2), g.size(-1))
        ssim_term = 1 - ssim(p, g, data_range=1.0)
        # plain mean squared error
        mse_term = self.mse(pred, target)
        # weighted sum
        return self.alpha * mse_term + (1 - self.alpha) * ssim_term

class RadarSequences(th.utils.data.Dataset):
    def __init__(self, frame_df, tensor_dir, k_in=10, k_out=10):
        self.tensor_dir = tensor_dir
        self.k_in = k_in # input frames
        self.k_out = k_out
        self.index_df = pd.DataFrame([])

        rows = []

        for s in frame_df['sequence'].unique():
            sid = s
            n_frames = len(frame_df[frame_df['sequence'] == sid])
            frames = frame_df[frame_df['sequence'] == sid]
            
            for j in range(n_frames - k_in - k_out - 1):
                head = frames.iloc[j:j+k_in][['id', 'rain_category']]
                tail = frames.iloc[j+k_in:j+k_in+k_out][['id', 'rain_category']]
                head = pd.concat([head, tail], ignore_index=True, axis=0)
                rain = np.mean(head['rain_category'])
                ids = [int(x) for x in head['id'].tolist()]
                rows.append(ids + [sid, rain])

        self.index_df = pd.DataFrame(rows, columns=[f'id_{i}' for i in range(k_in + k_out)] + ['sequence', 'rain_category'])
       
        cols = [f"input_{i}" for i in range(0, self.k_in)]
        cols = cols + [f"output_{i}" for i in range(0, self.k_out)]
        cols = cols + ["seq_id"] + ["rain_category"]

        self.index_df.columns = cols

        self.index_df = self.index_df[self.index_df['rain_category'] > 3]
        self.index_df = self.index_df.astype(int)


    def __getitem__(self, i):
        # row of frame ids
        row = self.index_df.iloc[i]
        # input frames
        src = row.iloc[:self.k_in]
        src_t = th.stack([th.load(os.path.join(self.tensor_dir, f"tensor_{f}.pt"), weights_only=True) for f in src])
        dst = row.iloc[self.k_in:self.k_in+self.k_out]
        dst_t = th.stack([th.load(os.path.join(self.tensor_dir, f"tensor_{f}.pt"), weights_only=True) for f in dst])

        return src_t, dst_t

    def __len__(self):
        return len(self.index_df)


class MovingDigitsWindows(th.utils.data.Dataset):
    # input array shape is (20, 10000, 64, 64)
    def __init__(self, frames, k_in=10, k_out=10):
        self.k_in = k_in # input frames
        self.k_out = k_out
        # every contiguous k_in + k_out window of every clip
        windows = []
        for c in range(frames.shape[1]):
            for j in range(frames.shape[0] - k_in - k_out):
                src = frames[j:j + k_in, c]
                dst = frames[j + k_in:j + k_in + k_out, c]
                win = np.concatenate((src, dst), axis=0)
                windows.append(win)
        windows = np.stack(windows, axis=1)

        self.frames = windows

    def __getitem__(self, i):
        # one window
        w = self.frames[:,i]
        # inputs
        src = w[:self.k_in]
        src_t = th.stack([th.tensor(f) for f in src])
        dst = w[self.k_in:self.k_in+self.k_out]
        dst_t = th.stack([th.tensor(f) for f in dst])
        src_t = src_t.unsqueeze(1)
        dst_t = dst_t.unsqueeze(1)

        return src_t, dst_t

    def __len__(self):
        return self.frames.shape[1]
