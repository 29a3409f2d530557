import torch
from torchvision import datasets, transforms
import numpy as np
from sklearn.preprocessing import OneHotEncoder

class SmilesFrameDataset(torch.utils.data.Dataset):
    def __init__(self, frame, char_to_idx, pad_len=70, limit=None):
        super(SmilesFrameDataset, self).__init__()

        self.frame = frame
        self.char_to_idx = char_to_idx
        self.pad_len = pad_len
        self.encoder =  OneHotEncoder(categories=[list(range(len(char_to_idx)))], handle_unknown='error', sparse=False)



    def __len__(self):
        return self.frame.shape[0]

    def to_onehot(self, codes):
        column = codes.reshape(-1, 1)
        dense = self.encoder.fit_transform(column)
        return dense


    def __getitem__(self, idx):
        smi = str(self.frame.iloc[idx, 0]).ljust(self.pad_len, ' ')
        codes = np.array([self.char_to_idx[ch] for ch in smi])
        codes_ohe = self.to_onehot(codes)
        return torch.LongTensor(codes), torch.FloatTensor(codes_ohe)
