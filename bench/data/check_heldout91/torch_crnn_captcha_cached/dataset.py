import albumentations as A
import cv2
import torch
from albumentations.pytorch import ToTensorV2
from torch.utils.data import Dataset
from config import Image_Width, Image_Height, SYMBOLS
import os
os.environ["ALBUMENTATIONS_DISABLE_VERSION_CHECK"] = "1"
import warnings
warnings.filterwarnings("ignore", message="Error fetching version info*")


sym2id = {s: k + 1 for k, s in enumerate(SYMBOLS)}
id2sym = {k + 1: s for k, s in enumerate(SYMBOLS)}


class CodeDataset(Dataset):
    def __init__(self, folder):
        if not os.path.isdir(folder):
            raise ValueError(f"no such data folder '{folder}'.")
        self.files = []
        self.codes = []

        for name in os.listdir(folder):
            if name.lower().endswith(".png"):
                code = name.split("_", 1)[-1].replace(".png", "")
                self.files.append(os.path.join(folder, name))
                self.codes.append(code)

        if len(self.files) == 0:
            raise ValueError(f"no .png files under {folder}")

        self.decoded = {}
        self.aug = A.Compose([
            A.Resize(height=Image_Height, width=Image_Width),  # the only resize
            A.RandomBrightnessContrast(p=0.3),
            A.Affine(scale=(0.97, 1.03), translate_percent=(0.03, 0.03), rotate=(-5, 5), p=0.3),
            A.Normalize(mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5)),  # three channels
            ToTensorV2()
        ])

    def __len__(self):
        return len(self.files)

    def __getitem__(self, k):
        path = self.files[k]
        code = self.codes[k]

        # every symbol must be known
        for s in code:
            if s not in sym2id:
                raise ValueError(f"unknown symbol '{s}' in the code of {path}")

        if path in self.decoded:
            pic = self.decoded[path]
        else:
            pic = cv2.imread(path)
            if pic is None:
                raise ValueError(f"unreadable image: {path}")
            pic = cv2.cvtColor(pic, cv2.COLOR_BGR2RGB)

            h, w = pic.shape[:2]
            if w < h:
                pic = cv2.rotate(pic, cv2.ROTATE_90_CLOCKWISE)

            # kept at full size; resizing happens in the augmentation
            self.decoded[path] = pic

        out = self.aug(image=pic)
        pic = out['image']
        ids = torch.tensor([sym2id[s] for s in code], dtype=torch.long)

        return pic, ids
