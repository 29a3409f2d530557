from torch.utils.data import Dataset
import numpy as np


class HandSignSet(Dataset):
    def __init__(self, frame, transforms=None):
        self.frame = frame
        self.transforms = transforms

    def __len__(self):
        return len(self.frame)

    def __getitem__(self, i):
        target = self.frame.iloc[i, 0]
        pic = self.frame.iloc[i, 1:].values.reshape((28,28))

        if self.transforms:
            pic = self.transforms(np.uint8(pic))
        else:
            pic = pic.astype(np.float32)

        return pic, target
