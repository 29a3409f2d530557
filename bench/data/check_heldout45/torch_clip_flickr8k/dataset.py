import os
import cv2
import torch
import albumentations as A
from torch.utils.data import Dataset

import config as CFG

class PairDataset(Dataset):
    def __init__(self, file_names, texts, tokenizer, augment):
        self.file_names = file_names
        self.texts = list(texts)
        self.tokens = tokenizer(list(texts), padding=True, truncation=True,
                                          max_length=CFG.max_length)
        self.augment = augment

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, i):
        sample = {
            name: torch.tensor(vals[i]) for name, vals in self.tokens.items()
        }

        img = cv2.imread(f'{CFG.image_path}/{self.file_names[i]}')
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
        img = self.augment(image=img)['image']
        sample['image'] = torch.tensor(img).permute(2, 0, 1).float()
        sample['caption'] = self.texts[i]
        return sample
    
def make_augment(split="train"):
    if split == "train":
        return A.Compose(
            [
                A.Resize(CFG.size, CFG.size, always_apply=True),
                A.Normalize(max_pixel_value=255.0, always_apply=True),
            ]
        )
    else:
        return A.Compose(
            [
                A.Resize(CFG.size, CFG.size, always_apply=True),
                A.Normalize(max_pixel_value=255.0, always_apply=True),
            ]
        )
