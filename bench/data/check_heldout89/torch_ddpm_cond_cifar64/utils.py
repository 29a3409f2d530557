import os
import torch
import torchvision
from PIL import Image
from matplotlib import pyplot as plt
from torch.utils.data import DataLoader


def plot_images(imgs):
    plt.figure(figsize=(32, 32))
    plt.imshow(torch.cat([
        torch.cat([im for im in imgs.cpu()], dim=-1),
    ], dim=-2).permute(1, 2, 0).cpu())
    plt.show()


def save_images(imgs, dst, **grid_kw):
    g = torchvision.utils.make_grid(imgs, **grid_kw)
    arr = g.permute(1, 2, 0).to('cpu').numpy()
    pil = Image.fromarray(arr)
    pil.save(dst)


def get_data(cfg):
    tfm = torchvision.transforms.Compose([
        torchvision.transforms.Resize(80),  # about 1.25x the training resolution
        torchvision.transforms.RandomResizedCrop(cfg.image_size, scale=(0.8, 1.0)),
        torchvision.transforms.ToTensor(),
        torchvision.transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
    ])
    ds = torchvision.datasets.ImageFolder(cfg.dataset_path, transform=tfm)
    loader = DataLoader(ds, batch_size=cfg.batch_size, shuffle=True)
    return loader


def setup_logging(tag):
    os.makedirs("weights", exist_ok=True)
    os.makedirs("samples", exist_ok=True)
    os.makedirs(os.path.join("weights", tag), exist_ok=True)
    os.makedirs(os.path.join("samples", tag), exist_ok=True)
