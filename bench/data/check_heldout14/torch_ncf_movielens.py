# -*- coding: utf-8 -*-
"""
NCF recommender for MovieLens-25M: build the splits, define the net, fit it.

(re-expressed from a public NCF project; labels.json names the source)
"""
import os
import time
import pandas as pd
import numpy as np
from tqdm import tqdm
import torch
import torch.nn as nn
import pytorch_lightning as pl
from torch.utils.data import random_split, DataLoader, Dataset
from pytorch_lightning.loggers import WandbLogger
from pytorch_lightning.callbacks import EarlyStopping, ModelCheckpoint
import wandb


def make_rating_splits(ratings_path):
    """
    Leave-last-out split of the ratings table.

    Gives back three frames:
        the full table (userId, movieId, timestamp, ...),
        the training pairs with an is_rated flag,
        the held-out latest pair of every user.
    """
    # read every rating row
    ratings_df = pd.read_csv(ratings_path, parse_dates=["timestamp"])

    # order each user's ratings from newest to oldest
    ratings_df["rank"] = ratings_df.groupby("userId")["timestamp"].rank(method="first", ascending=False)

    # everything but the newest rating goes to training
    train_df = ratings_df.loc[ratings_df["rank"] != 1, ["userId", "movieId"]]
    train_df["is_rated"] = 1

    # the newest rating of each user is the test pair
    test_df = ratings_df.loc[ratings_df["rank"] == 1, ["userId", "movieId"]]

    return ratings_df, train_df, test_df


class RatingTrainDataset(Dataset):
    def __init__(self, ratings_df, train_df):
        """
        Implicit-feedback training pairs with sampled negatives.
        """
        self.user_ids, self.item_ids, self.label_vals = self.build_dataset_tensors(ratings_df, train_df)

    def __len__(self):
        return len(self.user_ids)

    def __getitem__(self, pos):
        return self.user_ids[pos], self.item_ids[pos], self.label_vals[pos]

    def build_dataset_tensors(self, ratings_df, train_df):
        """
        Collect positive and sampled negative pairs as tensors.

        Gives back:
            user id tensor,
            item id tensor,
            0/1 label tensor.
        """
        all_movie_ids = ratings_df["movieId"].unique()

        seen_pairs = set(zip(ratings_df["userId"], ratings_df["movieId"]))
        train_pairs = set(zip(train_df["userId"], train_df["movieId"]))

        user_list, item_list, label_list = [], [], []
        n_neg = 4
        for uid, iid in tqdm(train_pairs, desc="sampling negatives"):
            user_list.append(uid)
            item_list.append(iid)
            label_list.append(1)
            for _ in range(n_neg):
                neg_item = np.random.choice(all_movie_ids)
                while (uid, neg_item) in seen_pairs:
                    neg_item = np.random.choice(all_movie_ids)
                user_list.append(uid)
                item_list.append(neg_item)
                label_list.append(0)

        return torch.tensor(user_list), torch.tensor(item_list), torch.tensor(label_list)


class RatingDataModule(pl.LightningDataModule):
    def __init__(self, full_dataset, batch_len=1024):
        super().__init__()
        self.full_dataset = full_dataset
        self.batch_len = batch_len

    def setup(self, stage=None):
        n_all = len(self.full_dataset)
        n_train = round(n_all * 0.9)
        n_val = n_all - n_train
        self.train_subset, self.val_subset = random_split(self.full_dataset, [n_train, n_val])

    def train_dataloader(self):
        return DataLoader(self.train_subset, batch_size=self.batch_len, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_subset, batch_size=self.batch_len, shuffle=False)


class NeuralCF(pl.LightningModule):
    def __init__(self, n_users, n_items, emb_dim=8):
        """
        Embedding + MLP recommender (NCF).
        """
        super().__init__()

        self.save_hyperparameters()

        self.user_table = nn.Embedding(num_embeddings=n_users,
                                           embedding_dim=emb_dim)
        self.item_table = nn.Embedding(num_embeddings=n_items,
                                           embedding_dim=emb_dim)
        self.hidden1 = nn.Linear(in_features=emb_dim * 2, out_features=64)
        self.hidden2 = nn.Linear(in_features=64, out_features=32)
        self.drop1 = nn.Dropout(0.2)
        self.drop2 = nn.Dropout(0.2)
        self.head = nn.Linear(in_features=32, out_features=1)

    def forward(self, user_x, item_x):
        user_vec = self.user_table(user_x)
        item_vec = self.item_table(item_x)
        h = torch.cat([user_vec, item_vec], dim=-1)
        h = nn.ReLU()(self.hidden1(h))
        h = self.drop1(h)
        h = nn.ReLU()(self.hidden2(h))
        h = self.drop2(h)
        logit = self.head(h)
        return logit

    def training_step(self, batch_in, batch_no):
        user_x, item_x, batch_labels = batch_in
        pred_labels = self.forward(user_x, item_x)
        step_loss = nn.BCEWithLogitsLoss()(pred_labels, batch_labels.view(-1,
                                                                    1).float())
        self.log("train_loss",
                 step_loss,
                 on_step=True,
                 on_epoch=True,
                 prog_bar=True)
        return step_loss

    def validation_step(self, batch_in, batch_no):
        user_x, item_x, batch_labels = batch_in
        pred_labels = self.forward(user_x, item_x)
        step_loss = nn.BCEWithLogitsLoss()(pred_labels, batch_labels.view(-1,
                                                                    1).float())
        self.log("val_loss", step_loss, on_step=False, on_epoch=True, prog_bar=True)
        return step_loss

    def configure_optimizers(self):
        adam_optimizer = torch.optim.Adam(self.parameters(), lr=1e-3, weight_decay=1e-4)
        return adam_optimizer


# wandb sign-in
wandb.login()

# open a wandb run
wandb.init()

# logger that reports to wandb
wandb_logger = WandbLogger(
    name="ncf",
    entity='jo',
    log_model=True,
)

# current folder
work_dir = os.getcwd()

# stop when val_loss stops improving
stopper = EarlyStopping(monitor="val_loss", patience=10, mode='min')

# keep the best checkpoint by val_loss
best_ckpt_cb = ModelCheckpoint(
    monitor='val_loss',
    filename='sample-movielens-{epoch:02d}-{val_loss:.2f}',
    save_top_k=1,
    mode='min')

# build the leave-last-out splits
ratings_df, train_df, test_df = make_rating_splits(
    os.path.join(work_dir, 'ml-25m', 'ratings.csv'))

# positives plus sampled negatives
ratings_dataset = RatingTrainDataset(ratings_df, train_df)

# Lightning data module around it
data_module = RatingDataModule(ratings_dataset)

# id ranges for the embedding tables
n_users = ratings_df['userId'].max() + 1
n_items = ratings_df['movieId'].max() + 1

# the network
ncf_model = NeuralCF(n_users, n_items)

# Lightning trainer
pl_trainer = pl.Trainer(max_epochs=-1,
                     min_epochs=1,
                     profiler='simple',
                     accelerator="gpu",
                     devices=-1,
                     precision=16,
                     callbacks=[stopper, best_ckpt_cb],
                     val_check_interval=0.1,
                     logger=wandb_logger,
                     accumulate_grad_batches=1)

# fit
pl_trainer.fit(ncf_model, datamodule=data_module)

# path of the best checkpoint (value unused)
best_ckpt_cb.best_model_path

model_file = f'best_model-{int(time.time())}'
torch.save(ncf_model.state_dict(), model_file)

# close the wandb run
wandb.finish()
