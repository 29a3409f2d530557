import torch
import torchvision
import random
import numpy as np


# CHW -> HWC so a channels-last Keras model can take it
class ToChannelsLast:
    def __call__(self, x):
        return x.permute(1, 2, 0)  # (C, H, W) to (H, W, C)


def load_dataset(info, bs, seed=0):

    # seed for repeatable runs
    if seed != 0:
        torch.manual_seed(seed)
        random.seed(seed)
        np.random.seed(seed)

    # data set facts
    tr_dir = info["train_path"]
    va_dir = info["val_path"]
    te_dir = info["test_path"]
    shape = info["dataset_shape"]
    mu = info["normalization"]["mean"]
    sigma = info["normalization"]["std"]

    norm = torchvision.transforms.Normalize(
        mean=mu, std=sigma
    )

    #
    # per-sample preprocessing and augmentation
    #
    plain = torchvision.transforms.Compose(
        [
            # resize to the model's input size
            torchvision.transforms.Resize(
                (shape[0], shape[1]),
                interpolation=torchvision.transforms.InterpolationMode.NEAREST,
                antialias=False,
            ),
            torchvision.transforms.ToTensor(),
            # standardize per channel
            norm,
            # channels last for Keras
            ToChannelsLast(),
        ]
    )

    augmented = torchvision.transforms.Compose(
        [
            # resize to the model's input size
            torchvision.transforms.Resize(
                (shape[0], shape[1]),
                interpolation=torchvision.transforms.InterpolationMode.NEAREST,
                antialias=False,
            ),
            # pad by a quarter of the side
            torchvision.transforms.Pad(
                (round(shape[0] * 0.25), round(shape[1] * 0.25))
            ),
            # random crop back to size
            torchvision.transforms.RandomCrop((shape[0], shape[1])),
            # random horizontal flip
            torchvision.transforms.RandomHorizontalFlip(),
            torchvision.transforms.ToTensor(),
            # standardize per channel
            norm,
            # channels last for Keras
            ToChannelsLast(),
        ]
    )

    #
    # read the three splits from folders
    #
    tr = torchvision.datasets.ImageFolder(
        root=tr_dir, transform=augmented
    )
    va = torchvision.datasets.ImageFolder(root=va_dir, transform=plain)
    te = torchvision.datasets.ImageFolder(root=te_dir, transform=plain)

    print(f"train samples: {len(tr)}")
    print(f"val samples: {len(va)}")
    print(f"test samples: {len(te)}")

    #
    # loaders
    #
    tr_out = torch.utils.data.DataLoader(
        tr,
        batch_size=bs,
        shuffle=True,
        num_workers=4,
        pin_memory=True,
    )

    va_out = torch.utils.data.DataLoader(
        va,
        batch_size=bs,
        shuffle=False,
        num_workers=4,
        pin_memory=True,
    )

    te_out = torch.utils.data.DataLoader(
        te,
        batch_size=bs,
        shuffle=False,
        num_workers=4,
        pin_memory=True,
    )

    return tr_out, va_out, te_out
