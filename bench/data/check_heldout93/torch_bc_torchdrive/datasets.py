from torch.utils.data import Dataset
import pandas as pd
import utils

class Dataset(Dataset):
    def __init__(self, data_dir, transforms=None):
        frame_table = pd.read_csv(data_dir,
                              names=['center', 'left', 'right', 'steering', 'throttle', 'reverse', 'speed'])
        self.X = frame_table[['center', 'left', 'right', 'speed']]
        self.y = frame_table[['steering', 'throttle', 'reverse']]

        self.transforms = transforms


    def __getitem__(self, ind):
        """Doc.

        """
        sample = utils.pick_camera(self.X.loc[ind], self.y.loc[ind])
        if self.transforms is not None:
            sample = self.transforms.augment(sample)
        return sample

    def __len__(self):
        """Doc.

        """
        return self.y.shape[0]