import os
import pandas as pd
from torch.utils.data import Dataset
from torch.utils.data import DataLoader
from torch.utils.data.sampler import RandomSampler
from albumentations import (
    MotionBlur,
    HorizontalFlip,
    VerticalFlip,
    MedianBlur,
    Blur,
    Compose,
    IAAAdditiveGaussianNoise,
    GaussNoise,
    OneOf,
    Normalize,
    RandomBrightnessContrast,
    ShiftScaleRotate,
    RandomSizedCrop,
)
from albumentations.pytorch.transforms import ToTensor
from sklearn.model_selection import KFold

from src.utils import rle_encode
from src.transform import *

import warnings
warnings.filterwarnings("ignore")


class SteelSet(Dataset):
    def __init__(self, mode, id_list=None, df=None, is_tta=False, full_shape=(256, 1600, 3)):
        self.image_list = id_list
        self.df = df
        self.mode = mode
        self.is_tta = is_tta
        self.root = 'input/severstal-steel-defect-detection/'
        self.fine_size = full_shape

        self.test_idx = os.listdir(self.root + 'test_images')

    def __len__(self):
        if self.mode != 'test':
            return len(self.image_list)
        else:
            return len(os.listdir('input/severstal-steel-defect-detection/test_images'))

    def __getitem__(self, idx):
        if self.mode == 'train':
            img_name = self.image_list[idx]
            img_name, mask, target = rle_encode(img_name, self.df)
            img_file = os.path.join(self.root + 'train_images', img_name)
            image = cv2.imread(img_file)

            mean = (0.485, 0.456, 0.406)
            std = (0.229, 0.224, 0.225)
            aug_train = Compose([
                OneOf([
                    ShiftScaleRotate(),
                    VerticalFlip(p=0.8),
                    HorizontalFlip(p=0.8),
                ], p=0.6),
                OneOf([
                    RandomBrightnessContrast(),
                    MotionBlur(p=0.5),
                    MedianBlur(blur_limit=3, p=0.5),
                    Blur(blur_limit=3, p=0.5),
                ], p=0.6),
                OneOf([
                    IAAAdditiveGaussianNoise(),
                    GaussNoise(),
                ], p=0.6),
                RandomSizedCrop(min_max_height=(250, 256), height=256, width=400, p=1),
                Normalize(mean=mean, std=std, p=1),
                ToTensor()])

            data = {"image": image, "mask": mask, "target": target}
            out = aug_train(**data)
            image = out['image']
            mask = out['mask']
            mask = mask[0].permute(2, 0, 1)

            target = out['target']

            return image, mask, target

        elif self.mode == 'val':
            img_name = self.image_list[idx]
            img_name, mask, target = rle_encode(img_name, self.df)
            img_file = os.path.join(self.root + 'train_images', img_name)
            image = cv2.imread(img_file)

            mean = (0.485, 0.456, 0.406)
            std = (0.229, 0.224, 0.225)
            aug_eval = Compose([
                Normalize(mean=mean, std=std, p=1),
                ToTensor()])

            data = {"image": image, "mask": mask, "target": target}
            out = aug_eval(**data)
            image = out['image']
            mask = out['mask']
            mask = mask[0].permute(2, 0, 1)

            target = out['target']

            return image, mask, target

        elif self.mode == 'test':
            img_name = self.test_idx[idx]
            img_file = os.path.join(self.root, "test_images", img_name)
            image = cv2.imread(img_file)

            mean = (0.485, 0.456, 0.406)
            std = (0.229, 0.224, 0.225)
            if self.is_tta:
                aug_eval = Compose([
                    Normalize(mean=mean, std=std, p=1),
                    HorizontalFlip(p=1),
                    ToTensor()])
            else:
                aug_eval = Compose([
                    Normalize(mean=mean, std=std, p=1),
                    ToTensor()])

            out = aug_eval(image=image)
            image = out['image']

            return img_name, image


def make_steel_set(mode, image_idx):
    df = pd.read_csv('input/severstal-steel-defect-detection/train.csv')
    df['ImageId'], df['ClassId'] = zip(*df['ImageId_ClassId'].str.split('_'))
    df['ClassId'] = df['ClassId'].astype(int)
    df = df.pivot(index='ImageId', columns='ClassId', values='EncodedPixels')
    df['defects'] = df.count(axis=1)

    return SteelSet(id_list=image_idx, df=df, mode=mode)


if __name__ == '__main__':

    n_splits = 5
    n_imgs = len(os.listdir('input/severstal-steel-defect-detection/train_images'))
    n_imgs = 40
    all_idx = list(range(n_imgs))
    splitter = KFold(n_splits=n_splits, random_state=42, shuffle=True)

    tr_folds = []
    va_folds = []
    for t, v in splitter.split(all_idx):
        tr_folds.append(t)
        va_folds.append(v)

    for fold in range(n_splits):
        tr_set = make_steel_set(mode='train', image_idx=tr_folds[fold])
        tr_loader = DataLoader(tr_set,
                                  shuffle=RandomSampler(tr_set),
                                  batch_size=30,
                                  num_workers=4,
                                  pin_memory=True)

    image, mask, target = next(iter(tr_loader))

    import matplotlib.pyplot as plt
    for i in range(30):
        img = np.moveaxis(mask[i][0].numpy(), 0, -1)
        plt.imshow(img.astype('uint8'))
        plt.show()







