import datetime
import os
from pathlib import Path

import click
import numpy as np
import pandas as pd
import torch
import yaml
from dotenv import load_dotenv
from scipy import stats
from torch import nn
from torch.utils.data import DataLoader
from tqdm import tqdm

import wandb
from src.data import FrameRows
from src.metrics import pearson_metric
from src.torch_models import EmbedMLP
from src.weights_logger import WeightsLogger


load_dotenv()


@click.command()
@click.option("--exp-name", type=str, default="run0", help="run label for the tracker")
@click.option("--config", type=str, default="base", help="yaml file under configs/")
@click.option("--debug", is_flag=True, default=False)
@click.option("--cpu", is_flag=True, default=False)
def cli_entry(exp_name: str, config: str, debug: bool, cpu: bool):
    log_mode = "disabled" if debug else "online"
    wandb.init(
        project="market_prediction", entity="parmezano", name=exp_name, mode=log_mode
    )
    with open(f"configs/{config}.yaml", "r") as fh:
        wandb.config = yaml.safe_load(fh)
    wandb.config["device"] = "cpu" if cpu else "cuda:0"

    rows = read_rows(debug=debug)
    early, late = split_by_time(rows)
    early, late = mask_unseen_ids(early, late)
    early, late = early.drop("time_id", axis=1), late.drop("time_id", axis=1)

    fit_loader = DataLoader(FrameRows(early), batch_size=wandb.config["batch_size"])
    late_loader = DataLoader(FrameRows(late), batch_size=wandb.config["batch_size"])
    net = EmbedMLP(
        input_dim=301, num_embeddings=3775, dropout=wandb.config["dropout"]
    )
    net = net.to(wandb.config["device"])
    opt = torch.optim.AdamW(net.parameters(), lr=wandb.config["lr"])
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt,
        max_lr=0.01,
        epochs=wandb.config["epochs"],
        steps_per_epoch=len(fit_loader),
    )
    ckpt_log = WeightsLogger(os.environ["weights_dir"], exp_name, debug)
    fit_epochs(
        net, fit_loader, late_loader, opt, sched, ckpt_log
    )


def read_rows(debug=False) -> pd.DataFrame:
    root = Path(os.environ["dataset_dir"])
    if debug:
        rows = pd.read_csv(root / "train_sample.csv", index_col=0)
    else:
        rows = pd.read_csv(root / "train.csv")
    rows = rows.set_index("row_id")
    rows = rows.sample(
        frac=wandb.config["data_sample_frac"]
    )  # keep a fraction: the whole table is too big for RAM


    rows.investment_id += 1
    return rows


def split_by_time(rows: pd.DataFrame) -> tuple:

    early = rows.query("time_id < 1000")
    late = rows.query("time_id >= 1000")
    return early, late


def mask_unseen_ids(
    early: pd.DataFrame, late: pd.DataFrame
) -> tuple:
    seen_ids = early.investment_id.unique()
    unseen_rows = late.query(
        "investment_id not in @learned_investments"
    ).index
    late.loc[unseen_rows].investment_id = 0
    return early, late


def build_sets(early: pd.DataFrame, late: pd.DataFrame):
    fit_set = FrameRows(early.drop("time_id", axis=1))
    late_set = FrameRows(late.drop("time_id", axis=1))
    return fit_set, late_set


def one_epoch(net, loader, opt, sched, mse) -> list:
    net.train()
    batch_losses = []
    id_drop_p = wandb.config["investment_id_dropout"]
    for mb in tqdm(loader):
        opt.zero_grad()

        xb, yb = mb
        xb[:, 0] *= torch.rand(len(xb)) > id_drop_p
        xb = xb.to(wandb.config["device"])
        yb = yb.to(wandb.config["device"])

        yhat = net(xb)
        l = mse(yb, yhat.view(-1))
        l.backward()
        opt.step()
        batch_losses.append(l.item())
    return batch_losses


def eval_losses(net, loader, mse):
    net.eval()
    batch_losses = []
    with torch.no_grad():
        for mb in tqdm(loader):
            xb = mb[0].to(wandb.config["device"])
            yb = mb[1].to(wandb.config["device"])
            yhat = net(xb)
            l = mse(yb, yhat.view(-1))
            batch_losses.append(l.item())
    return batch_losses


def fit_epochs(
    net, fit_loader, late_loader, opt, sched, ckpt_log
) -> None:
    mse = nn.MSELoss()
    for ep in range(wandb.config["epochs"]):
        fit_l = one_epoch(
            net, fit_loader, opt, sched, mse
        )
        late_l = eval_losses(net, late_loader, mse)
        ckpt_log.save(net.state_dict())
        wandb.log(
            {
                "train_loss": np.mean(fit_l, axis=0),
                "test_loss": np.mean(late_l, axis=0),
            }
        )


if __name__ == "__main__":
    cli_entry()
