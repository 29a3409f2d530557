import torch
from torch.utils.data import Dataset

class RatingTriples(Dataset):
    def __init__(self, frame):
        self.uids = torch.tensor(frame['user'].values, dtype=torch.long)
        self.mids = torch.tensor(frame['movie'].values, dtype=torch.long)
        self.scores = torch.tensor(frame['rating'].values, dtype=torch.float)

    def __len__(self):
        return len(self.scores)

    def __getitem__(self, k):
        return self.uids[k], self.mids[k], self.scores[k]
