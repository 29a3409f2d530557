"""
PatchCamelyon metastasis detection with a p4m group-equivariant ResNet-34,
trained through PyTorch Lightning.  Besides the RGB patch, each sample gets an
extra input plane: a precomputed Otsu-style cell mask.

The training script and the project modules it imports (dataset, constants,
mean/std statistics, group-convolution ResNet) are gathered in this file.
"""
from argparse import ArgumentParser
from pathlib import Path
import pickle

import h5py
import numpy as np
import pandas as pd
import pickle as pkl
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import pytorch_lightning as pl
import wandb
from decouple import config
from torch import Tensor
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader
from groupy.gconv.pytorch_gconv import P4MConvZ2, P4MConvP4M

# ----------------------------------------------------------------- constants
DDIR = Path(config("DATA_DIR"))

SPLIT_NAME2FNAME = {
    "validation": (
        "camelyonpatch_level_2_split_valid_x.h5",
        "camelyonpatch_level_2_split_valid_y.h5",
        "camelyonpatch_level_2_split_valid_meta.csv",
    ),
    "test": (
        "camelyonpatch_level_2_split_test_x.h5",
        "camelyonpatch_level_2_split_test_y.h5",
        "camelyonpatch_level_2_split_test_meta.csv",
    ),
    "train": (
        "camelyonpatch_level_2_split_train_x.h5",
        "camelyonpatch_level_2_split_train_y.h5",
        "camelyonpatch_level_2_split_train_meta.csv",
    ),
}

ACCEPTED_MASKS = ["otsu", "otsu_split"]


# ------------------------------------------------------ per-channel statistics
def calc_mean__std():
    print("Computing channel mean/std")
    patches = h5py.File(DDIR / "camelyonpatch_level_2_split_test_x.h5", "r")["x"][
        :
    ].squeeze()
    ch_mean = np.mean(patches, axis=(0, 1, 2))
    ch_std = np.std(patches, axis=(0, 1, 2))
    return (ch_mean, ch_std)


def get_mean__std():
    cache = Path(DDIR / "mean__std.pkl")
    if cache.exists():
        with open(cache, "rb") as fh:
            stats = pkl.load(fh)
    else:
        stats = calc_mean__std()
        with open(cache, "wb") as fh:
            pkl.dump(stats, fh)
    return stats


# -------------------------------------------------------------------- dataset
class PcamDataset(Dataset):
    def __init__(self, x_path, y_path, meta_path, mask_path):
        stats = get_mean__std()
        self.mean = stats[0][:, None][:, None]
        self.std = stats[1][:, None][:, None]
        self.mask_path = mask_path

        imgs = h5py.File(x_path, "r")["x"][:].squeeze()
        n, h, w, c = imgs.shape
        self.x = imgs.reshape(n, c, h, w)

        if mask_path is not None:
            if Path(mask_path).exists():
                with open(mask_path, "rb") as fh:
                    self.mask = pickle.load(fh)
            else:
                print(mask_path, "not found")
                self.mask_path = None

        self.y = h5py.File(y_path, "r")["y"][:].squeeze()
        self.meta = pd.read_csv(meta_path)

    def __len__(self):
        return self.x.shape[0]

    def __getitem__(self, i):
        patch = (self.x[i] - self.mean) / self.std
        if self.mask_path is not None:
            patch = np.concatenate((patch, self.mask[i][None, :]))
        target = [self.y[i]]
        return Tensor(patch), Tensor(target)


def make_mask_fpath(split_name, mask_type):
    return Path(DDIR) / f"{mask_type}_{split_name}.pkl"


def get_dataset(split_name, mask_type=None):
    """Build the PcamDataset of one split, optionally with a mask plane."""
    x_file, y_file, meta_file = (DDIR / p for p in SPLIT_NAME2FNAME[split_name])

    if mask_type is None:
        mask_file = None
    elif mask_type in ACCEPTED_MASKS:
        mask_file = make_mask_fpath(split_name, mask_type)
    elif mask_type is not None:
        print(f"mask type {mask_type} is not supported")
        return
    else:
        mask_file = None

    return PcamDataset(x_file, y_file, meta_file, mask_file)


def get_dataloader(split_name, mask_type, batch_size):
    ds = get_dataset(split_name, mask_type)
    return DataLoader(ds, batch_size=batch_size, shuffle=True)


# ------------------------------------------------ p4m group-equivariant ResNet
class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, in_planes, planes, stride=1):
        super(BasicBlock, self).__init__()
        self.conv1 = P4MConvP4M(in_planes, planes, kernel_size=3, stride=stride,
                                padding=1, bias=False)
        self.bn1 = nn.BatchNorm3d(planes)
        self.conv2 = P4MConvP4M(planes, planes, kernel_size=3, stride=1,
                                padding=1, bias=False)
        self.bn2 = nn.BatchNorm3d(planes)

        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != self.expansion * planes:
            self.shortcut = nn.Sequential(
                P4MConvP4M(in_planes, self.expansion * planes, kernel_size=1,
                           stride=stride, bias=False),
                nn.BatchNorm3d(self.expansion * planes),
            )

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        y += self.shortcut(x)
        return F.relu(y)


