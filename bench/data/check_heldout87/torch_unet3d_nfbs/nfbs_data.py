import os
from glob import glob

import monai.transforms as mt
from monai.data import Dataset, DataLoader

def subject_at(dataset_dir, image_folder_dir, batch_index):
    folder = os.path.join(dataset_dir, image_folder_dir)
    names = os.listdir(folder)
    subj = names[batch_index].split(sep='.')[0]
    return subj

def pair_records(dataset_dir, image_folder_dir, mask_folder_dir):
    img_paths = glob(os.path.join(dataset_dir, image_folder_dir, '*.nii.gz'))
    mask_paths = glob(os.path.join(dataset_dir, mask_folder_dir, '*.nii.gz'))
    records = [{'image': ip, 'mask': mp} for ip, mp in zip(img_paths, mask_paths)]
    return records
    
def build_loaders(dataset_dir, train_image_folder_dir, train_mask_folder_dir, val_image_folder_dir, val_mask_folder_dir, data_augmentation, dataset_batch_size=1):
    
    # path records
    fit_records = pair_records(dataset_dir=dataset_dir, image_folder_dir=train_image_folder_dir, mask_folder_dir=train_mask_folder_dir)
    val_records = pair_records(dataset_dir=dataset_dir, image_folder_dir=val_image_folder_dir, mask_folder_dir=val_mask_folder_dir)
    
    # transforms
    if data_augmentation:
        fit_tf = mt.Compose(
            [
                mt.LoadImaged(keys=['image', 'mask']),
                mt.AddChanneld(keys=['image', 'mask']),
                mt.RandGaussianSmoothd(keys='image', prob=0.3, sigma_x=(1, 2)),
                mt.RandGibbsNoised(keys='image', prob=0.3, alpha=(0.6, 0.8)),
                mt.RandKSpaceSpikeNoised(keys='image', prob=0.3, intensity_range=(10, 13)),
                mt.ToTensord(keys=['image', 'mask']),
            ]
        )
        # plain loading
        val_tf = mt.Compose(
            [
                mt.LoadImaged(keys=['image', 'mask']),
                mt.AddChanneld(keys=['image', 'mask']),
                mt.ToTensord(keys=['image', 'mask'])
            ]
        )
    else:
        # plain loading
        fit_tf = mt.Compose(
            [
                mt.LoadImaged(keys=['image', 'mask']),
                mt.AddChanneld(keys=['image', 'mask']),
                mt.ToTensord(keys=['image', 'mask']),
            ]
        )
        val_tf = mt.Compose(
            [
                mt.LoadImaged(keys=['image', 'mask']),
                mt.AddChanneld(keys=['image', 'mask']),
                mt.ToTensord(keys=['image', 'mask'])
            ]
        )
  
    # loaders
    fit_set = Dataset(data=fit_records, transform=fit_tf)
    fit_loader = DataLoader(dataset=fit_set, batch_size=dataset_batch_size, shuffle=False)    
    val_set = Dataset(data=val_records, transform=val_tf)
    val_loader = DataLoader(dataset=val_set, batch_size=dataset_batch_size, shuffle=False)    
    
    return fit_loader, val_loader

if __name__ == '__main__':
    pass
