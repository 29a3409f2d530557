import numpy as np
import torch
import pandas as pd
import cv2
import os
import ast
from albumentations import HorizontalFlip, VerticalFlip, ToGray, OneOf, GaussNoise, MotionBlur, MedianBlur, Blur, CLAHE, \
    RandomBrightnessContrast, Sharpen, Emboss, HueSaturationValue, BboxParams, Compose, RandomResizedCrop, Rotate
from torch.utils.data import Dataset
from sklearn.model_selection import train_test_split


def make_pipeline(steps, split='train'):
    if split == 'train':
        return Compose(steps, bbox_params=BboxParams(format='pascal_voc', min_area=0, min_visibility=0, label_fields=['labels']))
    return None

class WheatHeads(Dataset):
    def __init__(self, split='train', root='dataset/'):
        self.split = split
        self.root = root
        self.img_folder = os.path.join(root, 'train' if split in ['train', 'val'] else 'test')

        if split in ['train', 'val']:
            # box table
            self.boxes_df = pd.read_csv(os.path.join(root, 'train.csv'))
            self.boxes_df['bbox'] = self.boxes_df['bbox'].apply(ast.literal_eval)
            self.boxes_df['image_id'] = self.boxes_df['image_id'].astype(str)

            # corners from x, y, w, h
            self.boxes_df[['x_min', 'y_min', 'w', 'h']] = pd.DataFrame(self.boxes_df.bbox.tolist(), index=self.boxes_df.index)
            self.boxes_df['x_max'] = self.boxes_df['x_min'] + self.boxes_df['w']
            self.boxes_df['y_max'] = self.boxes_df['y_min'] + self.boxes_df['h']

            # split by picture
            ids = list(self.boxes_df['image_id'].unique())
            fit_ids, hold_ids = train_test_split(ids, test_size=0.2, random_state=777)
            self.image_ids = fit_ids if split == 'train' else hold_ids
        else:  # hidden split
            self.boxes_df = None
            self.image_ids = [os.path.splitext(f)[0] for f in os.listdir(self.img_folder) if f.endswith('.jpg')]

        # augmentations for fitting
        self.train_transforms = make_pipeline([
            RandomResizedCrop(size=(1024, 1024), scale=(0.8, 1.0), p=0.5),
            Rotate(limit=15, p=0.5),
            HorizontalFlip(p=0.5),
            VerticalFlip(p=0.5),
            ToGray(p=0.01),
            GaussNoise(p=0.2),
            OneOf([
                MotionBlur(p=0.2),
                MedianBlur(blur_limit=3, p=0.1),
                Blur(blur_limit=3, p=0.1),
            ], p=0.2),
            OneOf([
                CLAHE(),
                Sharpen(),
                Emboss(),
                RandomBrightnessContrast(),
            ], p=0.25),
            HueSaturationValue(p=0.25)
        ])

    def __len__(self):
        return len(self.image_ids)

    def __getitem__(self, i):
        img_id = self.image_ids[i]
        path = os.path.join(self.img_folder, f'{img_id}.jpg')
        img = cv2.imread(path)
        if img is None:
            raise FileNotFoundError(f"missing {path}")
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)

        if self.split in ['train', 'val']:
            # this picture's boxes
            rows = self.boxes_df[self.boxes_df['image_id'] == img_id]
            boxes = rows[['x_min', 'y_min', 'x_max', 'y_max']].values
            labels = np.ones(len(boxes), dtype=np.int64)  # one class only

            # tensors
            boxes = torch.as_tensor(boxes, dtype=torch.float32)
            target = {'boxes': boxes, 'labels': labels, 'image_id': torch.tensor([i], dtype=torch.int64)}

            # augment
            if self.train_transforms:
                out = self.train_transforms(image=img, bboxes=boxes, labels=labels)
                img = out['image']
                boxes = torch.as_tensor(out['bboxes'], dtype=torch.float32)
                labels = torch.as_tensor(out['labels'], dtype=torch.int64)
                target = {'boxes': boxes, 'labels': labels, 'image_id': torch.tensor([i], dtype=torch.int64)}
        else:  # hidden split
            target = {'image_id': torch.tensor([i], dtype=torch.int64)}

        # HWC bytes to CHW float
        img = img.astype(np.float32) / 255.0
        img = torch.from_numpy(img).permute(2, 0, 1)

        return img, target
