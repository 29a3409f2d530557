import torch
import os
import argparse
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR, SequentialLR
import torch_optimizer as optim
from torchvision.transforms import v2
from typing import List, Dict, Any

from src.utils import load_config, set_seed, load_checkpoint
from src.augmentations import SimCLRTransform
from src.dataset import get_stl10_dataloader
from src.model import SimCLR
from src.loss import NTXentLoss
from src.trainer import train
from pathlib import Path

HERE = Path(__file__).resolve().parent


def split_decay_groups(
    net: torch.nn.Module, decay: float
) -> List[Dict[str, Any]]:
    """
    Put parameters into a decayed group and a non-decayed group.

    Args:
        net (torch.nn.Module): model whose parameters are grouped.
        decay (float): weight decay of the first group.

    Returns:
        List[Dict[str, Any]]: the two optimiser groups.
    """
    decayed: List[torch.nn.Parameter] = []
    undecayed: List[torch.nn.Parameter] = []
    for pname, p in net.named_parameters():
        if not p.requires_grad:
            continue
        # biases and norm scales (1-D) get no decay
        if p.ndim <= 1 or pname.endswith(".bias"):
            undecayed.append(p)
        else:
            decayed.append(p)

    return [
        {"params": decayed, "weight_decay": decay},
        {"params": undecayed, "weight_decay": 0.0},
    ]


def run(cfg_path: str) -> None:
    """
    Set everything up and start contrastive pre-training.

    Args:
        cfg_path (str): YAML config path.
    """
    print("--- contrastive pre-training ---")

    cfg: Dict[str, Any] = load_config(config_path=cfg_path)
    set_seed(cfg["seed"])

    dev: torch.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"[*] device: {dev}")

    # transforms: cheap CPU one, augmentations on the GPU
    to_tensor = v2.Compose([v2.ToImage(), v2.ToDtype(torch.float32, scale=True)])
    gpu_aug = SimCLRTransform(input_size=cfg["dataset"]["image_size"]).to(
        dev
    )

    loader = get_stl10_dataloader(
        root_dir=str(HERE / cfg["dataset"]["root_dir"]),
        transform=to_tensor,
        batch_size=cfg["dataset"]["batch_size"],
        num_workers=cfg["dataset"]["num_workers"],
    )
    print(f"[*] samples: {len(loader.dataset)}, batches: {len(loader)}")  # type: ignore

    net = SimCLR(out_dim=cfg["model"]["out_dim"])
    if torch.cuda.device_count() > 1:
        print(f"[*] {torch.cuda.device_count()} GPUs in use")
        net = torch.nn.SyncBatchNorm.convert_sync_batchnorm(net)
        net = torch.nn.DataParallel(net)
    net.to(dev)

    crit = NTXentLoss(temperature=cfg["training"]["temperature"]).to(dev)

    groups = split_decay_groups(net, cfg["training"]["weight_decay"])

    opt = optim.LARS(
        groups,
        lr=cfg["training"]["lr"],
        momentum=0.9,
        weight_decay=cfg["training"]["weight_decay"],
    )

    # schedule: linear warm-up then cosine
    warm: int = 10
    n_epochs: int = cfg["training"]["epochs"]

    warm_sched = LinearLR(
        opt, start_factor=0.01, end_factor=1.0, total_iters=warm
    )

    cos_sched = CosineAnnealingLR(
        opt,
        T_max=(n_epochs - warm),
        eta_min=cfg["training"]["min_lr"],
    )

    sched = SequentialLR(
        opt,
        schedulers=[warm_sched, cos_sched],
        milestones=[warm],
    )

    first_epoch: int = 0
    lowest: float = float("inf")

    out_dir = HERE / cfg["training"]["save_dir"]
    os.makedirs(out_dir, exist_ok=True)

    default_ckpt: str = os.path.join(out_dir, "checkpoint.pth")
    ckpt_path: str = cfg["training"]["resume_checkpoint"] or default_ckpt

    if os.path.exists(ckpt_path):
        print(f"[*] resuming from {ckpt_path}")
        first_epoch, lowest = load_checkpoint(
            ckpt_path, net, opt, sched
        )
    else:
        print("[*] fresh start")

    print("--- go ---")
    train(
        model=net,
        dataloader=loader,
        criterion=crit,
        optimizer=opt,
        config=cfg,
        device=dev,
        start_epoch=first_epoch,
        best_loss=lowest,
        gpu_transform=gpu_aug,
        scheduler=sched,
    )


if __name__ == "__main__":
    cli = argparse.ArgumentParser(description="contrastive pre-training on STL-10")
    cli.add_argument(
        "--config",
        type=str,
        default="configs/config.yaml",
        help="YAML config",
    )
    opts = cli.parse_args()

    run(opts.config)
