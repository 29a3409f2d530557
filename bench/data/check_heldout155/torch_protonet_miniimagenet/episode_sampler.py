import torch
import numpy as np


class ClassBalancedEpisodes():

    def __init__(self, label, n_batch, n_cls, n_per):
        self.n_batch = n_batch
        self.n_cls = n_cls
        self.n_per = n_per

        label = np.array(label)
        self.by_class = []
        for c in range(max(label) + 1):
            idx = np.argwhere(label == c).reshape(-1)
            idx = torch.from_numpy(idx)
            self.by_class.append(idx)

    def __len__(self):
        return self.n_batch
    
    def __iter__(self):
        for b in range(self.n_batch):
            picks = []
            chosen = torch.randperm(len(self.by_class))[:self.n_cls]
            for c in chosen:
                members = self.by_class[c]
                sel = torch.randperm(len(members))[:self.n_per]
                picks.append(members[sel])
            picks = torch.stack(picks).t().reshape(-1)
            yield picks

