import numpy as np
import os

from torch.utils.data import DataLoader, Dataset


class ClipPairDataset(Dataset):
    def __init__(self, index_df):
        self.index_df = index_df.reset_index(drop=True)
                
    def __len__(self):
        return len(self.index_df)
    
    def __getitem__(self, i):
        rec = self.index_df.iloc[i]

        vfeat = np.load(rec['vid_filename'])
        afeat = np.load(rec['aud_filename'])
        cuts = eval(rec['segments'])
        ranks = rec['ranks']

        return vfeat, afeat, cuts, ranks


class ClipPairTestset(Dataset):
    def __init__(self, index_df, vid_map, aud_map, pad_size):
        self.index_df = index_df.reset_index(drop=True)
        self.vid_map = vid_map
        self.aud_map = aud_map
        self.pad_size = pad_size


    @staticmethod
    def fit_length(arr, pad_length=400):
        """
        Bring a (N, D) array to exactly pad_length rows.

        Short arrays are extended by repeating their own rows from the top;
        long ones are cut.

        Parameters:
            arr (np.ndarray): array of shape (N, D).
            pad_length (int): rows wanted.

        Returns:
            np.ndarray: array of shape (pad_length, D).
        """
        n_rows = arr.shape[0]
        
        if n_rows == pad_length:
            return arr
        elif n_rows > pad_length:
            return arr[:pad_length]
        else:
            missing = pad_length - n_rows
            reps = (missing + n_rows - 1) // n_rows  # rounded up
            extra = np.tile(arr, (reps + 1, 1))[:missing]
            return np.vstack((arr, extra))

    def __len__(self):
        return len(self.index_df)
    
    def __getitem__(self, i):
        rec = self.index_df.iloc[i]

        vfeat = np.load(rec['vid_filename'])
        afeat = np.load(rec['aud_filename'])

        if self.pad_size > 0:
            vfeat = ClipPairTestset.fit_length(vfeat)
            afeat = ClipPairTestset.fit_length(afeat)
            
        cuts = eval(rec['segments'])

        return vfeat, afeat, cuts, self.vid_map[rec['vid_filename']], self.aud_map[rec['aud_filename']]
