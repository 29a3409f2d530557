from torch.utils.data import Dataset

class MarketWindows(Dataset):
    def __init__(self, panel, lookback, device='cuda'):
        super().__init__()
        self.panel = panel
        self.lookback = lookback # 10
        self.device = device
        self.n_windows = panel.shape[1] - lookback

    def __len__(self):
        return max(0, self.n_windows)

    def __getitem__(self, i):
        window = self.panel[:, i:i+self.lookback, :]
        up = (self.panel[:, i+self.lookback, 0] - window[:, -1, 0]) > 0
        up = up.long()
        return window, up
