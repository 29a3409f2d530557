import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader


class RolloutFrames(Dataset):
    def __init__(self, obs=None, acts_in=None):
        if obs is None:
            folder = 'rollout_data/'
            self.obs = np.load(folder + 'observations.npy', allow_pickle=True).astype(np.float32)
            self.acts = np.load(folder + 'acts.npy', allow_pickle=True)
        else:
            self.obs = obs.astype(np.float32)
            self.acts = acts_in

    def __len__(self):
        return len(self.acts)

    def __getitem__(self, i):
        frame = self.obs[i]
        a = self.acts[i]
        return frame, a