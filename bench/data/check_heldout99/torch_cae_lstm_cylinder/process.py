import numpy as np
import torch
from torch.utils.data import Dataset
import matplotlib.pyplot as plt


def read_snapshot(path):
    # parse one whitespace table written by the solver
    table = np.loadtxt(path, skiprows=1)  # first row is a header

    # pick the columns
    xc = table[:, 0]    # x position (not fed to the net)
    yc = table[:, 1]    # y position (not fed to the net)
    vx = table[:, 2]  # horizontal velocity
    vx /= np.max(np.abs(vx))
    vy = table[:, 3]  # vertical velocity
    vy /= np.max(np.abs(vy))
    pr = table[:, 4]    # pressure
    pr /= np.max(np.abs(pr))

    # grid size from the distinct coordinates
    nx = len(np.unique(xc))
    ny = len(np.unique(yc))

    # fold each field onto the (ny, nx) grid
    vx = vx.reshape(ny, nx)
    vy = vy.reshape(ny, nx)
    pr = pr.reshape(ny, nx)

    # put the three fields on a channel axis
    # giving [vx, vy, p]
    fields = np.stack([vx, vy, pr], axis=0)  # (3, H, W)
    # (shape print disabled)
    # as a float32 tensor
    fields_t = torch.tensor(fields, dtype=torch.float32)
    # (debug plot disabled)

    return fields_t

def read_all_snapshots(paths):
    """
    Read every snapshot file into one tensor shaped
    (snapshots, 3, height, width).

    Args:
        paths: snapshot files to read.

    Returns:
        stacked: tensor (snapshots, 3, height, width).
    """
    stacked = []

    for path in paths:
        # one snapshot
        table = np.loadtxt(path, skiprows=1)  # first row is a header

        # the three fields
        vx = table[:, 2]  # horizontal velocity
        vy = table[:, 3]  # vertical velocity
        pr = table[:, 4]    # pressure

        # scale each field by its largest magnitude
        vx /= np.max(np.abs(vx))
        vy /= np.max(np.abs(vy))
        pr /= np.max(np.abs(pr))

        # grid size
        nx = len(np.unique(table[:, 0]))  # distinct x
        ny = len(np.unique(table[:, 1]))  # distinct y

        # fold onto the grid
        vx = vx.reshape(ny, nx)
        vy = vy.reshape(ny, nx)
        pr = pr.reshape(ny, nx)

        # channels first
        snap = np.stack([vx, vy, pr], axis=0)

        # keep it
        stacked.append(snap)

    # one array from the list
    stacked = np.array(stacked)  # (snapshots, 3, H, W)

    # then a float32 tensor
    stacked = torch.tensor(stacked, dtype=torch.float32)  # (snapshots, 3, H, W)

    return stacked

class SnapshotDataset(Dataset):
    def __init__(self, paths, reynolds):
        self.data = [read_snapshot(path) for path in paths]
        self.reynolds = reynolds

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        snap = self.data[idx]  # one snapshot
        re_val = torch.tensor(self.reynolds[idx], dtype=torch.float32).unsqueeze(0)  # (1,)
        return snap, re_val


class WindowDataset(Dataset):
    def __init__(self, paths, reynolds, window):
        """
        Args:
            paths: every snapshot file, read into (snapshots, channels, H, W).
            reynolds: the Reynolds number of each snapshot.
            window: snapshots per LSTM sequence.
        """
        self.snaps = read_all_snapshots(paths)  # (snapshots, 3, 256, 256)
        self.reynolds = torch.tensor(reynolds, dtype=torch.float32)
        self.window = window

        self.windows = []
        self.window_re = []

        # one run per Reynolds number
        runs = torch.unique(self.reynolds)
        for r in runs:
            sel = self.reynolds == r
            run = self.snaps[sel]

            # sliding windows over this run
            n_run = run.size(0)
            for k in range(n_run - window + 1):
                # (progress print disabled)
                win = run[k : k + window]  # (window, 3, H, W)
                self.windows.append(win)
                self.window_re.append(r)

        # (old normalisation of Re, disabled)
        # (mean)
        # (std)
        # (normalised list)

        # to tensors
        self.windows = torch.stack(self.windows)  # (sequences, window, 3, H, W)
        self.window_re = torch.tensor(self.window_re, dtype=torch.float32)  # (sequences,)

    def __len__(self):
        return len(self.windows)

    def __getitem__(self, idx):
        seq = self.windows[idx]  # (window, 3, H, W)
        re_val = self.window_re[idx]  # scalar Re
        # (debug print disabled)
        # (debug print disabled)
        return seq, re_val
