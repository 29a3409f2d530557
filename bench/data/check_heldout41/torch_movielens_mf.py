import os

import pandas as pd
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from sklearn import preprocessing
from sklearn import model_selection

ml_root = "./data/ml-1m/"
run_device = "cuda:0" if torch.cuda.is_available() else "cpu"


class RatingTriples(Dataset):
    def __init__(self, frame):
        self.frame = frame
        self.user_col = frame.user_id.values
        self.movie_col = frame.movie_id.values
        self.score_col = frame.rating.values

    def __len__(self):
        return len(self.frame)

    def __getitem__(self, pos):
        uid = self.user_col[pos]
        mid = self.movie_col[pos]
        score = self.score_col[pos]

        return {
            "u": torch.tensor(uid, dtype=torch.long),
            "m": torch.tensor(mid, dtype=torch.long),
            "r": torch.tensor(score, dtype=torch.float),
        }


class BiasedMF(nn.Module):
    def __init__(self, n_users, n_movies, rank):
        super().__init__()

        self.u_factors = nn.Embedding(n_users, rank)
        self.m_factors = nn.Embedding(n_movies, rank)

        self.u_offset = nn.Embedding(n_users, 1)
        self.m_offset = nn.Embedding(n_movies, 1)

    def forward(self, uid, mid):
        u_vec = self.u_factors(uid)
        m_vec = self.m_factors(mid)

        u_off = self.u_offset(uid)
        m_off = self.m_offset(mid)

        score = (
            (u_vec * m_vec).sum(1) + torch.squeeze(u_off) + torch.squeeze(m_off)
        )

        return score


if __name__ == "__main__":

    ratings = pd.read_csv(
        os.path.join(ml_root, "ratings.dat"),
        sep="::",
        engine="python",
        header=None,
        names=["user_id", "movie_id", "rating", "timestamp"],
        encoding="latin-1",
    )

    films = pd.read_csv(
        os.path.join(ml_root, "movies.dat"),
        sep="::",
        engine="python",
        header=None,
        names=["movie_id", "title", "genres"],
        encoding="latin-1",
    )

    user_enc = preprocessing.LabelEncoder()
    movie_enc = preprocessing.LabelEncoder()
    ratings["user_id"] = user_enc.fit_transform(ratings.user_id.values)
    ratings["movie_id"] = movie_enc.fit_transform(ratings.movie_id.values)

    fit_part, hold_part = model_selection.train_test_split(
        ratings, test_size=0.2, random_state=42
    )

    n_users = len(user_enc.classes_)
    n_movies = len(movie_enc.classes_)
    rank = 50

    net = BiasedMF(n_users, n_movies, rank)
    net = net.to(run_device)

    bs = 256

    n_fit = len(fit_part)
    n_hold = len(hold_part)

    fit_set = RatingTriples(fit_part)
    hold_set = RatingTriples(hold_part)

    fit_loader = DataLoader(fit_set, batch_size=bs, shuffle=True)
    hold_loader = DataLoader(hold_set, batch_size=bs, shuffle=False)

    step_size = 5e-4
    decay = 1e-5
    n_epochs = 20

    mse = nn.MSELoss(reduction="sum")
    sgd = torch.optim.SGD(net.parameters(), lr=step_size, weight_decay=decay)

    fit_curve = []
    hold_curve = []

    for ep in range(n_epochs):
        net.train()
        fit_sum = 0.0
        for mb in fit_loader:

            uids = mb["u"].to(run_device)
            mids = mb["m"].to(run_device)
            scores = mb["r"].to(run_device)

            pred = net(uids, mids)

            sgd.zero_grad()
            err = mse(pred, scores)
            err.backward()
            sgd.step()

            fit_sum += err.item()

        net.eval()
        with torch.no_grad():
            hold_sum = 0.0
            for mb in hold_loader:
                uids = mb["u"].to(run_device)
                mids = mb["m"].to(run_device)
                scores = mb["r"].to(run_device)

                pred = net(uids, mids)

                err = mse(pred, scores)
                hold_sum += err.item()

        fit_avg = fit_sum / n_fit
        hold_avg = hold_sum / n_hold

        fit_curve.append(fit_avg)
        hold_curve.append(hold_avg)

        print(f"epoch {ep+1}: fit mse {fit_avg:.5f} | hold-out mse {hold_avg:.5f}")
