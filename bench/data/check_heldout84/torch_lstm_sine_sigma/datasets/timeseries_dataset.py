import torch
from torch.utils.data import Dataset

class WindowSeries(Dataset):
    """
    Slices one series into
    (window -> following value) pairs
    """

    def __init__(self, seq, span):
        self.seq = torch.tensor(seq, dtype=torch.float32)
        self.span = span

    def __len__(self):
        # one sample per start position
        return len(self.seq) - self.span

    def __getitem__(self, i):
        """
        Gives:
        window of shape (span, 1)
        next value
        """
        xb = self.seq[i:i + self.span]
        yb = self.seq[i + self.span]
        return xb.unsqueeze(-1), yb
