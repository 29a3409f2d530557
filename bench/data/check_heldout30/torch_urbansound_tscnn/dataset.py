import torch
from torch.utils import data
import numpy as np
import pickle


class SoundSegmentDataset(data.Dataset):
    def __init__(self, pkl_path, feature_mode):
        with open(pkl_path, 'rb') as f:
            self.dataset_items = pickle.load(f)
        self.feature_mode = feature_mode

    def __getitem__(self, idx):
        mfcc_part = self.dataset_items[idx]['features']['mfcc']
        logmel_part = self.dataset_items[idx]['features']['logmelspec']
        chroma_part = self.dataset_items[idx]['features']['chroma']
        contrast_part = self.dataset_items[idx]['features']['spectral_contrast']
        tonnetz_part = self.dataset_items[idx]['features']['tonnetz']

        if self.feature_mode == 'LMC':     
            feature = np.concatenate((logmel_part, chroma_part, contrast_part, tonnetz_part), axis=0)      
            feature = torch.from_numpy(feature.astype(np.float32)).unsqueeze(0) # one channel, 85 x 41
    
        elif self.feature_mode == 'MC':
            feature = np.concatenate((mfcc_part, chroma_part, contrast_part, tonnetz_part), axis=0)
            feature = torch.from_numpy(feature.astype(np.float32)).unsqueeze(0) # one channel, 85 x 41

        elif self.feature_mode == 'MLMC':
            feature = np.concatenate((mfcc_part, logmel_part, chroma_part, contrast_part, tonnetz_part), axis=0)   
            feature = torch.from_numpy(feature.astype(np.float32)).unsqueeze(0) # one channel, 145 x 41
       
        label = self.dataset_items[idx]['classID']
        file_name = self.dataset_items[idx]['filename']
        return feature, label, file_name

    def __len__(self):
        return len(self.dataset_items)