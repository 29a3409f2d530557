import torch
from torch.utils.data import Dataset
import numpy as np

class PriceWindowDataset(Dataset):
    def __init__(self, frame, window_len=9, horizon=3, is_test=False):
        self.frame = frame
        self.window_len = window_len
        self.horizon = horizon
        self.is_test = is_test
        
        self.price_column = [price_col for price_col in self.frame.columns if '평균가격(원)' in price_col and len(price_col.split('_')) == 1][0]
        self.numeric_columns = self.frame.select_dtypes(include=[np.number]).columns.tolist()
        
        self.windows = []
        if not self.is_test:
            for i in range(len(self.frame) - self.window_len - self.horizon + 1):
                x = self.frame[self.numeric_columns].iloc[i:i+self.window_len].values
                y = self.frame[self.price_column].iloc[i+self.window_len:i+self.window_len+self.horizon].values
                self.windows.append((x, y))
        else:
            self.windows = [self.frame[self.numeric_columns].values]
    
    def __len__(self):
        return len(self.windows)
    
    def __getitem__(self, idx):
        if not self.is_test:
            x, y = self.windows[idx]
            return torch.FloatTensor(x), torch.FloatTensor(y)
        else:
            return torch.FloatTensor(self.windows[idx])