import os

import torch
from torchvision import transforms

import uuid
import numpy as np
from PIL import Image
import matplotlib.pyplot as plt


# augmentation and normalisation
train_augs = transforms.Compose([
        transforms.RandomRotation((-180, 180)),
        transforms.RandomVerticalFlip(),
        transforms.RandomHorizontalFlip(),
        transforms.ColorJitter(brightness=0.5, contrast=0.5, saturation=0.5, hue=0.5),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
        
])

vaild_augs = transforms.Compose([
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
])


def pre_process(path, mode='RGB', kind='img'):
        picture = Image.open(path).convert(mode)
        arr = np.array(picture)
        if kind == 'img':
            arr = arr.transpose((2, 0, 1))
            if (arr > 1).any():
                arr = (arr / 255.0).astype(np.float32)
        else:
            arr = arr[np.newaxis, :].astype(np.int64)
        out = torch.as_tensor(arr)
        return out


def axis_plot(title, x: dict, y: dict, save=True, save_dir='tmp'):
    r"""Draw one curve (loss, accuracy, ...) against the epoch.

    Args:
        title: figure title
        x: {'name': axis label, 'list': values}
        y: {'name': axis label, 'list': values}
        save: write to a file instead of showing
    """
    fig, ax = plt.subplots()
    ax.set_title(title)
    ax.set_xlabel(x['name'])
    ax.set_ylabel(y['name'])
    ax.plot(x['list'], y['list'])
    # recompute the data limits
    ax.relim()
    # and rescale the view to them
    ax.autoscale_view()
    if save:
        plt.savefig(os.path.join(save_dir, f'{title.replace(" ", "_")}.png'))
    else:
        plt.show()


def draw(pics, truth_names, guess_names, rows=3, cols=3, dest="./tmp"):
    r"""Grid of pictures with their true and guessed names."""
    n = pics.size(0)
    cap = rows * cols
    fig, ax = plt.subplots(nrows=rows, ncols=cols)
    for i in range(n):
        if n == 1:
            ax = [ax,]
        if i == cap:
            break
        ax[i // cols, i % 3].set_title(f'GT:{truth_names[i]}\PR:{guess_names[i]}', fontsize=8)
        ax[i // cols, i % 3].imshow(pics[i].permute(1, 2, 0).numpy())
        ax[i // cols, i % 3].set_xticks([]), ax[i // cols, i % 3].set_yticks([])
    plt.subplots_adjust(wspace=0.5, hspace=0.5)
    plt.savefig(os.path.join(dest, f'{uuid.uuid1()}.png'))
    plt.close()
