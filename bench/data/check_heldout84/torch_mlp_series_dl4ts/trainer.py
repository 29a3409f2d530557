import os
from pathlib import Path
from dataclasses import asdict
from torch.utils.data import DataLoader
import mlflow
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from mlflow.models.signature import ModelSignature
from mlflow.types.schema import Schema, TensorSpec
from config import TrainConfig, MLPConfig
from models import MLP
from tsdata import SlidingSeries
import logging
from torch.optim.lr_scheduler import CosineAnnealingLR
from torch.optim.lr_scheduler import ConstantLR
from torch.optim.lr_scheduler import LRScheduler
from torch.optim.lr_scheduler import OneCycleLR
from torch.optim.lr_scheduler import LinearLR

logger = logging.getLogger(__name__)


ACTS = {
    "relu": nn.ReLU,
    "gelu": nn.GELU,
    "tanh": nn.Tanh,
    "silu": nn.SiLU,
}
OPTS = {
    "sgd": torch.optim.SGD,
    "adam": torch.optim.Adam,
    "adamw": torch.optim.AdamW,
    "rmsprop": torch.optim.RMSprop,
}

DATA_ROOT = Path(__file__).parent / "data"
ENV = dict(os.environ)


def host_id() -> str:
    return open("/etc/hostname").read().strip()


def make_loaders(
    job_dir: Path, span: int, batch_size: int
) -> tuple[DataLoader, DataLoader]:
    frame = pd.read_csv(job_dir / ENV["series_file"])
    fit_vals = frame.iloc[:, 0].dropna().tolist()
    val_vals = frame.iloc[:, 1].dropna().tolist()

    # sliding-window sets
    fit_set = SlidingSeries(fit_vals, span)
    val_set = SlidingSeries(val_vals, span)
    fit_loader = DataLoader(fit_set, batch_size=batch_size, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=batch_size, shuffle=False)
    return fit_loader, val_loader


def read_fit_conf() -> TrainConfig:
    job_key = ENV["run_id"]
    job_dir = DATA_ROOT / job_key
    batch_size = int(ENV["batch"])
    epochs = int(ENV["epochs"])
    lr = float(ENV["lr"])
    optim = OPTS.get(ENV["optim"], torch.optim.Adam)
    automl = ENV.get("auto", "True").lower() == "true"
    decay = ENV.get("decay", "True").lower() == "true"
    scheduler = ENV.get("scheduler", "none")
    fit_kwargs = {
        "job_dir": job_dir,
        "batch_size": batch_size,
        "epochs": epochs,
        "lr": lr,
        "optim": optim,
        "automl": automl,
        "scheduler": scheduler if scheduler != "none" else None,
        "decay": decay,
    }
    return TrainConfig(**fit_kwargs)  # type: ignore


def read_mlp_conf() -> MLPConfig:
    span = int(ENV["mlp_span"])
    hidden_dims = list(map(int, ENV["mlp_widths"].split(",")))
    act_name = ENV["mlp_activation"]
    act_fun = ACTS.get(act_name, nn.GELU)
    net_kwargs = {
        "span": span,
        "hidden_dims": hidden_dims,
        "act_fun": act_fun,
    }
    return MLPConfig(**net_kwargs)  # type: ignore


def pick_schedule(
    scheduler: str, optim: torch.optim.Optimizer,
    max_ep: int, lr: float
) -> LRScheduler | None:
    if scheduler == "constant":
        return ConstantLR(optim, factor=1.0, total_iters=max_ep)
    elif scheduler == "cosine":
        return CosineAnnealingLR(optim, T_max=max_ep)
    elif scheduler == "onecycle":
        return OneCycleLR(optim, max_lr=lr,
            epochs=max_ep, steps_per_epoch=1)
    elif scheduler == "linear":
        return LinearLR(
            optim, start_factor=1.0, end_factor=0.1,
            total_iters=max_ep // 2)
    else:
        return None


def run_training():
    net = None
    fit_conf = read_fit_conf()
    mse = nn.MSELoss()
    net_conf = None
    if ENV["model"] == "MLP":
        net_conf = read_mlp_conf()
        net = MLP(net_conf)
    else:
        raise ValueError(f"no such model kind: {ENV['model']}")

    span = net_conf.span
    fit_loader, val_loader = make_loaders(
        fit_conf.job_dir, span, fit_conf.batch_size
    )
    wd = 1e-5 if fit_conf.decay else 0
    opt = fit_conf.optim(
        net.parameters(), lr=fit_conf.lr, weight_decay=wd)  # type: ignore
    job_dir = fit_conf.job_dir
    track_dir = job_dir / ENV["tracking_dir"]
    os.makedirs(track_dir, exist_ok=True)
    mlflow.set_tracking_uri(f"file://{track_dir.resolve()}")
    mlflow.set_experiment(ENV["tracking_exp"])
    with mlflow.start_run():
        mlflow.log_params(asdict(net_conf))
        mlflow.log_params(asdict(fit_conf))
        epochs = fit_conf.epochs
        n_fit = len(fit_loader.dataset)  # type: ignore
        n_val = len(val_loader.dataset)  # type: ignore
        scheduler = None
        if fit_conf.scheduler:
            scheduler = pick_schedule(
                fit_conf.scheduler,
                opt, epochs, fit_conf.lr)
        for ep in range(epochs):
            net.run_training()
            fit_sum = 0
            for xb, yb in fit_loader:
                opt.zero_grad()
                out = net(xb)
                l = mse(out, yb.unsqueeze(1))
                l.backward()
                opt.step()
                fit_sum += l.item() * xb.size(0)
            if scheduler is not None:
                scheduler.step()
            fit_mean = fit_sum / n_fit

            # held-out pass
            net.eval()
            val_sum = 0
            with torch.no_grad():
                for xb, yb in val_loader:
                    out = net(xb)
                    l = mse(out, yb.unsqueeze(1))
                    val_sum += l.item() * xb.size(0)
            val_mean = val_sum / n_val
            mlflow.log_metric("fit_loss", fit_mean, step=ep)
            mlflow.log_metric("val_loss", val_mean, step=ep)
            mlflow.log_metric("epoch_done", ep, step=ep)
            logger.info(
                f"pass {ep+1}/{epochs}: fit {fit_mean:.4f}, val {val_mean:.4f}"
            )
        signature = ModelSignature(
            inputs=Schema([TensorSpec(np.dtype("float32"), (-1, span))]),
            outputs=Schema([TensorSpec(np.dtype("float32"), (-1, 1))]),
        )
        example_in = np.random.rand(1, span)
        mlflow.pytorch.log_model(  # type: ignore
            pytorch_model=net, name="model", input_example=example_in, signature=signature
        )
        # weights next to the job
        torch.save(net.state_dict(), str(job_dir / ENV["weights_file"]))


if __name__ == "__main__":
    run_training()
