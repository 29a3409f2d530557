import os
import torch
from torch.utils.data import Dataset

import numpy as np

import collections

class PSGdataset(Dataset):
    def __init__(self, setName, 
                 listFile, 
                 channel='eeg_fpz_cz',
                 seqLen=20, 
                 isAugment=True,
                 shiftFrac = 0.1,
                 maxSkip = 5,
                 seed=42,
                 ):
        self.STAGES = ['W', 'N1', 'N2', 'N3', 'R']
        self.seqLen = seqLen
        self.seed = seed
        # night files named in the split list
        with open(listFile, 'r') as fh:
            names = fh.read().strip().split('\n')
        names.sort()
        for nm in names:
            if nm.split('.')[-1] != 'npz':
                names.remove(nm)
        self.nights_x = []
        self.nights_y = []
        for nm in names:
            with np.load(os.path.join('data', setName, channel, nm)) as z:
                assert z['x'].shape[0] == z['y'].shape[0], f"x / y length mismatch in {nm}"
                self.nights_x.append(np.squeeze(z['x']))
                self.nights_y.append(np.squeeze(z['y']))
        assert len(self.nights_x) == len(self.nights_y), f"x and y night counts differ"
        # random shift and start skip as augmentation
        if isAugment: self.augment(shiftFrac=shiftFrac, maxSkip=maxSkip)
    
    def __len__(self):
        return len(self.nights_x)

    def __getitem__(self, index):
        """
        index is (night, epoch). An out-of-range night gives an all-zero
        sequence (labelled W), as in the reference implementation.
        
        """
        night = index[0]
        start = index[1]
        # LSTM state is reset at the first epoch of a night
        reset_state = True if start == 0 else False
        # (seqLen, samples per 30 s) and (seqLen,)
        seq_x = np.zeros((self.seqLen, self.nights_x[0].shape[1]), dtype=np.float32)
        seq_y = np.zeros(self.seqLen, dtype=np.int32)
        # zeros for an out-of-range night
        if night < len(self.nights_x):
            lo = start
            hi = start + self.seqLen
            # copy the slice; the tail past the night end stays zero
            if hi < self.nights_x[night].shape[0]:
                seq_x = self.nights_x[night][lo: hi]
                seq_y = self.nights_y[night][lo: hi]
            else:
                # the last partial sequence of the night
                tail_x = self.nights_x[night][lo:]
                tail_y = self.nights_y[night][lo:]
                seq_x[ :len(tail_x), :] = tail_x
                seq_y[ :len(tail_y)] = tail_y
        return torch.Tensor(seq_x[:, np.newaxis, :]), torch.Tensor(seq_y).long(), reset_state
    
    def augment(self, shiftFrac=0.1, maxSkip=5):
        np.random.seed(self.seed)
        for k in range(len(self.nights_x)):
            # 1. roll each night by a random fraction of an epoch
            shift = np.random.uniform(-shiftFrac, shiftFrac) * self.nights_x[k].shape[1]
            # drop the first or last epoch, depending on the direction
            if shift < 0:
                self.nights_x[k] = np.roll(self.nights_x[k], int(shift))[:-1]
                self.nights_y[k] = self.nights_y[k][:-1]
            if shift > 0:
                self.nights_x[k] = np.roll(self.nights_x[k], int(shift))[1:]
                self.nights_y[k] = self.nights_y[k][1:]
            assert len(self.nights_x) == len(self.nights_y), f"night counts differ after shifting"
            # 2. skip a few epochs at the start
            skip = np.random.randint(maxSkip)
            self.nights_x[k] = self.nights_x[k][skip:]
            self.nights_y[k] = self.nights_y[k][skip:]
            assert len(self.nights_x) == len(self.nights_y), f"night counts differ after skipping"
    
    def showInfo(self):
        counts = [0] * 5
        for ys in self.nights_y:
            for c in range(5):
                counts[c] = counts[c] + np.count_nonzero(ys == c)
        print(f"{len(self.nights_x)} night(s) loaded")
        for c in range(5):
            print(f"stage {self.STAGES[c]:<2}: {counts[c]}")


if __name__ == '__main__':
    ds = PSGdataset('sleepedf', 'config/sleepedf_test.txt')
    for xs, ys in zip(ds.nights_x, ds.nights_y):
        print(xs.shape, ys.shape)
    print(ds.getInfo())
