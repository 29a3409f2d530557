import os
import sys
import argparse
import collections

from PIL import Image

import torch
import torch.backends.cudnn
from torch.nn import DataParallel
from torch.optim import Adam
from torch.utils.data import DataLoader
from torchvision.transforms import Resize, CenterCrop, Normalize

from tqdm import tqdm

from robosat.transforms import (
    JointCompose,
    JointTransform,
    JointRandomVerticalFlip,
    JointRandomHorizontalFlip,
    JointRandomRotation,
    ConvertImageMode,
    ImageToTensor,
    MaskToTensor,
)
from robosat.datasets import SlippyMapTilesConcatenation
from robosat.metrics import MeanIoU
from robosat.losses import CrossEntropyLoss2d
from robosat.unet import UNet
from robosat.utils import plot
from robosat.config import load_config


def register_cli(subparsers):
    train_cmd = subparsers.add_parser(
        "train", help="fit the segmentation model", formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )

    train_cmd.add_argument("--model", type=str, required=True, help="model config (TOML)")
    train_cmd.add_argument("--dataset", type=str, required=True, help="dataset config (TOML)")

    train_cmd.set_defaults(func=run_training)


def run_training(cli_args):
    model_cfg = load_config(cli_args.model)
    dataset_cfg = load_config(cli_args.dataset)

    dev = torch.device("cuda" if model_cfg["common"]["cuda"] else "cpu")

    if model_cfg["common"]["cuda"] and not torch.cuda.is_available():
        sys.exit("config asks for CUDA, but no GPU is visible")

    os.makedirs(model_cfg["common"]["checkpoint"], exist_ok=True)

    n_classes = len(dataset_cfg["common"]["classes"])
    seg_net = UNet(n_classes).to(dev)

    if model_cfg["common"]["cuda"]:
        torch.backends.cudnn.benchmark = True
        seg_net = DataParallel(seg_net)

    adam_optimizer = Adam(seg_net.parameters(), lr=model_cfg["opt"]["lr"], weight_decay=model_cfg["opt"]["decay"])

    class_weights = torch.Tensor(dataset_cfg["weights"]["values"])

    seg_loss_fn = CrossEntropyLoss2d(weight=class_weights).to(dev)

    loader_train, loader_val = build_loaders(model_cfg, dataset_cfg)

    epoch_count = model_cfg["opt"]["epochs"]

    curves = collections.defaultdict(list)

    for epoch_i in range(epoch_count):
        print("epoch {} of {}".format(epoch_i + 1, epoch_count))

        train_stats = train_epoch(loader_train, n_classes, dev, seg_net, adam_optimizer, seg_loss_fn)
        print("train: loss {:.4f}, mIoU {:.4f}".format(train_stats["loss"], train_stats["iou"]))

        for name, value in train_stats.items():
            curves["train " + name].append(value)

        val_stats = validate_epoch(loader_val, n_classes, dev, seg_net, seg_loss_fn)
        print("val: loss {:.4f}, mIoU {:.4f}".format(val_stats["loss"], val_stats["iou"]))

        for name, value in val_stats.items():
            curves["val " + name].append(value)

        plot_file = "history-{:05d}-of-{:05d}.png".format(epoch_i + 1, epoch_count)
        plot(os.path.join(model_cfg["common"]["checkpoint"], plot_file), curves)

        ckpt_file = "checkpoint-{:05d}-of-{:05d}.pth".format(epoch_i + 1, epoch_count)
        torch.save(seg_net.state_dict(), os.path.join(model_cfg["common"]["checkpoint"], ckpt_file))


