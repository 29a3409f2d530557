import torch
from PIL import Image


class PathSet(torch.utils.data.Dataset):
    """
    Pairs of picture paths and classes, opened on demand
          Args:
              files (list): picture paths
              labels (list): classes
          Gives:
              img, label (tuple): one opened picture and its class
    """

    def __init__(self, files, labels):
        self.files = files
        self.labels = labels

        if len(self.files) != len(self.labels):
            print("WARNING: lengths differ")

    def __getitem__(self, i):
        # files[i]
        f = self.files[i]
        img = Image.open(f).convert("RGB")
        label = self.labels[i]

        return img, label

    def __len__(self):
        # len(files)
        return len(self.files)