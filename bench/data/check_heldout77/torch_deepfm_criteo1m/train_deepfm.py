import os
import json
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from sklearn.metrics import roc_auc_score, log_loss

from dataset import ClickTable
from models.deepfm import DeepFM

TRAIN_CSV = "data/processed/train_processed.csv"
VALID_CSV = "data/processed/valid_processed.csv"
TEST_CSV = "data/processed/test_processed.csv"

CKPT_DIR = "outputs/models"
REPORT_DIR = "outputs/results"

CAT_COLS = [f"catCol_{i}" for i in range(26)]

BATCH = 1024
N_EPOCHS = 3
LR = 1e-3
DEV = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def vocab_per_field(csv_path):
    cats = pd.read_csv(csv_path, usecols=CAT_COLS)
    sizes = []
    for col in CAT_COLS:
        sizes.append(int(cats[col].max()) + 1)
    return sizes


def score(net, loader, dev):
    net.eval()

    ys = []
    ps = []

    with torch.no_grad():
        for batch in loader:
            num_x = batch["dense_x"].to(dev)
            cat_x = batch["sparse_x"].to(dev)
            y = batch["label"].to(dev)

            logit = net(num_x, cat_x)
            p = torch.sigmoid(logit)

            ys.extend(y.cpu().numpy())
            ps.extend(p.cpu().numpy())

    ys = np.array(ys)
    ps = np.array(ps)

    auc = roc_auc_score(ys, ps)
    ll = log_loss(ys, ps)

    return auc, ll


def main():
    os.makedirs(CKPT_DIR, exist_ok=True)
    os.makedirs(REPORT_DIR, exist_ok=True)

    print("reading the three splits ...")
    train_set = ClickTable(TRAIN_CSV)
    valid_set = ClickTable(VALID_CSV)
    test_set = ClickTable(TEST_CSV)

    train_loader = DataLoader(train_set, batch_size=BATCH, shuffle=True)
    valid_loader = DataLoader(valid_set, batch_size=BATCH, shuffle=False)
    test_loader = DataLoader(test_set, batch_size=BATCH, shuffle=False)

    print("counting categories per field ...")
    sizes = vocab_per_field(TRAIN_CSV)

    print("building DeepFM ...")
    net = DeepFM(vocab_sizes=sizes, embed_dim=8).to(DEV)

    criterion = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(net.parameters(), lr=LR)

    best_auc = 0.0
    best_path = os.path.join(CKPT_DIR, "deepfm_best.pth")

    print(f"training on {DEV}")
    for ep in range(N_EPOCHS):
        net.train()
        step_losses = []

        for batch in train_loader:
            num_x = batch["dense_x"].to(DEV)
            cat_x = batch["sparse_x"].to(DEV)
            y = batch["label"].to(DEV)

            opt.zero_grad()

            logit = net(num_x, cat_x)
            loss = criterion(logit, y)

            loss.backward()
            opt.step()

            step_losses.append(loss.item())

        tr_loss = float(np.mean(step_losses))
        va_auc, va_ll = score(net, valid_loader, DEV)

        print(
            f"epoch {ep + 1}/{N_EPOCHS} "
            f"loss {tr_loss:.6f} "
            f"valid auc {va_auc:.6f} "
            f"valid logloss {va_ll:.6f}"
        )

        if va_auc > best_auc:
            best_auc = va_auc
            torch.save(net.state_dict(), best_path)
            print(f"best so far saved to {best_path}")

    print("reloading the best weights for the test split ...")
    net.load_state_dict(torch.load(best_path, map_location=DEV))

    te_auc, te_ll = score(net, test_loader, DEV)

    print(f"best valid auc {best_auc:.6f}")
    print(f"test auc {te_auc:.6f}")
    print(f"test logloss {te_ll:.6f}")

    report_path = os.path.join(REPORT_DIR, "deepfm_metrics.json")
    report = {
        "model": "DeepFM",
        "batch_size": BATCH,
        "epochs": N_EPOCHS,
        "learning_rate": LR,
        "best_valid_auc": best_auc,
        "test_auc": te_auc,
        "test_logloss": te_ll
    }

    with open(report_path, "w", encoding="utf-8") as fh:
        json.dump(report, fh, ensure_ascii=False, indent=4)

    print(f"metrics written to {report_path}")


if __name__ == "__main__":
    main()
