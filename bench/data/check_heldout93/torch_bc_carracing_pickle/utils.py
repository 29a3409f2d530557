import pickle
import torch
from torchvision import transforms


def dump_pickle(obj, name):
    with open(name, "wb") as f:
        pickle.dump(obj, f, pickle.HIGHEST_PROTOCOL)


def read_pickle(name):
    with open(name, "rb") as f:
        return pickle.load(f)


def gray_resize_tf():
    return transforms.Compose(
        [
            transforms.ToPILImage(),
            transforms.Grayscale(),
            transforms.Resize(
                (48, 48), interpolation=transforms.InterpolationMode.BICUBIC
            ),
            transforms.ToTensor(),
        ]
    )
