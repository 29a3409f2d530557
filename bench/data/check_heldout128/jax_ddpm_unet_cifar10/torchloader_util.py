'''
    helpers for the torch input pipeline
'''

import os
import PIL

import numpy as np
import jax

import torch
from torchvision import datasets, transforms

from absl import logging
import math
from PIL import Image
import random


def make_folder_dataset(training, root_dir, side):
    tf = make_transform(side)

    folder = os.path.join(root_dir, 'train' if training else 'val')
    ds = datasets.ImageFolder(root=folder, transform=tf)

    logging.info(ds)

    return ds


def make_transform(side):
    tf = transforms.Compose([
            transforms.Lambda(lambda im: crop_center(im, side)),  # ADM-style centre crop
            transforms.RandomHorizontalFlip(),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5])])  # scale into [-1, 1]
    return tf


# Cropping helpers in the style of OpenAI's ADM code:
def crop_center(pil_im, side):
    # Older PIL has no reducing_gap, so halve the image
    # with BOX filtering while it is at least twice
    # the wanted size.
    while min(*pil_im.size) >= 2 * side:
        pil_im = pil_im.resize(
            tuple(d // 2 for d in pil_im.size), resample=Image.BOX
        )

    ratio = side / min(*pil_im.size)
    pil_im = pil_im.resize(
        tuple(round(d * ratio) for d in pil_im.size), resample=Image.BICUBIC
    )

    pix = np.array(pil_im)
    top = (pix.shape[0] - side) // 2
    left = (pix.shape[1] - side) // 2
    return Image.fromarray(pix[top : top + side, left : left + side])


def crop_random(pil_im, side, lo_frac=0.8, hi_frac=1.0):
    smallest = math.ceil(side / hi_frac)
    largest = math.ceil(side / lo_frac)
    short_side = random.randrange(smallest, largest + 1)

    # Older PIL has no reducing_gap, so halve the image
    # with BOX filtering while it is at least twice
    # the wanted size.
    while min(*pil_im.size) >= 2 * short_side:
        pil_im = pil_im.resize(
            tuple(d // 2 for d in pil_im.size), resample=Image.BOX
        )

    ratio = short_side / min(*pil_im.size)
    pil_im = pil_im.resize(
        tuple(round(d * ratio) for d in pil_im.size), resample=Image.BICUBIC
    )

    pix = np.array(pil_im)
    top = random.randrange(pix.shape[0] - side + 1)
    left = random.randrange(pix.shape[1] - side + 1)
    return Image.fromarray(pix[top : top + side, left : left + side])
