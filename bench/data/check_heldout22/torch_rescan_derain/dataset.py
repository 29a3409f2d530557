import os
import cv2
import numpy as np
from numpy.random import RandomState
from torch.utils.data import Dataset

import settings 


class RainPairDataset(Dataset):
    def __init__(self, split):
        super().__init__()
        self.rng = RandomState(66)
        self.split_dir = os.path.join(settings.data_root_dir, split)
        self.pair_files = os.listdir(self.split_dir)
        self.patch_side = settings.patch_side
        self.n_files = len(self.pair_files)

    def __len__(self):
        return self.n_files * 100

    def __getitem__(self, index):
        fname = self.pair_files[index % self.n_files]
        img_path = os.path.join(self.split_dir, fname)
        pair_img = cv2.imread(img_path).astype(np.float32) / 255

        if settings.augment_data:
            rain_img, bg_img = self.random_crop(pair_img, jitter=True)
            rain_img, bg_img = self.random_flip(rain_img, bg_img)
            rain_img, bg_img = self.random_rotate(rain_img, bg_img)
        else:
            rain_img, bg_img = self.random_crop(pair_img, jitter=False)

        rain_img = np.transpose(rain_img, (2, 0, 1))
        bg_img = np.transpose(bg_img, (2, 0, 1))
        item = {'O': rain_img, 'B': bg_img}

        return item

    def random_crop(self, pair_img, jitter):
        patch_side = self.patch_side
        img_h, pair_w, x0 = pair_img.shape
        half_w = int(pair_w / 2)

        if jitter:
            lo = - 1 / 4 * self.patch_side
            hi =   1 / 4 * self.patch_side + 1
            crop_h = patch_side + self.rng.randint(lo, hi)
            crop_w = patch_side + self.rng.randint(lo, hi)
        else:
            crop_h, crop_w = patch_side, patch_side

        y0 = self.rng.randint(0, img_h - crop_h)
        x0 = self.rng.randint(0, half_w - crop_w)
        rain_img = pair_img[y0: y0+crop_h, x0+half_w: x0+crop_w+half_w]
        bg_img = pair_img[y0: y0+crop_h, x0: x0+crop_w]

        if jitter:
            rain_img = cv2.resize(rain_img, (patch_side, patch_side))
            bg_img = cv2.resize(bg_img, (patch_side, patch_side))

        return rain_img, bg_img

    def random_flip(self, rain_img, bg_img):
        if self.rng.rand() > 0.5:
            rain_img = np.flip(rain_img, axis=1)
            bg_img = np.flip(bg_img, axis=1)
        return rain_img, bg_img

    def random_rotate(self, rain_img, bg_img):
        deg = self.rng.randint(-30, 30)
        patch_side = self.patch_side
        pivot = (int(patch_side / 2), int(patch_side / 2))
        rot_mat = cv2.getRotationMatrix2D(pivot, deg, 1)
        rain_img = cv2.warpAffine(rain_img, rot_mat, (patch_side, patch_side))
        bg_img = cv2.warpAffine(bg_img, rot_mat, (patch_side, patch_side))
        return rain_img, bg_img


class RainTestDataset(Dataset):
    def __init__(self, split):
        super().__init__()
        self.rng = RandomState(66)
        self.split_dir = os.path.join(settings.data_root_dir, split)
        self.pair_files = os.listdir(self.split_dir)
        self.patch_side = settings.patch_side
        self.n_files = len(self.pair_files)

    def __len__(self):
        return self.n_files

    def __getitem__(self, index):
        fname = self.pair_files[index % self.n_files]
        img_path = os.path.join(self.split_dir, fname)
        pair_img = cv2.imread(img_path).astype(np.float32) / 255
        img_h, pair_w, x0 = pair_img.shape
        half_w = int(pair_w / 2)

        rain_img = np.transpose(pair_img[:, half_w:], (2, 0, 1))
        bg_img = np.transpose(pair_img[:, :half_w], (2, 0, 1))
        item = {'O': rain_img, 'B': bg_img}

        return item


class RainShowDataset(Dataset):
    def __init__(self, split):
        super().__init__()
        self.rng = RandomState(66)
        self.split_dir = os.path.join(settings.data_root_dir, split)
        self.sorted_files = sorted(os.listdir(self.split_dir))
        self.n_files = len(self.sorted_files)

    def __len__(self):
        return self.n_files

    def __getitem__(self, index):
        fname = self.sorted_files[index % self.n_files]
        img_path = os.path.join(self.split_dir, fname)
        pair_img = cv2.imread(img_path).astype(np.float32) / 255

        img_h, pair_w, x0 = pair_img.shape
        half_w = int(pair_w / 2)

        # (alternative: keep the whole side-by-side pair as input)
        rain_img = np.transpose(pair_img[:, half_w:], (2, 0, 1))
        item = {'O': rain_img, 'idx': index}

        return item

    def stem_of(self, index):
        return self.sorted_files[index % self.n_files].split('.')[0]


if __name__ == '__main__':
    demo_set = RainPairDataset('val')
    print('-- paired crops (val split)')
    for i in range(10):
        item = demo_set[i]
        for key, value in item.items():
            print(key, value.shape, value.dtype, value.mean())

    print()
    demo_set = RainTestDataset('test')
    print('-- full test pairs')
    for i in range(10):
        item = demo_set[i]
        for key, value in item.items():
            print(key, value.shape, value.dtype, value.mean())

    print()
    print('-- rainy inputs only')
    demo_set = RainShowDataset('test')
    for i in range(10):
        item = demo_set[i]
        for key, value in item.items():
            print(key, value.shape, value.dtype, value.mean())
