import os
from torch.utils.data import Dataset
from .fileloader import load_image_cv2

class OCRDataset(Dataset):
    def __init__(self, image_paths, labels, transform=None, apply_transform=False):
        self.image_paths = image_paths
        self.labels = labels
        self.transform = transform
        self.cached = []
        if apply_transform:
            self.apply_transform()

    def __len__(self):
        return len(self.image_paths)

    def __getitem__(self, idx):
        if self.cached:
            pic = self.cached[idx]
        else:
            pic = load_image_cv2(self.image_paths[idx])
            if self.transform:
                pic = self.transform(pic)
        tag = self.labels[idx]
        
        return pic, tag
    def apply_transform(self):
        """
        Run the transform once over every picture and keep the results.
        """
        for k in range(len(self.image_paths)):
            pic = load_image_cv2(self.image_paths[k])
            if self.transform:
                pic = self.transform(pic)
            self.cached.append(pic)
    def flush(self):
        """
        Drop the kept results.
        """
        self.cached = []
