import torch
import numpy as np
import torchvision
from torchvision import transforms

from torchvision.datasets import ImageFolder
import os

def pick_transform(name):
    if name == 'tinyimagenet':
        return transforms.Compose([
            transforms.Resize((64, 64)),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                 std=[0.229, 0.224, 0.225])
        ])
    elif name in ['fmnist', 'cifar10', 'cifar100']:
        return transforms.Compose([
        torchvision.transforms.ToTensor(),
        ])
    else:
        raise ValueError(f"unknown data set: {name}")

def make_loader(name, train=True, batch_size=128, shuffle=True):
    tf = pick_transform(name)
    if name == 'cifar10':
        ds = torchvision.datasets.CIFAR10(root='./data', train=train, download=True, transform=tf)
    elif name == 'cifar100':
        ds = torchvision.datasets.CIFAR100(root='./data', train=train, download=True, transform=tf)
    elif name == 'fmnist':
        ds = torchvision.datasets.FashionMNIST(root='./data', train=train, download=True,
                                                    transform=tf)
    # elif name == 'tinyimagenet':
    #     part = 'train' if train else 'val'
    #     folder = ImageFolder(root=os.path.join('./data/tiny-imagenet-200', part), transform=tf)
    #     n = len(folder)
    #     ds = torch.zeros((n, 3, 64, 64), dtype=torch.float32)
    #     for k, (im, _) in enumerate(folder):
    #         ds[k] = im
    else:
        raise ValueError(f"unknown data set: {name}")

    return torch.utils.data.DataLoader(ds, batch_size=batch_size, shuffle=shuffle, num_workers=0)


def arrays_and_targets(name, train = True):
    tf = pick_transform(name)
    if name == 'cifar10':
        ds = torchvision.datasets.CIFAR10(root='./data', train=True, download=True, transform=tf)
        pixels = torch.tensor(np.transpose(ds.data, [0, 3, 1, 2]) / 255, dtype=torch.float32)
        targets = torch.tensor(ds.targets)
    elif name == 'cifar100':
        ds = torchvision.datasets.CIFAR100(root='./data', train=True, download=True, transform=tf)
        pixels = torch.tensor(np.transpose(ds.data, [0, 3, 1, 2]) / 255, dtype=torch.float32)
        targets = torch.tensor(ds.targets)
    elif name == 'fmnist':
        ds = torchvision.datasets.FashionMNIST(root='./data', train=True, download=True, transform=tf)
        pixels = ds.data.unsqueeze(1).float() / 255.0
        targets = torch.tensor(ds.targets)
    elif name == 'tinyimagenet':
        part = 'train' if train else 'val'
        ds = ImageFolder(root=os.path.join('./data/tiny-imagenet-200', part), transform=tf)
        n = len(ds)
        pixels = torch.zeros((n, 3, 64, 64), dtype=torch.float32)
        targets = torch.zeros((n,), dtype=torch.long)

        for k, (im, y) in enumerate(ds):
            pixels[k] = im  # already transformed to a tensor
            targets[k] = y
    else:
        raise ValueError(f"unknown data set: {name}")

    return pixels, targets


def class_count(name):
    if name == 'cifar10':
        return 10
    elif name == 'cifar100':
        return 100
    elif name == 'fmnist':
        return 10
    elif name == 'tinyimagenet':
        return 200
    else:
        raise ValueError(f"unknown data set: {name}")

