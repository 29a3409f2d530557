import os
from glob import glob
from pathlib import Path

import h5py
import nrrd
import logging

import torch, itk
import tqdm
from skimage.transform import rescale
from torchvision import transforms
from torch.utils.data import Dataset
import settings
import numpy as np
from augment.crops import Crop3DAtRandom


def list_volume_files(folder):
    root = Path(folder)
    assert (root.is_dir())
    found = list(root.glob('embl*.h5'))
    if len(found) < 1:
        logging.debug('No hdf5 volumes in folder')
        raise RuntimeError('No hdf5 volumes in folder')
    return found


def read_crop(h5_path, zyx_bounds):
    with h5py.File(h5_path, "r") as h5f:
        block = np.array(h5f['ITKImage']['0']['VoxelData'][zyx_bounds[0][0]:zyx_bounds[0][1],
                         zyx_bounds[1][0]:zyx_bounds[1][1],
                         zyx_bounds[2][0]:zyx_bounds[2][1]], dtype=np.float32)
    return torch.from_numpy(block)


def volume_shape(h5_path):
    with h5py.File(h5_path, "r") as h5f:
        dims = h5f['ITKImage']['0']['VoxelData'].shape
    return dims


class VolumeH5Set(Dataset):
    def __init__(self, folder, reqd_image_dim, contains_mask: bool = True, mask_file_type: str = "h5",
                 is_test: bool = False, max_images_per_iteration: int = 250):
        logging.info('Building the set from HDF5 volumes')
        self.paths_by_idx = {}
        self.contains_mask = contains_mask
        # only the file paths are kept
        self.collect_paths(self, folder)
        self.folder = folder
        self.crop_dim = reqd_image_dim
        self.per_epoch = max_images_per_iteration
        self.cropper = Crop3DAtRandom(reqd_image_dim)
        self.mask_kind = mask_file_type
        self.is_test = is_test
        mu, sd = self.volume_stats()
        self.normalise = transforms.Compose([
            transforms.Normalize(mean=mu, std=sd)
        ])

    def __getitem__(self, idx):
        if self.is_test:
            vol_path = self.paths_by_idx[idx]
            vol, mask = self.read_whole(self=self, vol_path=vol_path)
        else:
            pick = np.random.random_integers(0, self.__len__() - 1)
            vol_path = self.paths_by_idx[pick]
            dims = volume_shape(vol_path)
            bounds = self.cropper(dims)
            mask_path = self.folder + '/pred_' + vol_path.name.rpartition('rec')[0] + 'rec.h5'
            mask = read_crop(mask_path, bounds)
            tries = 0
            while mask.max() == 0 and tries < 50:
                tries += 1
                bounds = self.cropper(dims)
                print(f'Crop has no foreground, trying again - {bounds}')
                # logging.info(f'Crop has no foreground, trying again - {bounds}')
                mask = read_crop(mask_path, bounds)
            if tries == 50:
                self.__getitem__(0)
            vol = read_crop(vol_path, bounds)
            mask = (mask > 0).float()
            # logging.info(f'Read crop of volume and mask - {vol_path}')

        vol = self.normalise(vol)
        return vol, mask

    def __len__(self):
        if self.paths_by_idx.__len__() > self.per_epoch:
            return self.per_epoch
        else:
            return self.paths_by_idx.__len__()

    @staticmethod
    def collect_paths(self, folder):
        found = list_volume_files(folder)
        n = 0
        for f in found:
            self.paths_by_idx[n] = f
            n += 1
        return self.paths_by_idx

    @staticmethod
    def read_whole(self, vol_path, binarize: bool = True):
        with h5py.File(vol_path, "r") as h5f:
            vol = torch.from_numpy(np.array(h5f['ITKImage']['0']['VoxelData']))
            if self.contains_mask:
                mask_path = self.folder + '/pred_' + vol_path.name.rpartition('rec')[0] + 'rec.h5'
                with h5py.File(mask_path, "r") as mask_f:
                    mask = torch.from_numpy(
                        np.array(mask_f['ITKImage']['0']['VoxelData'], dtype=np.float32))
                if binarize:
                    mask = (mask > 0).float()
        logging.info(f'Read whole volume and mask - {vol_path}')
        return vol, mask

    def volume_stats(self):
        mu = 0.0
        sd = 0.0
        for key, j in zip(self.paths_by_idx, range(0, len(self.paths_by_idx))):
            vol_path = self.paths_by_idx[key]
            vol, _ = self.read_whole(self, vol_path)
            mu += vol.mean()
            sd += vol.std()

        mu /= len(self.paths_by_idx)
        sd /= len(self.paths_by_idx)

        return mu, sd


def shrink_masks():
    folder = '../' + settings.volume_root

    mask_files = glob(os.path.join(folder, '*.nrrd'))
    for mpath in tqdm.tqdm(mask_files):
        out_dir = mpath.rpartition('pred_')[0] + 'downsampled_mask'
        if not os.path.isdir(out_dir):
            os.makedirs(out_dir)
        m = itk.GetArrayFromImage(itk.imread(mpath))
        small = rescale(image=m, scale=(1, 0.5, 0.5), order=0)
        out_name = os.path.join(out_dir, f'{os.path.basename(mpath)[:-4]}h5')

        itk.imwrite(itk.GetImageFromArray(small), out_name)


def smoke():
    folder = '../' + settings.volume_root
    ds = VolumeH5Set(folder, reqd_image_dim=[64, 128, 128], contains_mask=True,
                     mask_file_type="nrrd")
    print(ds.__getitem__(0))


if __name__ == "__main__":
    smoke()
