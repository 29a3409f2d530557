import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.optim import Optimizer
from torch.optim.lr_scheduler import LRScheduler
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm
import gc
from typing import Dict, Any, Optional
from torch.amp import autocast, GradScaler

from src.utils import save_checkpoint


def one_epoch(
    model: nn.Module,
    dataloader: DataLoader,
    criterion: nn.Module,
    optimizer: Optimizer,
    device: torch.device,
    epoch: int,
    total_epochs: int,
    gpu_transform: nn.Module,
    scaler: GradScaler,
) -> float:
    """
    One pass over the unlabeled images.

    Args:
        model (nn.Module): encoder + projection head.
        dataloader (DataLoader): image batches.
        criterion (nn.Module): contrastive loss.
        optimizer (Optimizer): optimiser.
        device (torch.device): where to compute.
        epoch (int): epoch index.
        total_epochs (int): epoch count, for the progress bar.
        gpu_transform (nn.Module): makes the two views on the GPU.
        scaler (GradScaler): AMP loss scaler.

    Returns:
        float: mean loss of the epoch.
    """
    model.train()
    gpu_transform.train()
    running: float = 0.0

    bar = tqdm(dataloader, desc=f"epoch {epoch}/{total_epochs}")

    for batch in bar:
        imgs, _ = batch

        imgs = imgs.to(device, non_blocking=True)

        with torch.no_grad():
            va, vb = gpu_transform(imgs)

        optimizer.zero_grad(set_to_none=True)
        with autocast("cuda", dtype=torch.float16):
            # forward
            _, za = model(va)
            _, zb = model(vb)
            loss: torch.Tensor = criterion(za, zb)

        # backward
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()

        # stats
        running += loss.item()
        lr_now: float = optimizer.param_groups[0]["lr"]
        bar.set_postfix(loss=f"{loss.item():.4f}", lr=f"{lr_now:.6f}")

    mean_loss: float = running / len(dataloader)
    return mean_loss


def train(
    model: nn.Module,
    dataloader: DataLoader,
    criterion: nn.Module,
    optimizer: Optimizer,
    config: Dict[str, Any],
    device: torch.device,
    start_epoch: int,
    best_loss: float,
    gpu_transform: nn.Module,
    scheduler: Optional[LRScheduler] = None,
) -> None:
    """
    Outer loop over epochs.

    Args:
        model (nn.Module): encoder + projection head.
        dataloader (DataLoader): image batches.
        criterion (nn.Module): loss.
        optimizer (Optimizer): optimiser.
        config (Dict[str, Any]): parsed config.
        device (torch.device): where to compute.
        start_epoch (int): last finished epoch.
        best_loss (float): lowest loss so far.
        gpu_transform (nn.Module): GPU view generator.
        scheduler (Optional[LRScheduler]): lr schedule.
    """

    n_epochs: int = config["training"]["epochs"]
    out_dir: str = config["training"]["save_dir"]
    tb_dir: str = config["training"]["log_dir"]

    tb = SummaryWriter(log_dir=tb_dir)
    print(f"epochs {start_epoch + 1} .. {n_epochs}")
    scaler = GradScaler("cuda")

    for epoch in range(start_epoch + 1, n_epochs + 1):
        mean_loss: float = one_epoch(
            model=model,
            dataloader=dataloader,
            criterion=criterion,
            optimizer=optimizer,
            device=device,
            epoch=epoch,
            total_epochs=n_epochs,
            gpu_transform=gpu_transform,
            scaler=scaler,
        )

        lr_now: float = optimizer.param_groups[0]["lr"]
        if scheduler is not None:
            scheduler.step()

        print(f"epoch {epoch} finished, mean loss {mean_loss:.4f}, lr {lr_now:.6f}")

        tb.add_scalar("Train/Loss", mean_loss, epoch)
        tb.add_scalar("Train/LR", lr_now, epoch)

        improved: bool = mean_loss < best_loss
        if improved:
            best_loss = mean_loss
            print("lowest loss so far")

        if isinstance(model, nn.DataParallel):
            weights = model.module.state_dict()
        else:
            weights = model.state_dict()

        state: Dict[str, Any] = {
            "epoch": epoch,
            "state_dict": weights,
            "optimizer": optimizer.state_dict(),
            "best_loss": best_loss,
            "config": config,
            "scheduler": scheduler.state_dict() if scheduler else None,
        }

        save_checkpoint(state=state, is_best=improved, save_dir=out_dir)

        # tidy up
        gc.collect()
        torch.cuda.empty_cache()

        print("-" * 50)

    tb.close()
    print("pre-training done")
