# torchvision data sets wrapped in DataLoaders (images decoded per item by workers).
import torch
import torchvision
from torch.utils.data import DataLoader


def _transform_function(x):
    return (x - 0.5) * 2


_transform = torchvision.transforms.Compose([
    torchvision.transforms.ToTensor(),
    torchvision.transforms.Lambda(_transform_function),
])


def cifar10_data_loader(root, batch_size, train: bool, num_workers: int):
    data = torchvision.datasets.CIFAR10(
        root=root,
        train=train,
        transform=_transform,
        download=True
    )
    loader = DataLoader(
        data,
        batch_size=batch_size,
        shuffle=train,
        num_workers=num_workers,
        pin_memory=True,
        persistent_workers=(num_workers > 0)
    )
    return loader


def mnist_data_loader(root, batch_size, train: bool, num_workers: int):
    data = torchvision.datasets.MNIST(
        root=root,
        train=train,
        transform=_transform,
        download=True
    )
    loader = DataLoader(
        data,
        batch_size=batch_size,
        shuffle=train,
        num_workers=num_workers,
        pin_memory=True,
        persistent_workers=(num_workers > 0)
    )
    return loader


def celeba_data_loader(root, batch_size, train: bool, num_workers: int):
    data = torchvision.datasets.CelebA(
        root=root,
        split='train' if train else 'valid',
        transform=torchvision.transforms.Compose([
            torchvision.transforms.CenterCrop(178),
            torchvision.transforms.Resize(64),
            torchvision.transforms.ToTensor()
        ]),
        download=True
    )
    loader = DataLoader(
        data,
        batch_size=batch_size,
        shuffle=train,
        num_workers=num_workers,
        persistent_workers=(num_workers > 0)
    )
    return loader


def fashion_mnist_data_loader(root, batch_size, train: bool, num_workers: int):
    data = torchvision.datasets.FashionMNIST(
        root=root,
        train=train,
        transform=_transform,
        download=True
    )
    loader = DataLoader(
        data,
        batch_size=batch_size,
        shuffle=train,
        num_workers=num_workers,
        pin_memory=True,
        persistent_workers=(num_workers > 0)
    )
    return loader
