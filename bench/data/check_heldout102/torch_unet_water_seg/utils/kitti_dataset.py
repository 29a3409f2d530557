import os
import sys
import numpy as np
from tqdm import tqdm
from PIL import Image
from typing import Tuple, Union

import torch
from torch.utils.data.dataset import Dataset
import torchvision.transforms as transforms


class KittiData(Dataset):
    def __init__(self, folder, num_classes, image_width, image_height, augmentation=False, to_torch=True, one_hot=True):
        super().__init__()
        self.folder = folder
        self.n_classes = num_classes
        self.w = image_width
        self.h = image_height
        self.augmentation = augmentation
        self.to_torch = to_torch
        self.one_hot = one_hot

        if to_torch:
            imgs = os.listdir(os.path.join(folder, "training", "image_2"))
            imgs.sort()
            self.img_files = [os.path.join(folder, "training", "image_2", f) for f in imgs]
            masks = os.listdir(os.path.join(folder, "training", "semantic"))
            masks.sort()
            self.mask_files = [os.path.join(folder, "training", "semantic", f) for f in masks]
        else:
            imgs = os.listdir(os.path.join(folder, "testing", "image_2"))
            imgs.sort()
            self.img_files = [os.path.join(folder, "testing", "image_2", f) for f in imgs]
            masks = os.listdir(os.path.join(folder, "testing", "semantic"))
            masks.sort()
            self.mask_files = [os.path.join(folder, "testing", "semantic", f) for f in masks]
        sys.stdout.write(f"{len(self.img_files)} images found\n")

    def __getitem__(self, i) -> Tuple[Union[np.ndarray, torch.Tensor], Union[np.ndarray, torch.Tensor]]:
        """
        read: image H x W x 3 (RGB)
        returned: image 3 x H x W, mask H x W
        (mask H x W x classes when one_hot)
        """

        assert(
            self.img_files[i].replace('\\', '/').split('/')[-1]
            == self.mask_files[i].replace('\\', '/').split('/')[-1]
        )

        img = Image.open(self.img_files[i])
        img = img.resize((self.w, self.h), Image.BILINEAR)
        img = np.array(img)
        img = np.transpose(img, [2, 0, 1])

        mask = Image.open(self.mask_files[i])
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
    ds = KittiData("/data/data_semantics", 34, 640, 640, one_hot=False)
    # check 1
    img, mask = ds[0]
    print(img.shape, mask.shape)
    # check 2
    top = 0
    bar = tqdm(total=len(ds), ascii=True)
    for k in range(len(ds)):
        img, mask = ds[k]
        lo = torch.min(mask)
        hi = torch.max(mask)
        bar.set_description(f"labels = {lo} -- {hi}")
        if top < hi:
            top = hi
        bar.update(1)
    bar.close()
    print("largest label:", top)
