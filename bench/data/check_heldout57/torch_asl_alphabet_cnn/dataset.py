import torch.utils.data as data

class ASLDataset(data.Dataset):
    def __init__(self, X, y):
        self.X = X
        self.y = y

    def __len__(self):
        return len(self.X)

    def __getitem__(self, k):
        return self.X[k], self.y[k]
