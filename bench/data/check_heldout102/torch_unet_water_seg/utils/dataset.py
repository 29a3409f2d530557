import os
import sys
import numpy as np
from PIL import Image
from typing import Tuple, Union

import torch
from torch.utils.data.dataset import Dataset
import torchvision.transforms as transforms


class MyData(Dataset):
    def __init__(self, folder, num_classes, image_width, image_height, augmentation=False, to_torch=True, one_hot=False):
        super().__init__()
        self.folder = folder
        self.n_classes = num_classes
        self.w = image_width
        self.h = image_height
        self.to_torch = to_torch
        self.one_hot = one_hot

        stems = os.listdir(folder)
        stems = [ s[:-4] for s in stems if s.endswith('png') ]
        self.img_files = [ s + ".jpg" for s in stems ]
        self.mask_files = [ s + ".png" for s in stems ]
        sys.stdout.write(f"{len(stems)} images found\n")

    def __getitem__(self, i) -> Tuple[Union[np.ndarray, torch.Tensor], Union[np.ndarray, torch.Tensor]]:
        """
        read: image H x W x 3 (RGB)
        returned: image 3 x H x W, mask H x W
        (mask H x W x classes when one_hot)
        """

        img = Image.open(os.path.join(self.folder, self.img_files[i]))
        img = img.resize((self.w, self.h), Image.BILINEAR)
        img = np.array(img)
        img = np.transpose(img, [2, 0, 1])

        mask = Image.open(os.path.join(self.folder, self.mask_files[i]))
        mask = mask.resize((self.w, self.h), Image.BILINEAR)
        mask = np.array(mask)

        if self.one_hot:
            mask_oh = np.zeros((mask.shape[0], mask.shape[1], self.n_classes))
            for c in range(self.n_classes):
                mask_oh[:,:,c] = (mask == c)
            if self.to_torch:
                img = torch.from_numpy(img).float()
                mask_oh = torch.from_numpy(mask_oh).long()
            return img, mask_oh
        else:
            if self.to_torch:
                img = torch.from_numpy(img).float()
                mask = torch.from_numpy(mask).long()
            return img, mask

    def __len__(self):
        return len(self.img_files)


if __name__ == "__main__":
    ds = MyData("/home/data/1945", num_classes=5, image_width=720, image_height=540)
    img, mask = ds[0]
    print(img.shape, mask.shape)
