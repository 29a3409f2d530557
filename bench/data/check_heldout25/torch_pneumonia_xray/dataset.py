"""
Folder-based loaders for the
chest X-ray pneumonia images, read as one grey channel
"""

import os
from torchvision import datasets, transforms
from torch.utils.data import DataLoader

IMG_SIDE = 224
LOADER_BATCH = 16

def make_transforms(is_train=True):
    if is_train:
        return transforms.Compose([
            transforms.Grayscale(num_output_channels=1),  # one grey channel in
            transforms.Resize((IMG_SIDE, IMG_SIDE)),
            transforms.RandomHorizontalFlip(),
            transforms.RandomRotation(10),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.5], std=[0.5])
        ])
    else:
        return transforms.Compose([
            transforms.Grayscale(num_output_channels=1),  # one grey channel in
            transforms.Resize((IMG_SIDE, IMG_SIDE)),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.5], std=[0.5])
        ])

def read_xray_datasets(root_dir="data/chest_xray"):
    train_folder_data = datasets.ImageFolder(
        os.path.join(root_dir, "train"),
        transform=make_transforms(is_train=True)
    )

    val_folder_data = datasets.ImageFolder(
        os.path.join(root_dir, "val"),
        transform=make_transforms(is_train=False)
    )

    test_folder_data = datasets.ImageFolder(
        os.path.join(root_dir, "test"),
        transform=make_transforms(is_train=False)
    )

    return train_folder_data, val_folder_data, test_folder_data

def make_xray_loaders():
    train_dataset, val_dataset, test_dataset = read_xray_datasets()

    train_data_loader = DataLoader(train_dataset, batch_size=LOADER_BATCH, shuffle=True)
    val_data_loader = DataLoader(val_dataset, batch_size=LOADER_BATCH, shuffle=False)
    test_data_loader = DataLoader(test_dataset, batch_size=LOADER_BATCH, shuffle=False)

    return train_data_loader, val_data_loader, test_data_loader
