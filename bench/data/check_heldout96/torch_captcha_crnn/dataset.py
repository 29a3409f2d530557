import albumentations
import torch

import numpy as np

from PIL import Image
from PIL import ImageFile

ImageFile.LOAD_TRUNCATED_IMAGES = True


class CaptchaImages:
    def __init__(self, paths, labels, size=None):
        # size is (h, w)
        self.paths = paths
        self.labels = labels
        self.size = size

        mu = (0.485, 0.456, 0.406)
        sd = (0.229, 0.224, 0.225)
        self.norm = albumentations.Compose(
            [
                albumentations.Normalize(
                    mu, sd, max_pixel_value=255.0, always_apply=True
                )
            ]
        )

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        img = Image.open(self.paths[i]).convert("RGB")
        lab = self.labels[i]

        if self.size is not None:
            img = img.resize(
                (self.size[1], self.size[0]), resample=Image.BILINEAR
            )

        img = np.array(img)
        out = self.norm(image=img)
        img = out["image"]
        img = np.transpose(img, (2, 0, 1)).astype(np.float32)

        return {
            "images": torch.tensor(img, dtype=torch.float),
            "targets": torch.tensor(lab, dtype=torch.long),
        }