def train_epoch(batch_loader, n_classes, dev, seg_net, adam_optimizer, seg_loss_fn):
    seen = 0
    loss_total = 0

    iou_meter = MeanIoU(range(n_classes))

    seg_net.train()

    for image_batch, mask_batch, tile_ids in tqdm(batch_loader, desc="training", unit="batch", ascii=True):
        image_batch = image_batch.to(dev)
        mask_batch = mask_batch.to(dev)

        assert image_batch.size()[2:] == mask_batch.size()[1:], "image and mask sizes differ"

        seen += int(image_batch.size(0))

        adam_optimizer.zero_grad()
        logits = seg_net(image_batch)

        assert logits.size()[2:] == mask_batch.size()[1:], "prediction and mask sizes differ"
        assert logits.size()[1] == n_classes, "prediction channels != class count"

        batch_loss = seg_loss_fn(logits, mask_batch)
        batch_loss.backward()

        adam_optimizer.step()

        loss_total += batch_loss.item()

        for mask_np, logit in zip(mask_batch, logits):
            mask_np = mask_np.data.cpu().numpy()
            pred_mask = logit.data.max(0)[1].cpu().numpy()
            iou_meter.add(mask_np.ravel(), pred_mask.ravel())

    assert seen > 0, "no training tiles found"

    return {"loss": loss_total / seen, "iou": iou_meter.get()}


def validate_epoch(batch_loader, n_classes, dev, seg_net, seg_loss_fn):
    seen = 0
    loss_total = 0

    iou_meter = MeanIoU(range(n_classes))

    seg_net.eval()

    for image_batch, mask_batch, tile_ids in tqdm(batch_loader, desc="validation", unit="batch", ascii=True):
        image_batch = image_batch.to(dev)
        mask_batch = mask_batch.to(dev)

        assert image_batch.size()[2:] == mask_batch.size()[1:], "image and mask sizes differ"

        seen += int(image_batch.size(0))

        logits = seg_net(image_batch)

        assert logits.size()[2:] == mask_batch.size()[1:], "prediction and mask sizes differ"
        assert logits.size()[1] == n_classes, "prediction channels != class count"

        batch_loss = seg_loss_fn(logits, mask_batch)

        loss_total += batch_loss.item()

        for mask_np, logit in zip(mask_batch, logits):
            mask_np = mask_np.data.cpu().numpy()
            pred_mask = logit.data.max(0)[1].cpu().numpy()
            iou_meter.add(mask_np.ravel(), pred_mask.ravel())

    assert seen > 0, "no validation tiles found"

    return {"loss": loss_total / seen, "iou": iou_meter.get()}


def build_loaders(model_cfg, dataset_cfg):
    tile_size = (model_cfg["common"]["image_size"],) * 2
    batch_n = model_cfg["common"]["batch_size"]
    data_path = dataset_cfg["common"]["dataset"]

    rgb_mean, rgb_std = [0.485, 0.456, 0.406], [0.229, 0.224, 0.225]

    joint_tf = JointCompose(
        [
            JointTransform(ConvertImageMode("RGB"), ConvertImageMode("P")),
            JointTransform(Resize(tile_size, Image.BILINEAR), Resize(tile_size, Image.NEAREST)),
            JointTransform(CenterCrop(tile_size), CenterCrop(tile_size)),
            JointRandomVerticalFlip(0.5),
            JointRandomHorizontalFlip(0.5),
            JointRandomRotation(0.5, 90),
            JointRandomRotation(0.5, 180),
            JointRandomRotation(0.5, 270),
            JointTransform(ImageToTensor(), MaskToTensor()),
            JointTransform(Normalize(mean=rgb_mean, std=rgb_std), None),
        ]
    )

    train_tiles_dataset = SlippyMapTilesConcatenation(
        [os.path.join(data_path, "training", "images")], os.path.join(data_path, "training", "labels"), joint_tf
    )

    val_tiles_dataset = SlippyMapTilesConcatenation(
        [os.path.join(data_path, "validation", "images")], os.path.join(data_path, "validation", "labels"), joint_tf
    )

    loader_train = DataLoader(train_tiles_dataset, batch_size=batch_n, drop_last=True)
    loader_val = DataLoader(val_tiles_dataset, batch_size=batch_n, drop_last=True)

    return loader_train, loader_val
