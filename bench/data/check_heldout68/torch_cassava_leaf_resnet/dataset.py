import os
from torch import tensor
import torchvision
from PIL import Image
from torch.utils.data import Dataset


class LeafData(Dataset):
    def __init__(self, df, dir):
        self.df = df
        self.dir = dir

    def __len__(self):
        return len(self.df)

    def __getitem__(self, idx):
        fname, target, _ = self.df.loc[idx]
        full = os.path.join(self.dir, fname)
        pic = Image.open(full).resize((256, 256))
        return {
            "image": torchvision.transforms.ToTensor()(pic),
            "label": tensor(target),
        }
