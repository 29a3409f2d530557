import argparse
import json
import os

import numpy as np
import torch
import torch.optim as optim
from torch.utils.data import DataLoader
from tqdm import tqdm

from dataset import BrainMRIDataset as Dataset
from logger import Logger
from loss import DiceLoss
from transform import transforms
from unet import UNet
from utils import overlay_images, dice_similarity


def run_training(args):
    make_dirs(args)
    save_args(args)
    device = torch.device("cpu" if not torch.cuda.is_available() else args.device)

    train_loader, valid_loader = build_loaders(args)
    phase_loaders = {"train": train_loader, "valid": valid_loader}

    unet = UNet(in_channels=Dataset.in_channels, out_channels=Dataset.out_channels)
    unet.to(device)

    dice_loss = DiceLoss()
    best_val_dice = 0.0

    optimizer = optim.Adam(unet.parameters(), lr=args.lr)

    logger = Logger(args.logs)
    train_losses = []
    valid_losses = []

    step = 0

    for epoch in tqdm(range(args.epochs), total=args.epochs):
        for phase in ["train", "valid"]:
            if phase == "train":
                unet.train()
            else:
                unet.eval()

            val_preds = []
            val_targets = []

            for i, batch in enumerate(phase_loaders[phase]):
                if phase == "train":
                    step += 1

                x, true_y = batch
                x, true_y = x.to(device), true_y.to(device)

                optimizer.zero_grad()

                with torch.set_grad_enabled(phase == "train"):
                    pred_y = unet(x)

                    loss = dice_loss(pred_y, true_y)

                    if phase == "valid":
                        valid_losses.append(loss.item())
                        pred_np = pred_y.detach().cpu().numpy()
                        val_preds.extend(
                            [pred_np[k] for k in range(pred_np.shape[0])]
                        )
                        true_np = true_y.detach().cpu().numpy()
                        val_targets.extend(
                            [true_np[k] for k in range(true_np.shape[0])]
                        )
                        if (epoch % args.vis_freq == 0) or (epoch == args.epochs - 1):
                            if i * args.batch_size < args.vis_images:
                                tag = "image/{}".format(i)
                                n_shown = args.vis_images - i * args.batch_size
                                logger.image_list_summary(
                                    tag,
                                    overlay_images(x, true_y, pred_y)[:n_shown],
                                    step,
                                )

                    if phase == "train":
                        train_losses.append(loss.item())
                        loss.backward()
                        optimizer.step()

                if phase == "train" and (step + 1) % 10 == 0:
                    log_mean_loss(logger, train_losses, step)
                    train_losses = []

            if phase == "valid":
                log_mean_loss(logger, valid_losses, step, prefix="val_")
                mean_dice = np.mean(
                    dice_per_case(
                        val_preds,
                        val_targets,
                        valid_loader.dataset.case_slice_index,
                    )
                )
                logger.scalar_summary("val_dsc", mean_dice, step)
                if mean_dice > best_val_dice:
                    best_val_dice = mean_dice
                    torch.save(unet.state_dict(), os.path.join(args.weights, "unet.pt"))
                valid_losses = []

    print("best mean validation Dice: {:4f}".format(best_val_dice))


def build_loaders(args):
    train_dataset, valid_dataset = build_datasets(args)

    def seed_worker(worker_id):
        np.random.seed(42 + worker_id)

    train_loader = DataLoader(
        train_dataset,
        batch_size=args.batch_size,
        shuffle=True,
        drop_last=True,
        num_workers=args.workers,
        worker_init_fn=seed_worker,
    )
    valid_loader = DataLoader(
        valid_dataset,
        batch_size=args.batch_size,
        drop_last=False,
        num_workers=args.workers,
        worker_init_fn=seed_worker,
    )

    return train_loader, valid_loader


def build_datasets(args):
    train_set = Dataset(
        image_root=args.images,
        subset="train",
        image_side=args.image_size,
        transform=transforms(scale=args.aug_scale, angle=args.aug_angle, flip_prob=0.5),
    )
    valid_set = Dataset(
        image_root=args.images,
        subset="validation",
        image_side=args.image_size,
        sample_randomly=False,
    )
    return train_set, valid_set


def dice_per_case(val_preds, val_targets, case_slice_index):
    case_dice = []
    slices_per_case = np.bincount([c[0] for c in case_slice_index])
    start = 0
    for c in range(len(slices_per_case)):
        pred_y = np.array(val_preds[start : start + slices_per_case[c]])
        true_y = np.array(val_targets[start : start + slices_per_case[c]])
        case_dice.append(dice_similarity(pred_y, true_y))
        start += slices_per_case[c]
    return case_dice


def log_mean_loss(logger, loss, step, prefix=""):
    logger.scalar_summary(prefix + "loss", np.mean(loss), step)


def make_dirs(args):
    os.makedirs(args.weights, exist_ok=True)
    os.makedirs(args.logs, exist_ok=True)


def save_args(args):
    args_path = os.path.join(args.logs, "args.json")
    with open(args_path, "w") as fp:
        json.dump(vars(args), fp)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description="fits a U-Net that segments FLAIR abnormalities in brain MRI"
    )
    parser.add_argument(
        "--batch-size",
        type=int,
        default=16,
        help="slices per training batch (16 unless given)",
    )
    parser.add_argument(
        "--epochs",
        type=int,
        default=100,
        help="passes over the training set (100 unless given)",
    )
    parser.add_argument(
        "--lr",
        type=float,
        default=0.0001,
        help="starting learning rate",
    )
    parser.add_argument(
        "--device",
        type=str,
        default="cuda:0",
        help="torch device to train on",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=4,
        help="DataLoader worker processes (4 unless given)",
    )
    parser.add_argument(
        "--vis-images",
        type=int,
        default=200,
        help="how many overlays to write to the log (200 unless given)",
    )
    parser.add_argument(
        "--vis-freq",
        type=int,
        default=10,
        help="write overlays every this many epochs (10 unless given)",
    )
    parser.add_argument(
        "--weights", type=str, default="./weights", help="where weights are saved"
    )
    parser.add_argument(
        "--logs", type=str, default="./logs", help="where logs are written"
    )
    parser.add_argument(
        "--images", type=str, default="./kaggle_3m", help="folder with one subfolder per case"
    )
    parser.add_argument(
        "--image-size",
        type=int,
        default=256,
        help="in-plane size after resizing (256 unless given)",
    )
    parser.add_argument(
        "--aug-scale",
        type=int,
        default=0.05,
        help="range of random scaling (0.05 unless given)",
    )
    parser.add_argument(
        "--aug-angle",
        type=int,
        default=15,
        help="range of random rotation in degrees (15 unless given)",
    )
    args = parser.parse_args()
    run_training(args)
