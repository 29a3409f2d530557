import torch
import torchvision
import argparse
import numpy as np
from torch.utils.data import DataLoader
from torchvision.models.detection.faster_rcnn import (
    FasterRCNN_ResNet50_FPN_V2_Weights,
    FastRCNNPredictor,
)
from rich import print
from rich.progress import (
    Progress,
    TimeElapsedColumn,
    TimeRemainingColumn,
    BarColumn,
    TextColumn,
)
from Dataset import BoxJsonDataset
from torch.utils.data import Subset
from utils import mean_ap_of
import os


def fit_one_epoch(model, train_loader, optimizer, device):
    model.train()
    train_loss_sum = 0.0
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        "[progress.percentage]{task.percentage:>3.1f}%",
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ) as bar:
        bar_id = bar.add_task("[green]fitting", total=len(train_loader))

        for images, targets in train_loader:
            images = [img.to(device) for img in images]
            targets = [{k: v.to(device) for k, v in t.items()} for t in targets]

            optimizer.zero_grad()
            loss_parts = model(images, targets)
            loss = sum(loss for loss in loss_parts.values())
            loss.backward()
            optimizer.step()

            train_loss_sum += loss.item()
            bar.update(bar_id, advance=1)

    mean_train_loss = train_loss_sum / len(train_loader)
    return mean_train_loss


def eval_map(model, val_loader, device):
    model.eval()
    val_preds, val_targets = [], []

    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        "[progress.percentage]{task.percentage:>3.1f}%",
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    ) as bar:
        bar_id = bar.add_task("[cyan]scoring val", total=len(val_loader))

        with torch.no_grad():
            for images, targets in val_loader:
                images = [img.to(device) for img in images]
                targets = [{k: v.to(device) for k, v in t.items()} for t in targets]
                preds = model(images)
                val_preds.extend(img_pred for img_pred in preds)
                val_targets.extend(img_target for img_target in targets)
                bar.update(bar_id, advance=1)

    val_map = mean_ap_of(val_preds, val_targets)
    return val_map


def main():
    cli = argparse.ArgumentParser()
    cli.add_argument(
        "-tr",
        "--train_root",
        type=str,
        default="data/train",
        help="folder of the train pictures",
    )
    cli.add_argument(
        "-ta",
        "--train_annotation",
        type=str,
        default="data/train.json",
        help="COCO json with the train boxes",
    )
    cli.add_argument(
        "-vr",
        "--valid_root",
        type=str,
        default="data/valid",
        help="folder of the val pictures",
    )
    cli.add_argument(
        "-va",
        "--valid_annotation",
        type=str,
        default="data/valid.json",
        help="COCO json with the val boxes",
    )
    cli.add_argument(
        "-bs", "--batch_size", type=int, default=4, help="pictures per step"
    )
    cli.add_argument("-l", "--lr", type=float, default=0.005, help="step size of SGD")
    cli.add_argument(
        "-e", "--epochs", type=int, default=10, help="how many passes"
    )
    cli.add_argument(
        "-d",
        "--device",
        type=str,
        default="cuda" if torch.cuda.is_available() else "cpu",
        help="torch device",
    )
    cli.add_argument(
        "-w",
        "--num_workers",
        type=int,
        default=4,
        help="loader worker processes",
    )
    cli.add_argument(
        "-s",
        "--save_dir",
        type=str,
        default="save_model",
        help="where checkpoints go",
    )
    cli.add_argument(
        "-pt",
        "--partial_training_data",
        type=float,
        default=-1,
        help="fraction of the train split to use; outside (0, 1) means all",
    )
    cli.add_argument(
        "-pv",
        "--partial_validation_data",
        type=float,
        default=-1,
        help="fraction of the val split to use; outside (0, 1) means all",
    )
    args = cli.parse_args()

    # detector with a new box head
    model = torchvision.models.detection.fasterrcnn_resnet50_fpn_v2(
        weights=FasterRCNN_ResNet50_FPN_V2_Weights.DEFAULT,
        trainable_backbone_layers=5,
    )
    class_count = 11
    head_in_dim = model.roi_heads.box_predictor.cls_score.in_features
    model.roi_heads.box_predictor = FastRCNNPredictor(head_in_dim, class_count)

    model.to(args.device)

    # the two splits
    train_dataset = BoxJsonDataset(
        args.train_root,
        args.train_annotation,
        transform=torchvision.transforms.ToTensor(),
    )
    val_dataset = BoxJsonDataset(
        args.valid_root,
        args.valid_annotation,
        transform=torchvision.transforms.ToTensor(),
    )

    # optionally keep only a prefix of each split
    if args.partial_training_data < 1 and args.partial_training_data > 0:
        keep_n = int(len(train_dataset) * args.partial_training_data)
        keep_idx = list(range(keep_n))
        train_part = Subset(train_dataset, keep_idx)
        train_loader = DataLoader(
            train_part,
            batch_size=args.batch_size,
            shuffle=True,
            num_workers=args.num_workers,
            collate_fn=lambda x: tuple(zip(*x)),
        )
    else:
        train_loader = DataLoader(
            train_dataset,
            batch_size=args.batch_size,
            shuffle=True,
            num_workers=args.num_workers,
            collate_fn=lambda x: tuple(zip(*x)),
        )

    if args.partial_validation_data < 1 and args.partial_validation_data > 0:
        keep_n = int(len(val_dataset) * args.partial_validation_data)
        keep_idx = list(range(keep_n))
        val_part = Subset(train_dataset, keep_idx)
        val_loader = DataLoader(
            val_part,
            batch_size=args.batch_size,
            shuffle=False,
            num_workers=args.num_workers,
            collate_fn=lambda x: tuple(zip(*x)),
        )
    else:
        val_loader = DataLoader(
            val_dataset,
            batch_size=args.batch_size,
            shuffle=False,
            num_workers=args.num_workers,
            collate_fn=lambda x: tuple(zip(*x)),
        )

    # SGD with momentum
    optimizer = torch.optim.SGD(
        model.parameters(), lr=args.lr, momentum=0.9, weight_decay=1e-4
    )
    os.makedirs(args.save_dir, exist_ok=True)
    epoch_losses = []
    epoch_maps = []
    for epoch in range(args.epochs):
        print(f"\n[yellow2]pass {epoch+1} of {args.epochs}")

        train_loss = fit_one_epoch(model, train_loader, optimizer, args.device)
        val_map = eval_map(model, val_loader, args.device)
        epoch_losses.append(train_loss)
        epoch_maps.append(val_map)

        print(f"mean train loss {train_loss:.4f}, val mAP {val_map:.4f}")

        # checkpoint every epoch
        torch.save(model.state_dict(), f"{args.save_dir}/epoch{epoch+1}.pth")
        print(f"checkpoint written to [yellow2]{args.save_dir}/epoch{epoch+1}.pth[/yellow2]")

    np.save(os.path.join(args.save_dir, "loss.npy"), np.array(epoch_losses))
    np.save(os.path.join(args.save_dir, "mAP.npy"), np.array(epoch_maps))
    print(f"\n[green]loss and mAP curves stored under [yellow2]{args.save_dir}[/yellow2]")


if __name__ == "__main__":
    main()
