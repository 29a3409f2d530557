import logging
from pathlib import Path

import numpy as np
import pandas as pd
import torch
from sqlalchemy.orm import Session
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from .config import DB_URL, DEMAND_DATA, MODEL_PATH_LSTM, ModelName
from .database import ModelVersion, init_db
from .logger import setup_logging
from .utils import load_data, log_to_mlflow

log = logging.getLogger(__name__)
db = init_db(DB_URL)

LOOKBACK = 24
INPUT_COLS = ["trip_count", "pickup_hour", "pickup_dow", "temperature_2m", "precipitation", "snowfall", "is_holiday"]


def make_windows(
    table: pd.DataFrame, lookback: int = LOOKBACK, frac: float = 0.8
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    xs_fit, ys_fit, xs_hold, ys_hold = [], [], [], []

    for _, zone in table.groupby("PULocationID"):
        zone = zone.sort_values("pickup_hour_ts")
        feats = zone[INPUT_COLS].values
        trips = zone["trip_count"].values
        split_at = int(len(trips) * frac)

        for t in range(split_at - lookback):
            xs_fit.append(feats[t : t + lookback])
            ys_fit.append(trips[t + lookback])

        for t in range(split_at, len(trips) - lookback):
            xs_hold.append(feats[t : t + lookback])
            ys_hold.append(trips[t + lookback])

    X_fit = np.array(xs_fit, dtype=np.float32)
    y_fit = np.array(ys_fit, dtype=np.float32)
    X_hold = np.array(xs_hold, dtype=np.float32)
    y_hold = np.array(ys_hold, dtype=np.float32)

    return X_fit, X_hold, y_fit, y_hold


class DemandLSTM(nn.Module):
    def __init__(self, hidden_size: int = 64, num_layers: int = 2):
        super().__init__()
        self.lstm = nn.LSTM(
            input_size=len(INPUT_COLS),
            hidden_size=hidden_size,
            num_layers=num_layers,
            batch_first=True,
        )
        self.fc = nn.Linear(hidden_size, 1)

    def forward(self, x):
        seq, _ = self.lstm(x)
        return self.fc(seq[:, -1, :]).squeeze()


def fit(
    X_fit: np.ndarray,
    y_fit: np.ndarray,
    epochs: int = 3,
    batch_size: int = 512,
    lr: float = 0.001,
) -> DemandLSTM:
    pairs = TensorDataset(torch.tensor(X_fit), torch.tensor(y_fit))
    batches = DataLoader(pairs, batch_size=batch_size, shuffle=True)

    net = DemandLSTM()
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    mse = nn.MSELoss()

    for ep in range(epochs):
        net.train()
        running = 0
        for step, (xb, yb) in enumerate(batches):
            opt.zero_grad()
            out = net(xb)
            loss = mse(out, yb)
            loss.backward()
            opt.step()
            running += loss.item()
            if (step + 1) % 100 == 0:
                log.info(f"epoch {ep + 1}/{epochs} step {step + 1}/{len(batches)} mse {loss.item():.4f}")
        log.info(f"epoch {ep + 1}/{epochs} mean mse {running / len(batches):.4f}")

    return net


def score(net: DemandLSTM, X_hold: np.ndarray, y_hold: np.ndarray) -> tuple[float, float]:
    net.eval()
    with torch.no_grad():
        guess = net(torch.tensor(X_hold)).numpy()
    mae = float(np.mean(np.abs(guess - y_hold)))
    mape = float(np.mean(np.abs((guess - y_hold) / np.where(y_hold == 0, 1, y_hold))))
    log.info(f"mae {mae:.2f} trips, mape {mape:.1%}")
    return mae, mape


def write_weights(net: DemandLSTM, path: Path) -> None:
    if path.exists():
        path.replace(path.with_suffix(".prev.pt"))
    torch.save(net.state_dict(), path)
    log.info(f"weights written to {path}")


def record_version(mae: float) -> None:
    with Session(db) as session:
        session.add(ModelVersion(name=ModelName.DEMAND_LSTM.value, mae=mae))
        session.commit()


def run() -> None:
    table = load_data(DEMAND_DATA)
    X_fit, X_hold, y_fit, y_hold = make_windows(table)
    net = fit(X_fit, y_fit)
    mae, mape = score(net, X_hold, y_hold)
    MODEL_PATH_LSTM.parent.mkdir(exist_ok=True)
    write_weights(net, MODEL_PATH_LSTM)
    log_to_mlflow(
        ModelName.DEMAND_LSTM.value,
        mae,
        INPUT_COLS,
        {"epochs": 3, "batch_size": 512, "lr": 0.001, "window_size": LOOKBACK, "hidden_size": 64, "num_layers": 2},
        mape=mape,
        experiment="demand",
    )
    record_version(mae)


if __name__ == "__main__":
    setup_logging()
    run()
