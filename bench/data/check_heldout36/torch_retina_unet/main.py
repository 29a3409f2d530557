import os
from torch.utils.data import DataLoader
from config import settings
from solver import PatchTrainer
from dataset import Dataset as RetinaFolder
from torchvision import transforms
from utils import read_h5_images, check_pair, sample_random_patches, masks_to_onehot
import numpy as np
import torch

def build_train_patches(img_file, mask_file, patch_rows, patch_cols, n_patches, inside_fov):
    full_images = read_h5_images(img_file)
    full_masks = read_h5_images(mask_file)
    check_pair(full_images, full_masks)

    train_patches, train_mask_patches = sample_random_patches(full_images, full_masks, patch_rows, patch_cols, n_patches, inside=inside_fov)
    check_pair(train_patches, train_mask_patches)
    #train_mask_patches = masks_to_onehot(train_mask_patches)
    return train_patches, train_mask_patches


class PatchDataset(object):
    def __init__(self, img_file, mask_file):
        train_patches, train_mask_patches = build_train_patches(img_file, mask_file, settings['patch_height'], settings['patch_width'], settings['N_subimgs'], settings['inside_FOV'])
        assert(len(train_patches.shape) == 4)
        self.patch_images = train_patches
        self.patch_masks = train_mask_patches

    def __getitem__(self, index):
        return self.patch_images[index], self.patch_masks[index]

    def __len__(self):
        return self.patch_images.shape[0]

class CudaPrefetcher():
    def __init__(self, loader):
        self.batch_iter = iter(loader)
        self.copy_stream = torch.cuda.Stream()
        self.stage_next()
    
    def stage_next(self):
        try:
            self.staged_x, self.staged_y = next(self.batch_iter)
        except StopIteration:
            return
        with torch.cuda.stream(self.copy_stream):
            self.staged_x = self.staged_x.cuda(non_blocking=True)
            self.staged_y = self.staged_y.cuda(non_blocking=True)
    
    def fetch(self):
        torch.cuda.current_stream().wait_stream(self.copy_stream)
        batch_x = self.staged_x
        batch_y = self.staged_y
        self.stage_next()
        return batch_x, batch_y


def main():
    data_root = os.getcwd()+'/data/training/'
    # build the training patches
    img_file = './hdf5/DRIVE_dataset_imgs_train.hdf5'
    mask_file = './hdf5/DRIVE_dataset_msks_train.hdf5'
    train_dataset = PatchDataset(img_file, mask_file)
    train_loader = DataLoader(train_dataset, batch_size=settings['batch_size'], shuffle=True)
    prefetcher = CudaPrefetcher(train_loader)
    trainer = PatchTrainer(settings)
    trainer.train(prefetcher, resume=False, best=False)

if __name__ == '__main__':
    main() 
