import random
import os
import pdb

from PIL import Image
from torch.utils.data import Dataset, DataLoader
import torchvision.transforms as transforms

# transforms follow the standard torchvision tutorials
# 
# training pipeline: resize, random flip, 3-channel gray, tensor
aug_tf = transforms.Compose([
    transforms.Resize(224),  # short side to 224
    transforms.RandomHorizontalFlip(), # random mirror
    transforms.Grayscale(num_output_channels=3), # replicate gray to 3 channels
    transforms.ToTensor()])  # to tensor
    

# evaluation pipeline: same without the flip
plain_tf = transforms.Compose([
    transforms.Resize(224),  # short side to 224
    transforms.Grayscale(num_output_channels=3), # replicate gray
    transforms.ToTensor()])  # to tensor

class XrayPngSet(Dataset):
    """
    Chest radiographs stored as png files; the class is the first character of the name.
    """
    def __init__(self, folder, tf):
        """
        Keep the png paths and the transform.

        Args:
            folder: split folder
            tf: torchvision transform
        """
        self.paths = os.listdir(folder)
        self.paths = [os.path.join(folder, f) for f in self.paths if f.endswith('.png')]

        self.targets = [int(os.path.split(p)[-1][0]) for p in self.paths]
        self.tf = tf

    def __len__(self):
        # number of files
        return len(self.paths)

    def __getitem__(self, idx):
        """
        Open one png and transform it.

        Args:
            idx: position in the file list

        Returns:
            img: tensor image
            target: int class
        """
        img = Image.open(self.paths[idx])  # PIL image
        img = self.tf(img)
        return img, self.targets[idx]


def fetch_dataloader(types, data_dir, hp):
    """
    Build a DataLoader for each requested split.

    Args:
        types: subset of 'train', 'val', 'test'
        data_dir: root folder
        hp: hyper-parameters

    Returns:
        dict split -> DataLoader
    """
    loaders = {}

    for split in ['train', 'val', 'test']:
        if split in types:
            folder = os.path.join(data_dir, "{}_cxrs".format(split))

            # augmentation only for training
            if split == 'train':
                dl = DataLoader(XrayPngSet(folder, aug_tf), batch_size=hp.batch_size, shuffle=True,
                                        num_workers=hp.num_workers,
                                        pin_memory=hp.cuda)
            else:
                dl = DataLoader(XrayPngSet(folder, plain_tf), batch_size=hp.batch_size, shuffle=False,
                                num_workers=hp.num_workers,
                                pin_memory=hp.cuda)

            loaders[split] = dl
    #

    return loaders
