"""
Tumour-patch classification on PatchCamelyon using a ResNet-34 built from p4m
group convolutions (rotation + reflection equivariant), fitted with Lightning.
A fourth input channel carries a cell mask computed beforehand with Otsu.

Dataset code, path constants, the channel-statistics helper and the group-conv
network that the run script imports from the project are all pasted in below.
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

# --------------------------------------------------------------- file names
DATA_ROOT = Path(config("DATA_DIR"))

SPLIT_FILES = {
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

KNOWN_MASK_KINDS = ["otsu", "otsu_split"]


# --------------------------------------------------------- channel mean / sd
def compute_channel_stats():
    print("no cached statistics: computing per-channel mean and sd")
    test_patches = h5py.File(DATA_ROOT / "camelyonpatch_level_2_split_test_x.h5", "r")["x"][
        :
    ].squeeze()
    mu_c = np.mean(test_patches, axis=(0, 1, 2))
    sd_c = np.std(test_patches, axis=(0, 1, 2))
    return (mu_c, sd_c)


def load_channel_stats():
    stats_file = Path(DATA_ROOT / "mean__std.pkl")
    if stats_file.exists():
        with open(stats_file, "rb") as fobj:
            mean_std = pkl.load(fobj)
    else:
        mean_std = compute_channel_stats()
        with open(stats_file, "wb") as fobj:
            pkl.dump(mean_std, fobj)
    return mean_std


# ---------------------------------------------------------------- patches
class PcamPatchDataset(Dataset):
    def __init__(self, images_path, labels_path, meta_csv_path, mask_pkl_path):
        mean_std = load_channel_stats()
        self.ch_mean = mean_std[0][:, None][:, None]
        self.ch_std = mean_std[1][:, None][:, None]
        self.mask_file_path = mask_pkl_path

        img_arr = h5py.File(images_path, "r")["x"][:].squeeze()
        count, height, width, chans = img_arr.shape
        self.x_imgs = img_arr.reshape(count, chans, height, width)

        if mask_pkl_path is not None:
            if Path(mask_pkl_path).exists():
                with open(mask_pkl_path, "rb") as fobj:
                    self.masks = pickle.load(fobj)
            else:
                print(mask_pkl_path, "is missing; masks disabled")
                self.mask_file_path = None

        self.y_labels = h5py.File(labels_path, "r")["y"][:].squeeze()
        self.meta_df = pd.read_csv(meta_csv_path)

    def __len__(self):
        return self.x_imgs.shape[0]

    def __getitem__(self, i):
        patch_arr = (self.x_imgs[i] - self.ch_mean) / self.ch_std
        if self.mask_file_path is not None:
            patch_arr = np.concatenate((patch_arr, self.masks[i][None, :]))
        target_list = [self.y_labels[i]]
        return Tensor(patch_arr), Tensor(target_list)


def mask_pickle_path(which_split, mask_kind):
    return Path(DATA_ROOT) / f"{mask_kind}_{which_split}.pkl"


def build_split_dataset(which_split, mask_kind=None):
    """Return the patch dataset for one split, with the mask plane when asked for."""
    x_h5_file, y_h5_file, meta_csv_file = (DATA_ROOT / fname for fname in SPLIT_FILES[which_split])

    if mask_kind is None:
        mask_pkl_file = None
    elif mask_kind in KNOWN_MASK_KINDS:
        mask_pkl_file = mask_pickle_path(which_split, mask_kind)
    elif mask_kind is not None:
        print(f"unknown mask kind {mask_kind}")
        return
    else:
        mask_pkl_file = None

    return PcamPatchDataset(x_h5_file, y_h5_file, meta_csv_file, mask_pkl_file)


def build_split_loader(which_split, mask_type, batch_size):
    split_dataset = build_split_dataset(which_split, mask_type)
    return DataLoader(split_dataset, batch_size=batch_size, shuffle=True)


# ------------------------------------------- ResNet-34 on p4m group convolutions
class GroupResBlock(nn.Module):
    widen = 1

    def __init__(self, in_ch, out_ch, step=1):
        super(GroupResBlock, self).__init__()
        self.gconv_a = P4MConvP4M(in_ch, out_ch, kernel_size=3, stride=step,
                                padding=1, bias=False)
        self.norm_a = nn.BatchNorm3d(out_ch)
        self.gconv_b = P4MConvP4M(out_ch, out_ch, kernel_size=3, stride=1,
                                padding=1, bias=False)
        self.norm_b = nn.BatchNorm3d(out_ch)

        self.skip_path = nn.Sequential()
        if step != 1 or in_ch != self.widen * out_ch:
            self.skip_path = nn.Sequential(
                P4MConvP4M(in_ch, self.widen * out_ch, kernel_size=1,
                           stride=step, bias=False),
                nn.BatchNorm3d(self.widen * out_ch),
            )

    def forward(self, x):
        h = F.relu(self.norm_a(self.gconv_a(x)))
        h = self.norm_b(self.gconv_b(h))
        h += self.skip_path(x)
        return F.relu(h)


class GroupResNet(nn.Module):
    def __init__(self, unit, depth_list, p_drop, n_out=1):
        super(GroupResNet, self).__init__()
        self.in_ch = 23

        self.gconv_a = P4MConvZ2(4, 23, kernel_size=3, stride=1, padding=1, bias=False)
        self.norm_a = nn.BatchNorm3d(23)
        self.stage1 = self._build_stage(unit, 23, depth_list[0], step=1)
        self.stage2 = self._build_stage(unit, 45, depth_list[1], step=2)
        self.stage3 = self._build_stage(unit, 91, depth_list[2], step=2)
        self.stage4 = self._build_stage(unit, 181, depth_list[3], step=2)

        self.classifier = nn.Sequential(
            nn.Linear(13032 * unit.widen, 300),
            nn.Dropout(p_drop),
            nn.ReLU(),
            nn.Linear(300, 150),
            nn.Dropout(p_drop),
            nn.ReLU(),
            nn.Linear(150, n_out),
        )

    def _build_stage(self, unit, out_ch, depth_list, step):
        step_list = [step] + [1] * (depth_list - 1)
        units = []
        for side in step_list:
            units.append(unit(self.in_ch, out_ch, side))
            self.in_ch = out_ch * unit.widen
        return nn.Sequential(*units)

    def forward(self, x):
        h = F.relu(self.norm_a(self.gconv_a(x)))
        h = self.stage1(h)
        h = self.stage2(h)
        h = self.stage3(h)
        h = self.stage4(h)
        shp = h.size()
        h = h.view(shp[0], shp[1] * shp[2], shp[3], shp[4])
        h = F.avg_pool2d(h, 4)
        h = h.view(h.size(0), -1)
        return self.classifier(h)


def group_resnet34(dropout_p):
    return GroupResNet(GroupResBlock, [3, 4, 4, 3], dropout_p)


# ---------------------------------------------------------------- run script
def warm_up_cudnn():
    side = 32
    gpu = torch.device("cuda")
    torch.nn.functional.conv2d(
        torch.zeros(side, side, side, side, device=gpu),
        torch.zeros(side, side, side, side, device=gpu),
    )


warm_up_cudnn()


def build_cli():
    argp = ArgumentParser()
    argp.add_argument("--batch_size", default=48, type=int)
    argp.add_argument("--lr", default=0.0005)
    argp.add_argument("--weight_decay", default=0.01)
    argp.add_argument("--block", default=GroupResBlock)
    argp.add_argument("--layers", default=[3, 4, 6, 3], type=int)
    argp.add_argument("--max_epochs", default=10, type=int)
    return argp


def defaults_as_object(overrides=dict()):
    "a plain object holding the parser defaults, for interactive use"
    argp = build_cli()
    known, _ = argp.parse_known_args(None, None)

    class OptionBag(object):
        pass

    bag = OptionBag()
    for opt_name, opt_default in known._get_kwargs():
        setattr(bag, opt_name, overrides.get(opt_name, opt_default))
    return bag


class PcamLitModule(pl.LightningModule):
    def __init__(self, net_cfg, opt_cfg):
        super().__init__()
        self.net_cfg = net_cfg
        self.opt_cfg = opt_cfg
        self.gcnn_model = group_resnet34(**net_cfg)
        self.bce_loss = nn.BCEWithLogitsLoss()

    def configure_optimizers(self):
        return optim.AdamW(
            self.parameters(),
            lr=self.opt_cfg["lr"],
            weight_decay=self.opt_cfg["weight_decay"],
        )

    def training_step(self, batch_pair, batch_idx):
        batch_loss, accuracy = self.forward(batch_pair, phase="train")
        wandb.log({"loss": batch_loss, "acc": accuracy})
        return batch_loss

    def validation_step(self, batch_pair, batch_idx):
        batch_loss, accuracy = self.forward(batch_pair, phase="val")
        return {"loss": batch_loss, "acc": accuracy}

    def validation_epoch_end(self, step_outputs):
        accuracy = np.mean([out_d["acc"].cpu() for out_d in step_outputs])
        batch_loss = np.mean([out_d["loss"].cpu() for out_d in step_outputs])
        wandb.log({"validation_acc": accuracy, "validation_loss": batch_loss})

    def test_step(self, batch_pair, batch_idx):
        batch_loss, accuracy = self.forward(batch_pair, phase="test")
        return {"loss": batch_loss, "acc": accuracy}

    def test_epoch_end(self, step_outputs):
        accuracy = np.mean([out_d["acc"].cpu() for out_d in step_outputs])
        batch_loss = np.mean([out_d["loss"].cpu() for out_d in step_outputs])
        print(len(step_outputs), accuracy)
        wandb.log({"test_acc": accuracy, "test_loss": batch_loss})

    def forward(self, batch_pair, phase="train"):
        patch_batch, target_batch = batch_pair
        scores = self.gcnn_model(patch_batch)
        batch_loss = self.bce_loss(scores, target_batch)
        accuracy = ((scores > 0.5).int() == target_batch.int()).float().mean()
        return batch_loss, accuracy


if __name__ == "__main__":
    opts = defaults_as_object()

    cfg = {
        "dataset_config": {"batch_size": opts.batch_size, "mask_type": "otsu"},
        "optimizer_config": {"weight_decay": opts.weight_decay, "lr": opts.lr},
        "model_config": {"dropout_p": 0.5},
        "model_type": "GResNet",
        "train_on": "train",
        "validate_on": "validation",
        "test_on": "test",
    }
    loader_cfg = cfg["dataset_config"]

    # a loader for each of the three splits; each loads its full split into memory
    split_loaders = {
        which_split: build_split_loader(which_split, **loader_cfg)
        for which_split in ["test", "validation", "train"]
    }

    lit_module = PcamLitModule(cfg.get("model_config"), cfg["optimizer_config"])
    cfg["model_signature"] = str(lit_module).split("\n")
    wandb.init(project="pcam", config=cfg)
    pl_trainer = pl.Trainer(
        gpus=1 if torch.cuda.is_available() else 0,
        max_epochs=opts.max_epochs,
        num_sanity_val_steps=0,
    )
    pl_trainer.fit(
        lit_module,
        train_dataloaders=split_loaders[cfg.get("train_on")],
        val_dataloaders=split_loaders[cfg.get("validate_on")],
    )
    test_metrics = pl_trainer.test(lit_module, split_loaders[cfg.get("test_on")], verbose=False)
