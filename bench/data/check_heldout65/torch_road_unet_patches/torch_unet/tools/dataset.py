import logging
from glob import glob
from os import listdir
from os.path import splitext

import matplotlib.image as mpimg
import numpy as np
import torch
from torch.utils.data import Dataset
from torch_unet.data_augmentation import StochasticAugmentation
from torch_unet.globals import *
from torch_unet.pre_processing import get_image_patches
from torch_unet.pre_processing.image_utils import rotate_and_crop
from torch_unet.utils import show_side_by_side
from tqdm import tqdm


class TrainingSet(Dataset):
    def __init__(self, imgs_dir, masks_dir, mask_threshold, patch_size=400, step=None,
                 rotation_angles=None, augmentation=False):
        self.imgs_dir = imgs_dir
        self.masks_dir = masks_dir
        self.mask_threshold = mask_threshold
        
        # random per-patch augmentation
        self.augmenter = StochasticAugmentation(prob=AUGMENTATION_PROB)
        self.augmentation = augmentation
        # (patch settings come in as arguments)
        
        self.ids = [splitext(name)[0] for name in listdir(imgs_dir)
                    if not name.startswith('.')]
        
        # decode every image and mask up front
        self.images = [mpimg.imread(glob(self.imgs_dir + key + '.png')[0]) for key in self.ids]
        self.masks = [mpimg.imread(glob(self.masks_dir + key + '.png')[0]) for key in self.ids]
        
        if rotation_angles is not None:
            pad = int(np.ceil(TRAIN_SIZE * (np.sqrt(2) - 1) / 2))
            
            self.images = [rotate_and_crop(im, angle, pad, TRAIN_SIZE) for im in tqdm(self.images) for angle
                           in
                           rotation_angles]
            self.masks = [rotate_and_crop(im, angle, pad, TRAIN_SIZE) for im in tqdm(self.masks) for angle in
                          rotation_angles]
        
        # cut into patches
        self.images = [p for im in self.images for p in get_image_patches(im, patch_size, step)]
        self.masks = [p for m in self.masks for p in get_image_patches(m, patch_size, step)]
        
        # (rotations were applied above)
        
        self.scale_factor = len(self.images) / len(self.ids)
        logging.info(f"{len(self.ids)} source images, factor {self.scale_factor}, "
                     f"patch {patch_size}, step {step}, angles {rotation_angles}, "
                     f"patches {self.scale_factor * len(self.ids)}")
    
    def __len__(self):
        return len(self.images)
    
    def get_real_length(self):
        return len(self.ids)
    
    def preprocess(self, img):
        w, h, _ = img.shape
        
        # HWC -> CHW
        chw = img.transpose((2, 0, 1))
        
        return chw
    
    def preprocess_mask(self, mask):
        m = np.expand_dims(mask, axis=2)
        m = (m >= self.mask_threshold) * 1
        
        # HWC -> CHW
        chw = m.transpose((2, 0, 1))
        
        return chw
    
    def __getitem__(self, i):
        """ Patch i with its mask, randomly augmented when enabled
        
        :param i: index of the patch
        :return:
        """
        pic = self.images[i]
        gt = self.masks[i]
        if self.augmentation:
            pic, gt = self.augmenter.augment_image(img=pic, mask=gt)
        
        gt = self.preprocess_mask(gt)
        pic = self.preprocess(pic)
        return {'image': torch.from_numpy(pic), 'mask': torch.from_numpy(gt)}
    
    def get_raw_image(self, i):
        """ The source image i as read from disk
        
        :param i:
        :return:
        """
        key = self.ids[i]
        hits = glob(self.imgs_dir + key + '*')
        pic = mpimg.imread(hits[0])
        return pic
    
    def get_raw_mask(self, i):
        """ The thresholded mask of source image i
        
        :param i:
        :return:
        """
        key = self.ids[i]
        hits = glob(self.masks_dir + key + '*')
        pic = mpimg.imread(hits[0])
        return (pic >= self.mask_threshold) * 1
    
    def show_image(self, i):
        """ Image and mask next to each other
        
        :param i:
        :return:
        """
        pic, gt = self.get_raw_image(i), self.get_raw_mask(i)
        show_side_by_side(pic, gt)


class TestSet(Dataset):
    
    def __init__(self, imgs_dir):
        self.imgs_dir = imgs_dir
        
        self.ids = [splitext(name)[0] for name in listdir(imgs_dir)
                    if not name.startswith('.')]
        logging.info(f'{len(self.ids)} test images')
    
    def __len__(self):
        return len(self.ids)
    
    def preprocess(self, img):
        img = img.transpose((2, 0, 1))
        return img
    
    def __getitem__(self, i):
        key = self.ids[i]
        hits = glob(self.imgs_dir + key + ".png")
        assert len(hits) == 1
        pic = mpimg.imread(hits[0])
        
        pic = self.preprocess(pic)
        return {'image': torch.from_numpy(pic), 'id': key}
    
    def get_raw_image(self, i):
        key = self.ids[i]
        hits = glob(self.imgs_dir + key + ".png")
        assert len(hits) == 1
        pic = mpimg.imread(hits[0])
        return pic
    
    def get_image(self, i):
        return torch.as_tensor(self.preprocess(self.get_raw_image(i)))
