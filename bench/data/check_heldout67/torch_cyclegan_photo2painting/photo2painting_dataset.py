import os

from torch.utils.data import Dataset
from PIL import Image

import config


class PhotoPaintingPairs(Dataset):
    def __init__(self, transform=True):
        self.transform = transform
        self.photo_names = os.listdir(config.PHOTO_DIR)
        self.painting_names = os.listdir(config.PAINTING_DIR)

    def open_from(self, kind, index):
        lookup = {
            'photo': (self.photo_names, config.PHOTO_DIR),
            'painting': (self.painting_names, config.PAINTING_DIR),
        }

        names, folder = lookup.get(kind)
        name = names[index]
        full_path = os.path.join(folder, name)

        pic = Image.open(full_path).convert('RGB')

        if self.transform:
            pic = config.PREPROCESS(pic)

        return pic

    def __len__(self):
        return min(len(self.photo_names), len(self.painting_names))

    def __getitem__(self, index):
        photo = self.open_from('photo', index)
        painting = self.open_from('painting', index)

        return photo, painting





