from torch.utils.data import Dataset
from PIL import Image
import pandas as pd
import cv2
import numpy as np
from torchvision.transforms import ToTensor
import torch


class FaceParsingSet(Dataset):
    def __init__(self, table: pd.DataFrame, seed: int | None = None, transforms: None = None) -> None:
        super().__init__()
        self.seed = seed
        self.data = table
        self.transforms = transforms
        self.to_t = ToTensor()

    def __len__(self):
        return len(self.data)
    
    def _compose_mask(self, mask_files) -> np.ndarray:
        '''
            Paints the part masks one after another, later parts overwriting earlier ones; for CelebAMask-HQ the
        column order is neck, cloth, skin, ears, nose, eyes, brows, mouth, lips, ears, jewellery, hair, hat
        '''
        flat = np.full(shape=(512, 512), fill_value=0, dtype=np.int64)
        for idx, mp in enumerate(mask_files):
            if pd.isna(mp):
                continue
            gray = cv2.imread(str(mp))
            gray = cv2.cvtColor(gray, cv2.COLOR_BGR2GRAY)
            _, binary = cv2.threshold(gray, thresh=127, maxval=1, type=cv2.THRESH_BINARY)
            flat[binary > 0] = idx
        return flat

    def __getitem__(self, idx: int):
        row = self.data.loc[idx]
        bgr = cv2.imread(row['image_path'])
        x_in = self.transforms(bgr)
        mask_cols = row.tolist()[1:]
        mask = self._compose_mask(mask_files=mask_cols)
        return x_in, torch.as_tensor(mask, dtype=torch.long)