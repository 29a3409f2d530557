import numbers
import os
import random
import warnings
import math

import numpy as np
import torch
import torchvision.transforms.functional as F
from PIL import Image, ImageOps
from torch.utils.data import Dataset

from skimage import io, exposure

warnings.filterwarnings("ignore")


class NucleusTileDataset(Dataset):
    def __init__(self, data_root, skip_ids, n_channels, pipeline=None):
        self.data_root = data_root
        self.pipeline = pipeline
        self.n_channels = n_channels
        self.sample_ids = [i for i in next(os.walk(data_root))[
            1] if i not in skip_ids]

    def __len__(self):
        return len(self.sample_ids)

    def __getitem__(self, item_idx):
        image_id = self.sample_ids[item_idx]
        image_path = os.path.join(self.data_root, image_id,
                                'images', f'{image_id}.png')

        image_in = io.imread(image_path)[:, :, :self.n_channels]

        mask_list = []
        mask_dir = os.path.join(self.data_root, str(image_id), 'masks')
        merged_mask = one_mask = np.zeros(image_in.shape[:2], dtype=np.bool)
        for mask_file in next(os.walk(mask_dir))[2]:
            mask_piece = io.imread(os.path.join(mask_dir, mask_file))
            merged_mask = np.maximum(merged_mask, mask_piece)
            mask_piece = Image.fromarray(mask_piece)
            mask_list.append(mask_piece)

        sample_dict = {'image': Image.fromarray(image_in), 'combined_mask': Image.fromarray(merged_mask), 'masks': mask_list}

        if self.pipeline:
            sample_dict = self.pipeline(sample_dict)

        return sample_dict


class PairRescale():
    def __init__(self, out_size):
        assert isinstance(out_size, tuple)
        self.out_size = out_size

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']

        img_out = F.resize(image_in, self.out_size)
        merged_out = F.resize(merged_mask, self.out_size)
        masks_out = [F.resize(one_mask, self.out_size) for one_mask in mask_list]

        return {'image': img_out, 'combined_mask': merged_out, 'masks': masks_out}


class PairToTensor():
    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        mask_list = [F.to_tensor(one_mask).type(torch.FloatTensor) for one_mask in mask_list]

        return {'image': F.to_tensor(image_in).type(torch.FloatTensor), 'combined_mask': F.to_tensor(merged_mask).type(torch.FloatTensor), 'masks': mask_list}


class PairNormalize():
    def __init__(self, ch_mean=[0.485, 0.456, 0.406], ch_std=[0.229, 0.224, 0.225]):
        self.ch_mean = ch_mean
        self.ch_std = ch_std

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        image_in = F.normalize(image_in, self.ch_mean, self.ch_std)
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}

class PairGrayscale():
    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        n_out_ch = 1 if image_in.mode == 'L' else 3
        image_in = F.to_grayscale(image_in, num_output_channels=n_out_ch)
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}


class PairRandomResizedCrop():
    def __init__(self, crop_hw, area_range=(0.08,1.0), aspect_range=(3./4, 4./3), p_apply=0.5, interp=Image.BILINEAR):
        if isinstance(crop_hw, numbers.Number):
            self.crop_hw = (crop_hw, crop_hw)
        else:
            if len(crop_hw) != 2:
                raise ValueError("size: give one number or a pair")
            self.crop_hw = crop_hw
        self.interp = interp
        self.area_range = area_range
        self.aspect_range = aspect_range
        self.p_apply = p_apply

    @staticmethod
    def draw_params(img_out, area_range, aspect_range, p_apply):
        for try_i in range(10):
            img_area = img_out.size[0] * img_out.size[1]
            goal_area = random.uniform(*area_range) * img_area
            aspect = random.uniform(*aspect_range)

            w = int(round(math.sqrt(goal_area * aspect)))
            h = int(round(math.sqrt(goal_area / aspect)))

            if random.random() < p_apply:
                w, h = h, w

            if w <= img_out.size[0] and h <= img_out.size[1]:
                i = random.randint(0, img_out.size[1] - h)
                j = random.randint(0, img_out.size[0] - w)
                return i, j, h, w

        # could not find a crop: centre square instead
        w = min(img_out.size[0], img_out.size[1])
        i = (img_out.size[1] - w) // 2
        j = (img_out.size[0] - w) // 2
        return i, j, w, w

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']

        i, j, h, w = self.draw_params(image_in, self.area_range, self.aspect_range, self.p_apply)
        image_in = F.resized_crop(image_in, i, j, h, w, self.crop_hw, self.interp)
        merged_mask = F.resized_crop(merged_mask, i, j, h, w, self.crop_hw, self.interp)
        mask_list = [F.resized_crop(one_mask, i, j, h, w, self.crop_hw, self.interp) for one_mask in mask_list]
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}


