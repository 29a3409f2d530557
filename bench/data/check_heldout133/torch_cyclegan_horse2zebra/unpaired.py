import glob
import random
import os

from torch.utils.data import Dataset
from PIL import Image
import torchvision.transforms as transforms

class UnpairedImages(Dataset):
    def __init__(self, root, tfms=None, unaligned=False, mode='train'):
        self.transform = transforms.Compose(tfms)
        self.unaligned = unaligned

        self.paths_a = sorted(glob.glob(os.path.join(root, '%s/A' % mode) + '/*.*'))
        self.paths_b = sorted(glob.glob(os.path.join(root, '%s/B' % mode) + '/*.*'))

    def __getitem__(self, idx):
        x_a = self.transform(Image.open(self.paths_a[idx % len(self.paths_a)]))

        if self.unaligned:
            x_b = self.transform(Image.open(self.paths_b[random.randint(0, len(self.paths_b) - 1)]))
        else:
            x_b = self.transform(Image.open(self.paths_b[idx % len(self.paths_b)]))

        return {'A': x_a, 'B': x_b}

    def __len__(self):
        return max(len(self.paths_a), len(self.paths_b))
