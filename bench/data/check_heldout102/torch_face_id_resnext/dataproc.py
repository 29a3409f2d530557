from hparams import Hparams
import os
import torchvision
import torch
from PIL import Image


class UnlabeledFaces(torch.utils.data.Dataset):
    def __init__(self, folder, transforms):
        self.folder = folder
        self.transforms = transforms

        # sorted full paths of every test image
        self.paths = list(
            map(
                lambda name: os.path.join(self.folder, name),
                sorted(os.listdir(self.folder)),
            )
        )

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, k):
        return self.transforms(Image.open(self.paths[k]))


def make_loaders(cfg: Hparams):

    TR_DIR = os.path.join(cfg.data_dir, "classification/train")
    VA_DIR = os.path.join(cfg.data_dir, "classification/dev")
    TE_DIR = os.path.join(cfg.data_dir, "classification/test")

    if cfg.use_transforms:
        steps = list(cfg.transform_stack_PIL)
        steps.append(torchvision.transforms.ToTensor())
        steps.extend(list(cfg.transform_stack_tensor))
    else:
        steps = [torchvision.transforms.ToTensor()]

    tf_train = torchvision.transforms.Compose(steps)
    tf_eval = torchvision.transforms.Compose([torchvision.transforms.ToTensor()])

    tr_set = torchvision.datasets.ImageFolder(
        TR_DIR, transform=tf_train
    )
    va_set = torchvision.datasets.ImageFolder(VA_DIR, transform=tf_eval)
    te_set = UnlabeledFaces(TE_DIR, transforms=tf_eval)

    tr_loader = torch.utils.data.DataLoader(
        tr_set,
        batch_size=cfg.batch_size,
        shuffle=True,
        num_workers=8,
        pin_memory=True,
    )
    va_loader = torch.utils.data.DataLoader(
        va_set, batch_size=cfg.batch_size, shuffle=False, num_workers=4
    )
    te_loader = torch.utils.data.DataLoader(
        te_set,
        batch_size=cfg.batch_size,
        shuffle=False,
        drop_last=False,
        num_workers=4,
    )

    return tr_loader, va_loader, te_loader
