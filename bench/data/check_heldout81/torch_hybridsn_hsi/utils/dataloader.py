# Dataset
import torch
from torch.utils.data import Dataset, DataLoader
import scipy.io as sio
import numpy as np
from sklearn.model_selection import train_test_split
import os

def center_crop_patches(cube, size):
    """
    Keep only the central window of every sample.
    
    Args:
        cube (numpy.ndarray): samples of shape [num, p, p, bands].
        size (int): side of the kept window.
    
    Returns:
        numpy.ndarray: cropped samples of shape [num, size, size, bands].
    """
    num, p, _, bands = cube.shape
    # first row/column of the window
    lo = (p - size) // 2
    hi = lo + size
    
    # slice the window
    cropped = cube[:, lo:hi, lo:hi, :]
    
    return cropped

def split_from_single_file(data_file, label_file, train_ratio, val_ratio, patch_size=None):
    """
    Read one .mat cube and its labels, split into train / val / test, report bands and classes.
    
    Args:
        data_file (str): .mat file whose 'data' key holds the samples.
        label_file (str): .mat file whose 'label' key holds the labels.
        train_ratio (float): training fraction in (0, 1).
        val_ratio (float): validation fraction in (0, 1).
        patch_size (int, optional): crop side; None keeps full patches.
    
    Returns:
        tuple with
            - X_train (numpy.ndarray): [num_train, patch_size, patch_size, bands].
            - X_val (numpy.ndarray): [num_val, patch_size, patch_size, bands].
            - X_test (numpy.ndarray): [num_test, patch_size, patch_size, bands].
            - y_train (numpy.ndarray): [num_train].
            - y_val (numpy.ndarray): [num_val].
            - y_test (numpy.ndarray): [num_test].
            - bands (int): number of spectral bands.
            - num_classes (int): number of classes.
    """
    
    # read samples and labels
    cube = sio.loadmat(data_file)['data']  # samples under 'data'
    y = sio.loadmat(label_file)['label'].squeeze()  # labels under 'label'
    
    # band count
    _, p, p, bands = cube.shape

    if patch_size is not None:
        if p < patch_size:
            patch_size = None
    
    # classes present
    classes = np.unique(y)
    num_classes = len(classes)

    # optional crop
    if patch_size is not None:
        cube = center_crop_patches(cube, patch_size)
    
    # train vs rest
    X_train, X_rest, y_train, y_rest = train_test_split(
        cube, y, test_size=1-train_ratio, stratify=y
    )
    
    # rest -> val and test
    val_part = val_ratio / (1 - train_ratio)
    X_val, X_test, y_val, y_test = train_test_split(
        X_rest, y_rest, test_size=1-val_part, stratify=y_rest
    )
    
    return X_train, X_val, X_test, y_train, y_val, y_test, bands, num_classes, classes