class ResNet(nn.Module):
    def __init__(self, block, num_blocks, dropout_p, num_classes=1):
        super(ResNet, self).__init__()
        self.in_planes = 23

        self.conv1 = P4MConvZ2(4, 23, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn1 = nn.BatchNorm3d(23)
        self.layer1 = self._make_layer(block, 23, num_blocks[0], stride=1)
        self.layer2 = self._make_layer(block, 45, num_blocks[1], stride=2)
        self.layer3 = self._make_layer(block, 91, num_blocks[2], stride=2)
        self.layer4 = self._make_layer(block, 181, num_blocks[3], stride=2)

        self.linear = nn.Sequential(
            nn.Linear(13032 * block.expansion, 300),
            nn.Dropout(dropout_p),
            nn.ReLU(),
            nn.Linear(300, 150),
            nn.Dropout(dropout_p),
            nn.ReLU(),
            nn.Linear(150, num_classes),
        )

    def _make_layer(self, block, planes, num_blocks, stride):
        strides = [stride] + [1] * (num_blocks - 1)
        stages = []
        for s in strides:
            stages.append(block(self.in_planes, planes, s))
            self.in_planes = planes * block.expansion
        return nn.Sequential(*stages)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.layer1(y)
        y = self.layer2(y)
        y = self.layer3(y)
        y = self.layer4(y)
        dims = y.size()
        y = y.view(dims[0], dims[1] * dims[2], dims[3], dims[4])
        y = F.avg_pool2d(y, 4)
        y = y.view(y.size(0), -1)
        return self.linear(y)


def GResNet34(dropout_p):
    return ResNet(BasicBlock, [3, 4, 4, 3], dropout_p)


# ------------------------------------------------------------------- training
def force_cudnn_initialization():
    s = 32
    dev = torch.device("cuda")
    torch.nn.functional.conv2d(
        torch.zeros(s, s, s, s, device=dev),
        torch.zeros(s, s, s, s, device=dev),
    )


force_cudnn_initialization()


def get_parser():
    cli = ArgumentParser()
    cli.add_argument("--batch_size", default=48, type=int)
    cli.add_argument("--lr", default=0.0005)
    cli.add_argument("--weight_decay", default=0.01)
    cli.add_argument("--block", default=BasicBlock)
    cli.add_argument("--layers", default=[3, 4, 6, 3], type=int)
    cli.add_argument("--max_epochs", default=10, type=int)
    return cli


def get_mock_args(overwrite_kwargs=dict()):
    "development helper: defaults of the parser as a plain object"
    cli = get_parser()
    parsed, _ = cli.parse_known_args(None, None)

    class Args(object):
        pass

    mock = Args()
    for key, default in parsed._get_kwargs():
        setattr(mock, key, overwrite_kwargs.get(key, default))
    return mock


class PCAMPredictor(pl.LightningModule):
    def __init__(self, model_config, optimizer_config):
        super().__init__()
        self.model_config = model_config
        self.optimizer_config = optimizer_config
        self.model = GResNet34(**model_config)
        self.loss_module = nn.BCEWithLogitsLoss()

    def configure_optimizers(self):
        return optim.AdamW(
            self.parameters(),
            lr=self.optimizer_config["lr"],
            weight_decay=self.optimizer_config["weight_decay"],
        )

    def training_step(self, batch, batch_idx):
        loss, acc = self.forward(batch, mode="train")
        wandb.log({"loss": loss, "acc": acc})
        return loss

    def validation_step(self, batch, batch_idx):
        loss, acc = self.forward(batch, mode="val")
        return {"loss": loss, "acc": acc}

    def validation_epoch_end(self, outputs):
        acc = np.mean([o["acc"].cpu() for o in outputs])
        loss = np.mean([o["loss"].cpu() for o in outputs])
        wandb.log({"validation_acc": acc, "validation_loss": loss})

    def test_step(self, batch, batch_idx):
        loss, acc = self.forward(batch, mode="test")
        return {"loss": loss, "acc": acc}

    def test_epoch_end(self, outputs):
        acc = np.mean([o["acc"].cpu() for o in outputs])
        loss = np.mean([o["loss"].cpu() for o in outputs])
        print(len(outputs), acc)
        wandb.log({"test_acc": acc, "test_loss": loss})

    def forward(self, data, mode="train"):
        patches, targets = data
        logits = self.model(patches)
        loss = self.loss_module(logits, targets)
        acc = ((logits > 0.5).int() == targets.int()).float().mean()
        return loss, acc


if __name__ == "__main__":
    args = get_mock_args()

    run_config = {
        "dataset_config": {"batch_size": args.batch_size, "mask_type": "otsu"},
        "optimizer_config": {"weight_decay": args.weight_decay, "lr": args.lr},
        "model_config": {"dropout_p": 0.5},
        "model_type": "GResNet",
        "train_on": "train",
        "validate_on": "validation",
        "test_on": "test",
    }
    ds_conf = run_config["dataset_config"]

    # one loader per split; every split is materialised in RAM up front
    loaders = {
        split: get_dataloader(split, **ds_conf)
        for split in ["test", "validation", "train"]
    }

    module = PCAMPredictor(run_config.get("model_config"), run_config["optimizer_config"])
    run_config["model_signature"] = str(module).split("\n")
    wandb.init(project="pcam", config=run_config)
    trainer = pl.Trainer(
        gpus=1 if torch.cuda.is_available() else 0,
        max_epochs=args.max_epochs,
        num_sanity_val_steps=0,
    )
    trainer.fit(
        module,
        train_dataloaders=loaders[run_config.get("train_on")],
        val_dataloaders=loaders[run_config.get("validate_on")],
    )
    test_result = trainer.test(module, loaders[run_config.get("test_on")], verbose=False)
