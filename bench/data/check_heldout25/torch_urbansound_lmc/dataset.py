import torch
from torch.utils import data
import numpy as np
import pickle


class UrbanSoundFeatureDataset(data.Dataset):
    def __init__(self, pkl_path, feature_mode):
        self.records = pickle.load(open(pkl_path, 'rb'))
        self.feature_mode = feature_mode

    def __getitem__(self, idx):
        # log-mel plus chroma/contrast/tonnetz
        if self.feature_mode == 'LMC':
            # stack the per-segment feature blocks 
            # that make up LMC
            log_mel = self.records[idx]['features']['logmelspec']
            chroma_feat = self.records[idx]['features']['chroma']
            contrast_feat = self.records[idx]['features']['spectral_contrast']
            tonnetz_feat = self.records[idx]['features']['tonnetz']

            # join along the feature axis
            feature_stack = np.concatenate((log_mel,chroma_feat,contrast_feat,tonnetz_feat))

            feature_stack = torch.from_numpy(feature_stack.astype(np.float32)).unsqueeze(0)
        # MFCC plus chroma/contrast/tonnetz
        elif self.feature_mode == 'MC':
            # stack the per-segment feature blocks 
            # that make up MC
            mfcc_feat = self.records[idx]['features']['mfcc']
            chroma_feat = self.records[idx]['features']['chroma']
            contrast_feat = self.records[idx]['features']['spectral_contrast']
            tonnetz_feat = self.records[idx]['features']['tonnetz']

            feature_stack = np.concatenate((mfcc_feat,chroma_feat,contrast_feat,tonnetz_feat))

            feature_stack = torch.from_numpy(feature_stack.astype(np.float32)).unsqueeze(0)
        # MFCC, log-mel, chroma/contrast/tonnetz
        elif self.feature_mode == 'MLMC':
            # stack the per-segment feature blocks 
            # that make up MLMC
            mfcc_feat = self.records[idx]['features']['mfcc']
            log_mel = self.records[idx]['features']['logmelspec']
            chroma_feat = self.records[idx]['features']['chroma']
            contrast_feat = self.records[idx]['features']['spectral_contrast']
            tonnetz_feat = self.records[idx]['features']['tonnetz']

            feature_stack = np.concatenate((mfcc_feat,log_mel,chroma_feat,contrast_feat,tonnetz_feat))

            feature_stack = torch.from_numpy(feature_stack.astype(np.float32)).unsqueeze(0)
       
        label = self.records[idx]['classID']
        clip_name = self.records[idx]['filename']
        return feature_stack, label, clip_name

    def __len__(self):
        return len(self.records)
