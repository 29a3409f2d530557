import torch
import torch.utils.data as Data
import numpy as np


class SplitLoader:
    def __init__(self, X, Y, split_fracs=[0.7, 0.15, 0.15], do_shuffle=True, batch_size=100, device='cpu'):
        if do_shuffle:
            perm = np.random.permutation(range(len(X)))
            X, Y = X[perm], Y[perm]
        self.split_loader_list = []
        assert len(split_fracs) > 1
        stop_at = 0
        for i in range(len(split_fracs)):
            start_at = stop_at
            stop_at += int(len(X) * split_fracs[i])
            X_part = torch.tensor(X[start_at:stop_at], dtype=torch.float, device=device).permute([0, 2, 1])
            Y_part = torch.tensor(Y[start_at:stop_at], dtype=torch.long, device=device)
            part_dataset = Data.TensorDataset(X_part, Y_part)
            self.split_loader_list.append(Data.DataLoader(
                dataset=part_dataset,
                batch_size=batch_size,
                shuffle=True,
            ))

    def get_loaders(self):
        return self.split_loader_list
