from functools import partial

import torch
import torchvision.transforms as transforms 
import tifffile
from torchvision import datasets
from typing import List, Sequence


def my_tiff_loader(filename):
    return tifffile.imread(filename)


# zero the no-data values (hyperspectral tiles use a huge negative)
def set_hyper_no_data_values_as_zero(t):
    t[t < -3.39e38] = 0
    return t


def interpolate(x: torch.Tensor, input_size: Sequence[int]):
    # resize with torch's interpolate
    x = torch.nn.functional.interpolate(x.unsqueeze(0), tuple(input_size)).squeeze(0)
    return x


class ChannelSelectorTransform:

    def __init__(self, channel_indices: List[int]):
        print("picking bands")

        self.channel_indices = channel_indices

    def __call__(self, inputs: torch.Tensor) -> torch.Tensor:
        # expects C x H x W
        assert isinstance(inputs, torch.Tensor), f"{type(inputs)} != torch.Tensor"
        assert len(inputs.shape) == 3, f"{inputs.shape} is not rank 3"
        out = inputs[self.channel_indices, :, :]
        return out


def transforms_aug(input_size, mean, std,channel_indices=None):
    to_size = partial(interpolate, input_size=input_size)
    tf_fit =[transforms.ToTensor(),
             transforms.Lambda(set_hyper_no_data_values_as_zero),
             transforms.Lambda(to_size),
             transforms.Normalize(mean, std),
             transforms.RandomVerticalFlip(p=0.5),
             transforms.RandomHorizontalFlip(p=0.5),
             transforms.GaussianBlur(kernel_size = 3, sigma=(1e-7, 1.0)),
             transforms.RandomResizedCrop(input_size, scale=(0.8, 1.0), ratio = (0.8,1.2))
            ]

    if channel_indices is not None:
        tf_fit.append(ChannelSelectorTransform(channel_indices))
    tf_fit = transforms.Compose(tf_fit)

    tf_held = [transforms.ToTensor(),
     transforms.Lambda(set_hyper_no_data_values_as_zero),
     transforms.Lambda(to_size),
     transforms.Normalize(mean, std)
     ]

    if channel_indices is not None:
        tf_held.append(ChannelSelectorTransform(channel_indices))
    tf_held = transforms.Compose(tf_held)

    return tf_fit, tf_held
            
            
def data_loader(train_folder, test_folder, input_size, batch_size, mean, std, channel_indices=None):
    tf_fit, tf_held = transforms_aug(input_size, mean, std, channel_indices=channel_indices)
    
    fit_set = datasets.ImageFolder(train_folder, loader=my_tiff_loader, transform=tf_fit)
    held_set = datasets.ImageFolder(root = test_folder, transform = tf_held, loader=my_tiff_loader)

    fit_loader = torch.utils.data.DataLoader(fit_set, batch_size=batch_size, shuffle=True, num_workers=8)
    held_loader = torch.utils.data.DataLoader(held_set, batch_size=batch_size, shuffle=False, num_workers=8)
    return fit_loader, held_loader
