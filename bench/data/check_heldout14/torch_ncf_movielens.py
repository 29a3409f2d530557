# -*- coding: utf-8 -*-
"""
Neural Collaborative Filtering on MovieLens 25M (data preparation, model, training).

Author: [Ou Jin]
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


def split_ratings_data(dir):
    """
    Split the ratings data into training and test sets.

    Returns:
        pandas.DataFrame: The original ratings data containing columns 'userId', 'movieId', and 'timestamp'.
        pandas.DataFrame: The training ratings data containing columns 'userId', 'movieId', and 'is_rated'.
        pandas.DataFrame: The test ratings data containing columns 'userId' and 'movieId'.
    """
    # Load the ratings data from the file and sample a specified number of rows
    df = pd.read_csv(dir, parse_dates=["timestamp"])

    # Calculate the rank based on timestamp for each user
    df["rank"] = df.groupby("userId")["timestamp"].rank(method="first", ascending=False)

    # Create the training ratings data by excluding rows with rank equal to 1
    df_train = df.loc[df["rank"] != 1, ["userId", "movieId"]]
    df_train["is_rated"] = 1

    # Create the test ratings data by selecting rows with rank equal to 1
    df_test = df.loc[df["rank"] == 1, ["userId", "movieId"]]

    return df, df_train, df_test


class MovieLensTrainDataset(Dataset):
    def __init__(self, df, df_train):
        """
        MovieLens training dataset for collaborative filtering.
        """
        self.users, self.items, self.labels = self.get_dataset(df, df_train)

    def __len__(self):
        return len(self.users)

    def __getitem__(self, idx):
        return self.users[idx], self.items[idx], self.labels[idx]

    def get_dataset(self, df, df_train):
        """
        Prepare the training dataset for collaborative filtering.

        Returns:
            torch.Tensor: Tensor of user IDs.
            torch.Tensor: Tensor of item IDs.
            torch.Tensor: Tensor of labels.
        """
        movieId = df["movieId"].unique()

        user_item = set(zip(df["userId"], df["movieId"]))
        user_item_train = set(zip(df_train["userId"], df_train["movieId"]))

        users, items, labels = [], [], []
        num_negatives = 4
        for u, i in tqdm(user_item_train, desc="Creating training dataset"):
            users.append(u)
            items.append(i)
            labels.append(1)
            for _ in range(num_negatives):
                negative_item = np.random.choice(movieId)
                while (u, negative_item) in user_item:
                    negative_item = np.random.choice(movieId)
                users.append(u)
                items.append(negative_item)
                labels.append(0)

        return torch.tensor(users), torch.tensor(items), torch.tensor(labels)


class MovieLensTrainDataModule(pl.LightningDataModule):
    def __init__(self, dataset, batch_size=1024):
        super().__init__()
        self.dataset = dataset
        self.batch_size = batch_size

    def setup(self, stage=None):
        full_ds_size = len(self.dataset)
        train_ds_size = round(full_ds_size * 0.9)
        val_ds_size = full_ds_size - train_ds_size
        self.ds_train, self.ds_val = random_split(self.dataset, [train_ds_size, val_ds_size])

    def train_dataloader(self):
        return DataLoader(self.ds_train, batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.ds_val, batch_size=self.batch_size, shuffle=False)


class NCF(pl.LightningModule):
    def __init__(self, num_users, num_items, embedding_dim=8):
        """
        Neural Collaborative Filtering (NCF) model for recommendation.
        """
        super().__init__()

        self.save_hyperparameters()

        self.user_embedding = nn.Embedding(num_embeddings=num_users,
                                           embedding_dim=embedding_dim)
        self.item_embedding = nn.Embedding(num_embeddings=num_items,
                                           embedding_dim=embedding_dim)
        self.fc1 = nn.Linear(in_features=embedding_dim * 2, out_features=64)
        self.fc2 = nn.Linear(in_features=64, out_features=32)
        self.dropout1 = nn.Dropout(0.2)
        self.dropout2 = nn.Dropout(0.2)
        self.output = nn.Linear(in_features=32, out_features=1)

    def forward(self, user_input, item_input):
        user_embedded = self.user_embedding(user_input)
        item_embedded = self.item_embedding(item_input)
        vector = torch.cat([user_embedded, item_embedded], dim=-1)
        vector = nn.ReLU()(self.fc1(vector))
        vector = self.dropout1(vector)
        vector = nn.ReLU()(self.fc2(vector))
        vector = self.dropout2(vector)
        pred = self.output(vector)
        return pred

    def training_step(self, batch, batch_idx):
        user_input, item_input, labels = batch
        predicted_labels = self.forward(user_input, item_input)
        loss = nn.BCEWithLogitsLoss()(predicted_labels, labels.view(-1,
                                                                    1).float())
        self.log("train_loss",
                 loss,
                 on_step=True,
                 on_epoch=True,
                 prog_bar=True)
        return loss

    def validation_step(self, batch, batch_idx):
        user_input, item_input, labels = batch
        predicted_labels = self.forward(user_input, item_input)
        loss = nn.BCEWithLogitsLoss()(predicted_labels, labels.view(-1,
                                                                    1).float())
        self.log("val_loss", loss, on_step=False, on_epoch=True, prog_bar=True)
        return loss

    def configure_optimizers(self):
        optimizer = torch.optim.Adam(self.parameters(), lr=1e-3, weight_decay=1e-4)
        return optimizer


# Login to Wandb
wandb.login()

# Initialize Wandb run
wandb.init()

# Configure Wandb logger
logger = WandbLogger(
    name="ncf",
    entity='jo',
    log_model=True,
)

# Get the current working directory
cwd = os.getcwd()

# Configure EarlyStopping callback
early_stopping = EarlyStopping(monitor="val_loss", patience=10, mode='min')

# Configure ModelCheckpoint callback
checkpoint_callback = ModelCheckpoint(
    monitor='val_loss',
    filename='sample-movielens-{epoch:02d}-{val_loss:.2f}',
    save_top_k=1,
    mode='min')

# Split the ratings data
df, df_train, df_test = split_ratings_data(
    os.path.join(cwd, 'ml-25m', 'ratings.csv'))

# Create the dataset
dataset = MovieLensTrainDataset(df, df_train)

# Create the data module
dm = MovieLensTrainDataModule(dataset)

# Determine the number of users and items
num_users = df['userId'].max() + 1
num_items = df['movieId'].max() + 1

# Create the model
model = NCF(num_users, num_items)

# Create the trainer
trainer = pl.Trainer(max_epochs=-1,
                     min_epochs=1,
                     profiler='simple',
                     accelerator="gpu",
                     devices=-1,
                     precision=16,
                     callbacks=[early_stopping, checkpoint_callback],
                     val_check_interval=0.1,
                     logger=logger,
                     accumulate_grad_batches=1)

# Train the model
trainer.fit(model, datamodule=dm)

# Save the best model checkpoint
checkpoint_callback.best_model_path

model_name = f'best_model-{int(time.time())}'
torch.save(model.state_dict(), model_name)

# Finish Wandb run
wandb.finish()
