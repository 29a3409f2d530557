import torch
from torchvision import datasets
from torch.utils.data import DataLoader, Dataset
from typing import Optional, Callable
import os


def get_stl10_dataloader(
    root_dir: str = "./data",
    split: str = "unlabeled",
    transform: Optional[Callable] = None,
    batch_size: int = 256,
    num_workers: int = 4,
    download: bool = True,
) -> DataLoader:
    """
    Build a DataLoader over STL-10.

    Args:
        root_dir (str): where the archive is kept.
        split (str): 'unlabeled', 'train', 'test' or 'train+unlabeled'.
        transform (Optional[Callable]): per-image transform.
        batch_size (int): batch size.
        num_workers (int): loader processes.
        download (bool): fetch the archive if missing.

    Returns:
        DataLoader: loader over the chosen split.
    """
    os.makedirs(root_dir, exist_ok=True)

    # the torchvision data set
    ds: Dataset = datasets.STL10(
        root=root_dir, split=split, transform=transform, download=download
    )

    loader = DataLoader(
        ds,
        batch_size=batch_size,
        shuffle=True,
        num_workers=num_workers,
        pin_memory=True,
        drop_last=True,  # the contrastive loss needs full batches
    )

    return loader
