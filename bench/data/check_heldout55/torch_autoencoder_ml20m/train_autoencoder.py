"""Fit a user-row autoencoder on MovieLens 20M ratings.

The last user row is our own ratings, held out
for checking.
"""
import json

import numpy as np
import torch
from torch import nn
from tqdm import tqdm

from models.ae_net import RatingAutoEncoder
from trainer.ratings_loader import (RatingSubset,
                                    RatingTable)

if __name__ == "__main__":
    CSV_PATH = "~/data/ml-20m/rating.csv"
    WEIGHTS_OUT = "../out/ae_weights.pth"

    table = RatingTable(CSV_PATH, keep_share=1.0)

    with open("../out/my_ratings.json", "r", encoding="utf-8") as fh:
        my_ratings = json.load(fh)

    my_ratings = {int(key): val for key, val in my_ratings.items()}
    table.append_user(my_ratings, new_id=True)

    held_users = table.data["userId"].max()
    held_users = np.array(held_users)[np.newaxis]

    N_EPOCHS = 100
    STEP_SIZE = 0.1
    USERS_PER_STEP = 10240
    HIDDEN = 512

    device = torch.device("cuda:1" if torch.cuda.is_available() else "cpu")

    fit_part = RatingSubset(
        table.data.query(f"userId < {held_users[0]}")
    )
    held_out = RatingSubset(
        table.data.query(f"userId >= {held_users[0]}")
    )

    # note: this matrix and its tensor copy are each ~14 GB
    dense_r: np.ndarray = np.zeros(
        (table.user_idx.shape[0], table.item_idx.shape[0]), dtype=np.float32
    )
    dense_r[
        table.data["userId"].values, table.data["movieId"].values
    ] = table.data["rating"].values
    dense_r_t = torch.tensor(
        dense_r, dtype=torch.float32, device="cpu"
    )
    seen_mask = dense_r_t != 0

    fit_users = fit_part.data["userId"].unique()

    mu = torch.tensor(
        fit_part.data["rating"].mean(), device=device, dtype=torch.float32
    )

    ae = RatingAutoEncoder(  # pylint: disable=invalid-name
        table.item_idx.shape[0], HIDDEN, mu.item()
    ).to(device)

    opt = torch.optim.SGD(ae.parameters(), lr=STEP_SIZE, momentum=0.9)
    mse = nn.MSELoss()

    bar = tqdm(range(N_EPOCHS), desc="epochs")
    for _ in bar:
        fit_errs = []
        for lo in range(0, fit_users.shape[0], USERS_PER_STEP):
            hi = lo + USERS_PER_STEP
            users_b = fit_users[lo:hi]

            rows = dense_r_t[users_b].to(device)  # type: ignore
            seen = seen_mask[users_b].to(device)  # type: ignore
            rows[seen] -= mu

            recon = ae(rows, is_train=True)  # pylint: disable=not-callable

            err = mse(recon[seen], rows[seen])

            opt.zero_grad()
            err.backward()
            opt.step()

            fit_errs.append([err.item()])

        val_errs = []
        with torch.no_grad():
            for lo in range(0, held_users.shape[0], USERS_PER_STEP):
                hi = lo + USERS_PER_STEP
                users_b = held_users[lo:hi]

                rows = dense_r[users_b].to(device)  # type: ignore
                seen = seen_mask[users_b].to(device)  # type: ignore
                rows[seen] -= mu

                recon = ae(rows, is_train=False)  # pylint: disable=not-callable

                err = mse(recon[seen], rows[seen])

                val_errs.append([err.item()])

        bar.set_postfix(
            {"fit_mse": np.mean(fit_errs), "held_mse": np.mean(val_errs)}
        )

    val_errs = []
    with torch.no_grad():
        for lo in range(0, held_users.shape[0], USERS_PER_STEP):
            hi = lo + USERS_PER_STEP
            users_b = held_users[lo:hi]

            rows = dense_r[users_b].to(device)  # type: ignore
            seen = seen_mask[users_b].to(device)  # type: ignore
            rows[seen] -= mu

            recon = ae(rows, is_train=False)  # pylint: disable=not-callable

            err = mse(recon[seen], rows[seen])

            val_errs.append([err.item()])

    torch.save(ae.state_dict(), WEIGHTS_OUT)

    print(
        f"held-out mse {np.mean(val_errs)}, rmse {np.sqrt(np.mean(val_errs))}"
    )
