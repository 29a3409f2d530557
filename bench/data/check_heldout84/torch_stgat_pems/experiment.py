#!usr/bin/python3

import pandas as pd
import torch
from torch_geometric.loader import DataLoader

from traffic_forecasting.data import SpeedGraphs
from traffic_forecasting.utils import (
    dist_to_adj,
    split_days,
    restore_net,
)
from traffic_forecasting.model import ST_GAT
from traffic_forecasting.trainer import fit_stgat, test_stgat


def run():
    cfg = {
        "BS": 50,
        "N_EPOCHS": 200,
        "WD": 5e-5,
        "LR0": 3e-4,
        "CKPT_DIR": "./runs",
        "HORIZON": 9,
        "LOOKBACK": 12,
        "P_DROP": 0.2,
        "STEPS_PER_DAY": 288,  # 5-minute readings in one day
        "DAYS": 44,  # days covered by the file
        "BINARY_ADJ": True,  # 0/1 adjacency for attention, else weighted
        "NODES": 228,
    }
    cfg["WINDOWS_PER_DAY"] = (
        cfg["STEPS_PER_DAY"] - (cfg["HORIZON"] + cfg["LOOKBACK"]) + 1
    )  # start positions per day (268)
    dist = pd.read_csv(
        "./data/raw/PeMSD7_W_228.csv", header=None
    ).values  # sensor distance matrix
    adj = dist_to_adj(dist, gat_version=cfg["BINARY_ADJ"])
    pems = SpeedGraphs(cfg, adj)

    # 44 days: 34 fit, 5 val, 5 test
    tr_part, va_part, te_part = split_days(pems, cfg["WINDOWS_PER_DAY"], (34, 5, 5))
    tr_loader = DataLoader(tr_part, batch_size=cfg["BS"], shuffle=True)
    va_loader = DataLoader(va_part, batch_size=cfg["BS"], shuffle=True)
    te_loader = DataLoader(te_part, batch_size=cfg["BS"], shuffle=False)

    # accelerator if present
    dev_name = "gpu" if torch.cuda.is_available() else "cpu"
    print(f"running on {dev_name}")

    net = ST_GAT(
        in_channels=cfg["LOOKBACK"],
        out_channels=cfg["HORIZON"],
        n_nodes=cfg["NODES"],
        dropout=cfg["P_DROP"],
    )

    # fit
    fit_stgat(net, tr_loader, va_loader, cfg, dev_name)
    net = restore_net("./runs/stgat_checkpoint.pt", cfg)
    # test
    test_stgat(net, te_loader, cfg, dev_name)


if __name__ == "__main__":
    run()