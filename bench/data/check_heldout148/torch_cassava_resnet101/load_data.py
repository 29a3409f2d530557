import pandas as pd
import torch.utils.data
from torch.utils.data import Dataset
from PIL import Image
import os
import numpy as np
from torchvision import transforms


def read_label_table(root_dir):
    table = pd.read_csv(root_dir + 'train.csv')
    file_ids = table['image_id']
    targets = table['label']
    return file_ids, targets


class LeafImageSet(Dataset):
    def __init__(self, folder, targets, file_ids, transform=None):
        self.folder = folder
        self.targets = targets
        self.file_ids = file_ids
        self.transform = transform

    def __len__(self):
        return len(self.file_ids)

    def __getitem__(self, i):
        if i >= len(self.file_ids):
            raise IndexError("position past the end of the table")

        file_id = self.file_ids[i]
        full_path = os.path.join(self.folder, file_id)

        try:
            picture = Image.open(full_path).convert('RGB')
        except FileNotFoundError:
            print(f"missing picture: {full_path}")
            return None
        if self.transform:
            picture = self.transform(picture)
        picture = np.array(picture)
        picture = torch.as_tensor(picture, dtype=torch.float32).cuda()

        target = torch.tensor(self.targets[i]).to('cuda')
        return picture, target

class UnlabelledImageSet(Dataset):
    def __init__(self, folder, transform=None):
        self.folder = folder
        self.transform = transform
        self.paths = [os.path.join(folder, name) for name in os.listdir(folder)]

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        path = self.paths[i]
        picture = Image.open(path)
        picture = np.array(picture)
        picture = torch.as_tensor(picture, dtype=torch.float32).permute(2, 0, 1).cuda()
        if self.transform:
            picture = self.transform(picture)
        return picture

def build_augmentation():
    pipeline = transforms.Compose([
        transforms.Resize(224),
        transforms.RandomResizedCrop(224),
        transforms.RandomHorizontalFlip(),
        transforms.RandomRotation(degrees=45),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    ])
    return pipeline