class PairHFlip():
    def __init__(self, p_apply=0.5):
        self.p_apply = p_apply

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        if random.random() < self.p_apply:
            image_in = F.hflip(image_in)
            merged_mask = F.hflip(merged_mask)
            mask_list = map(F.hflip, mask_list)
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}


class PairVFlip():
    def __init__(self, p_apply=0.5):
        self.p_apply = p_apply

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        if random.random() < self.p_apply:
            image_in = F.vflip(image_in)
            merged_mask = F.vflip(merged_mask)
            mask_list = map(F.vflip, mask_list)
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}


class PairColorJitter():
    def __init__(self, bright_amt=0, contrast_amt=0, sat_amt=0, hue_amt=0):
        self.bright_amt = bright_amt
        self.contrast_amt = contrast_amt
        self.sat_amt = sat_amt
        self.hue_amt = hue_amt

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        if self.bright_amt > 0:
            b_factor = np.random.uniform(
                max(0, 1 - self.bright_amt), 1 + self.bright_amt)
            image_in =  F.adjust_brightness(image_in, b_factor)
        if self.contrast_amt > 0:
            c_factor = np.random.uniform(
                max(0, 1 - self.contrast_amt), 1 + self.contrast_amt)
            image_in =  F.adjust_contrast(image_in, c_factor)
        if self.sat_amt > 0:
            s_factor = np.random.uniform(
                max(0, 1 - self.sat_amt), 1 + self.sat_amt)
            image_in = F.adjust_saturation(image_in, s_factor)
        if self.hue_amt > 0:
            h_factor = np.random.uniform(-self.hue_amt, self.hue_amt)
            image_in = F.adjust_hue(image_in, h_factor)

        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}


class PairRotation():
    def __init__(self, deg_range, resample_mode=False, expand_canvas=False, rot_center=None):
        if isinstance(deg_range, numbers.Number):
            if deg_range < 0:
                raise ValueError(
                    "a single rotation bound must not be negative")
            self.deg_range = (-deg_range, deg_range)
        else:
            if len(deg_range) != 2:
                raise ValueError(
                    "rotation bounds must be a pair")
            self.deg_range = deg_range
        self.resample_mode = resample_mode
        self.expand_canvas = expand_canvas
        self.rot_center = rot_center

    @staticmethod
    def draw_params(deg_range):
        rot_angle = np.random.uniform(deg_range[0], deg_range[1])
        return rot_angle

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        rot_angle = self.draw_params(self.deg_range)

        image_in = F.rotate(image_in, rot_angle, self.resample_mode, self.expand_canvas, self.rot_center)
        merged_mask = F.rotate(merged_mask, rot_angle,
                                 self.resample_mode, self.expand_canvas, self.rot_center)
        mask_list = [F.rotate(one_mask, rot_angle, self.resample_mode,
                          self.expand_canvas, self.rot_center) for one_mask in mask_list]

        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}

class PairInvert():
    def __init__(self, p_apply=0.2):
        self.p_apply = p_apply

    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']

        if random.random() < self.p_apply:
            image_in = ImageOps.invert(image_in)
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}

class PairCLAHE():
    def __call__(self, sample_dict):
        image_in, mask_list, merged_mask = sample_dict['image'], sample_dict['masks'], sample_dict['combined_mask']
        image_in = exposure.equalize_adapthist(np.array(image_in))
        image_in = Image.fromarray(image_in.astype('uint8'))
        return {'image': image_in, 'combined_mask': merged_mask, 'masks': mask_list}