def split_from_folder(data_folder, label_folder, train_ratio, val_ratio, patch_size=None):
    """
    Read every .mat cube of a folder with labels, split into train / val / test, report bands and classes.
    
    Args:
        data_folder (str): folder of .mat sample files.
        label_folder (str): folder of .mat label files.
        train_ratio (float): training fraction in (0, 1).
        val_ratio (float): validation fraction in (0, 1).
        patch_size (int, optional): crop side; None keeps full patches.
    
    Returns:
        tuple with
            - X_train (numpy.ndarray): [num_train, patch_size, patch_size, bands].
            - X_val (numpy.ndarray): [num_val, patch_size, patch_size, bands].
            - X_test (numpy.ndarray): [num_test, patch_size, patch_size, bands].
            - y_train (numpy.ndarray): [num_train].
            - y_val (numpy.ndarray): [num_val].
            - y_test (numpy.ndarray): [num_test].
            - bands (int): number of spectral bands.
            - num_classes (int): number of classes.
    """
    
    cubes = []
    ys = []

    # list the .mat files
    data_files = sorted([f for f in os.listdir(data_folder) if f.endswith('.mat')])
    label_files = sorted([f for f in os.listdir(label_folder) if f.endswith('.mat')])

    if len(data_files) != len(label_files):
        raise ValueError("sample and label file counts differ")

    # read them pairwise
    for d_name, l_name in zip(data_files, label_files):
        print(f"reading: {d_name} and {l_name}")
        d_path = os.path.join(data_folder, d_name)
        l_path = os.path.join(label_folder, l_name)

        # samples and labels of this file
        cube = sio.loadmat(d_path)['data']  # samples under 'data'
        y = sio.loadmat(l_path)['label'].squeeze()  # labels under 'label'

        # collect
        cubes.append(cube)
        ys.append(y)

    # one big array each
    cubes = np.concatenate(cubes, axis=0)
    ys = np.concatenate(ys, axis=0)

    # shape info
    m, p, p, bands = cubes.shape

    if patch_size is not None:
        if p < patch_size:
            patch_size = None

    # classes present
    classes = np.unique(ys)
    num_classes = len(classes)

    # optional crop
    if patch_size is not None:
        cubes = center_crop_patches(cubes, patch_size)

    # train vs rest
    X_train, X_rest, y_train, y_rest = train_test_split(
        cubes, ys, test_size=1 - train_ratio, stratify=ys
    )

    # rest -> val and test
    val_part = val_ratio / (1 - train_ratio)
    X_val, X_test, y_val, y_test = train_test_split(
        X_rest, y_rest, test_size=1 - val_part, stratify=y_rest
    )

    return X_train, X_val, X_test, y_train, y_val, y_test, bands, num_classes, classes

def split_arrays(cube_in, y_in, train_ratio, val_ratio, patch_size=None):
    """
    Split in-memory arrays into train / val / test, report bands and classes.
    
    Args:
        cube_in (numpy.ndarray): samples [num, patch_size, patch_size, bands].
        y_in (numpy.ndarray): labels [num].
        train_ratio (float): training fraction in (0, 1).
        val_ratio (float): validation fraction in (0, 1).
        patch_size (int, optional): crop side; None keeps full patches.
    
    Returns:
        tuple with
            - X_train (numpy.ndarray): [num_train, patch_size, patch_size, bands].
            - X_val (numpy.ndarray): [num_val, patch_size, patch_size, bands].
            - X_test (numpy.ndarray): [num_test, patch_size, patch_size, bands].
            - y_train (numpy.ndarray): [num_train].
            - y_val (numpy.ndarray): [num_val].
            - y_test (numpy.ndarray): [num_test].
            - bands (int): number of spectral bands.
            - num_classes (int): number of classes.
    """
    
    cubes = cube_in
    ys = y_in

    # shape info
    m, p, p, bands = cubes.shape

    if patch_size is not None:
        if p < patch_size:
            patch_size = None

    # classes present
    classes = np.unique(ys)
    num_classes = len(classes)

    # optional crop
    if patch_size is not None:
        cubes = center_crop_patches(cubes, patch_size)

    # train vs rest
    X_train, X_rest, y_train, y_rest = train_test_split(
        cubes, ys, test_size=1 - train_ratio, stratify=ys
    )

    # rest -> val and test
    val_part = val_ratio / (1 - train_ratio)
    X_val, X_test, y_val, y_test = train_test_split(
        X_rest, y_rest, test_size=1 - val_part, stratify=y_rest
    )

    return X_train, X_val, X_test, y_train, y_val, y_test, bands, num_classes, classes


class PatchSet(Dataset):
    def __init__(self, cube, y, transform=None):
        """
        Args:
            cube (numpy.ndarray): samples [num, p, p, bands].
            y (numpy.ndarray): labels [num, 1].
            transform (callable, optional): applied to each sample.
        """
        self.cube = cube
        self.y = y.squeeze() 
        self.transform = transform

    def __len__(self):
        return self.cube.shape[0]

    def __getitem__(self, i):
        x = self.cube[i]  # [p, p, bands]
        x = torch.tensor(x).permute(2, 0, 1).float().unsqueeze(0)  # -> [1, bands, p, p]
        t = torch.tensor(self.y[i])  # scalar label

        if self.transform:
            x = self.transform(x)

        return x, t
