from torch.utils.data import Dataset
import os
import torch
import random
import numpy as np
from dataset.spec_aug import time_mask, time_warp, freq_mask
import matplotlib.pyplot as plt

class TimitSet(Dataset):
    def __init__(self, folder, train=True, n_frames=300, height_range=(144.78, 203.2)):
        self.folder = folder
        self.train = train
        self.names = os.listdir(self.folder)
        self.n = n_frames
        self.height_range = height_range
        
        
    def __len__(self):
        return len(self.names)

    def fit_length(self, feat, n, train):
        cur = feat.shape[1]
        for _ in range(5):
            if cur <= (int(n/2)):
                feat = np.concatenate([feat, feat], 1)
                cur = feat.shape[1]
            else: break

        if cur > n:
            if train: s = np.random.randint(0, cur-n)
            else: s=0
            feat = feat[:, s : s+n]
            return feat
        
        elif cur < n:
            padded = np.random.randn(feat.shape[0], n)
            padded[:, :cur] = feat
            
            gap = n-cur
            if train: 
                s = np.random.randint(0, cur-gap)

            else: s = 0
            padded[:, cur:] = feat[:, s:s+gap]
            return padded

        else:
            return feat

    def scale_height(self, h):
        lo, hi = self.height_range
        h = (h - lo)/(hi - lo)
        return h

    def __getitem__(self, i):
        if torch.is_tensor(i):
            i = i.tolist()
        
        name = self.names[i]
        feat = np.load(self.folder + '/' + name)
        h = float('.'.join(name.split('_')[-1].split('.')[:-1]))
        # plt.subplot(2, 1, 1)
        # plt.imshow(feat[:, :300])
        # print(feat.shape)
        if self.train:
            feat = feat + np.random.randn(feat.shape[0], feat.shape[1])* np.random.random()
        # plt.subplot(2, 1, 2)
        # plt.imshow(feat[:, :300])
        # plt.show()
        feat = self.fit_length(feat, self.n, self.train)
        feat = feat/6.0
        # plt.subplot(2, 1, 1)
        # plt.imshow(feat[:, :300])

        feat = torch.from_numpy(feat).unsqueeze(0)
        h = self.scale_height(h)
        
        if self.train:
            # feat = time_warp(feat,W=1)
            # if random.random() >= 0.3:
            feat = time_mask(feat, num_masks=4)
                
            # if random.random() >= 0.3:
            feat = freq_mask(feat, num_masks=3)

            # if random.random() >= 0.5:
            
        # plt.subplot(2, 1, 2)
        # plt.imshow(feat.squeeze(0).numpy()[:, :300])
        # plt.show()
        return feat, h

    def print_stats(self):
        print('\nCorpus statistics')
        print('-'*10)
        print(f'items = {len(self.names)}')

if __name__ == "__main__":
    ds = TimitSet('/data/timit_features/save_dir/train')
    first = ds[0][0].squeeze(0).numpy()
    print(first.shape)
    # plt.imshow(first[:, :100])
    # plt.show()