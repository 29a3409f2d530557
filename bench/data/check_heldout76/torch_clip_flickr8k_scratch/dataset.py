import os
import cv2
import torch
import albumentations as A

import config as CFG


class PairDataset(torch.utils.data.Dataset):
    def __init__(self, image_filenames, captions, tokenizer, transforms):
        """
        one file name per caption: an image with several captions
        appears several times in image_filenames
        
        """

        self.image_filenames = image_filenames
        self.captions = list(captions)
        self.encoded_captions = tokenizer(
            list(captions), padding=True, truncation=True, max_length=CFG.max_length
        )
        self.transforms = transforms

    def __getitem__(self, i):
        sample = {
            name: torch.tensor(vals[i])
            for name, vals in self.encoded_captions.items()
        }

        img = cv2.imread(f"{CFG.image_path}/{self.image_filenames[i]}")
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
        img = self.transforms(image=img)['image']
        sample['image'] = torch.tensor(img).permute(2, 0, 1).float()
        sample['caption'] = self.captions[i]

        return sample


    def __len__(self):
        return len(self.captions)



def build_transforms(mode="train"):
    if mode == "train":
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
