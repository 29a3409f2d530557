import numpy as np
import pandas as pd
from sklearn import model_selection
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset, Subset

import matplotlib.pyplot as plt
import seaborn as sns
sns.set_theme()

from utils import (
    CudaUtils, EncoderUtils, RatingsPredictorGMF, RatingsPredictorMLP
)


class RatingTripletsDataset(Dataset):
    def __init__(self, user_ids, rating_vals, book_ids):
        self.user_ids = user_ids
        self.rating_vals = rating_vals
        self.book_ids = book_ids

    def __len__(self):
        return len(self.user_ids)

    def __getitem__(self, k_idx):
        return {
            'users': torch.tensor(self.user_ids[k_idx], dtype=torch.long),
            'ratings': torch.tensor(self.rating_vals[k_idx], dtype=torch.float32),
            'books': torch.tensor(self.book_ids[k_idx], dtype=torch.long)
        }


class LoaderHelpers:
    batch_n = 50
    def __init__(batch_n=50):
        LoaderHelpers.batch_n = batch_n

    @staticmethod
    def split_train_test(ratings_frame):
        train_part, test_part = model_selection.train_test_split(
            ratings_frame, test_size=0.2, random_state=42, stratify=ratings_frame["rating"].values
            )
        train_dataset = RatingTripletsDataset(
            user_ids=train_part["user_id"].values,
            book_ids=train_part["isbn"].values,
            rating_vals=train_part["rating"].values,
            )
        test_dataset = RatingTripletsDataset(
            user_ids=test_part["user_id"].values,
            book_ids=test_part["isbn"].values,
            rating_vals=test_part["rating"].values,
            )
        train_loader = DataLoader(train_dataset, batch_size=LoaderHelpers.batch_n, shuffle=True, num_workers=2)
        test_loader = DataLoader(test_dataset, batch_size=LoaderHelpers.batch_n, shuffle=True, num_workers=2)
        return {
            "datasets": (train_dataset, test_dataset), 
            "dataloders": (train_loader, test_loader)
            }


class CsvHelpers:
    @staticmethod
    def read_frame(csv_path):
        return pd.read_csv(csv_path)
    
    @staticmethod
    def read_ratings_frame(csv_path):
        # read the csv and the fitted id encoders
        ratings_frame = pd.read_csv(csv_path)
        user_enc, book_enc = EncoderUtils.load_encoders()
        # ids to indices; zero ratings (implicit) dropped
        ratings_frame["user_id"] = user_enc.fit_transform(ratings_frame["user_id"].values)
        ratings_frame["isbn"] = book_enc.fit_transform(ratings_frame["isbn"].values)
        ratings_frame = ratings_frame[ratings_frame["rating"] != 0]
        return ratings_frame
    

class GmfTrainer:
    def __init__(self, adam_lr, decay_gamma, decay_every, fold_count, dev, batch_override=None):
        user_enc, book_enc = EncoderUtils.load_encoders()
        self.n_book_ids = len(book_enc.classes_)
        self.n_user_ids = len(user_enc.classes_)
        self.batch_n = LoaderHelpers.batch_n if not batch_override else batch_override
        self.gmf_model = RatingsPredictorGMF(
                n_books=self.n_book_ids,
                n_users=self.n_user_ids
            ).to(dev)
        self.mse_loss_fn = nn.MSELoss()
        self.adam_optimizer = torch.optim.Adam(self.gmf_model.parameters(), lr=adam_lr)
        self.lr_sched = torch.optim.lr_scheduler.StepLR(self.adam_optimizer, decay_every, gamma=decay_gamma)
        self.kfold = model_selection.KFold(n_splits=fold_count, shuffle=True)


    def show_train_stats(self, train_losses_by_fold, val_losses_by_fold):
        print()
        mean_val_losses = np.mean(val_losses_by_fold, axis=0)
        print("mean validation loss per epoch:", mean_val_losses)
        mean_train_losses = np.mean(train_losses_by_fold, axis=0)
        print("mean train loss per epoch:", mean_train_losses)
        print()
        print("train losses, one row per fold")
        for i, fold_vals in enumerate(train_losses_by_fold):
            print(f"{i+1}: {fold_vals}")
        print("\nvalidation losses, one row per fold")
        for i, fold_vals in enumerate(val_losses_by_fold):
            print(f"{i+1}: {fold_vals}")
        plt.plot(train_losses_by_fold)
        plt.show()
        plt.plot(val_losses_by_fold)
        plt.show()


    def show_test_stats(self, miss_counts, miss_ratios):
        print()
        print(f"batches scored: {len(miss_ratios)}")
        print(f"fewest misses in a batch: {min(miss_counts)}")
        print(f"most misses in a batch: {max(miss_counts)}")
        print(f"overall miss ratio: {sum(miss_counts)/(self.batch_n*len(miss_counts))}")
        print()
        plt.plot(miss_ratios)
        plt.xlabel("batch")
        plt.ylabel("share of misses")
        plt.show()
        plt.hist(miss_ratios, bins=50)
        plt.xlabel("share of misses")
        plt.ylabel("batches")
        plt.show()

    
    def save_model_file(self, weights_path):
        torch.save(self.gmf_model.state_dict(), weights_path)


    def train_one_pass(self, train_loader, dev):
        train_loss_sum = 0
        self.gmf_model.train()
        for batch_dict in train_loader:
            batch_users = batch_dict['users'].to(dev)
            batch_books = batch_dict['books'].to(dev)
            batch_ratings = batch_dict['ratings'].view(-1, 1).to(dev)
            self.adam_optimizer.zero_grad()
            preds = self.gmf_model(batch_users, batch_books)
            batch_loss = self.mse_loss_fn(preds, batch_ratings)
            train_loss_sum += batch_loss.item()
            batch_loss.backward()
            self.adam_optimizer.step()
        self.lr_sched.step()
        return (train_loss_sum / len(train_loader))
    

    def validate_one_pass(self, val_loader, dev):
        val_loss_sum = 0
        self.gmf_model.eval()
        with torch.no_grad():
            for batch_dict in val_loader:
                batch_users = batch_dict['users'].to(dev)
                batch_books = batch_dict['books'].to(dev)
                batch_ratings = batch_dict['ratings'].view(-1, 1).to(dev)
                preds = self.gmf_model(batch_users, batch_books)
                val_loss_sum += self.mse_loss_fn(preds, batch_ratings).item()
        return (val_loss_sum / len(val_loader))


    def kfold_train(self, n_epochs, train_dataset, dev):
        val_losses_by_fold = []
        train_losses_by_fold = []
        for fold_i, (train_rows, val_rows) in enumerate(self.kfold.split(train_dataset)):
            print(f"fold {fold_i + 1}")
            train_subset = Subset(train_dataset, train_rows)
            val_subset = Subset(train_dataset, val_rows)
            train_loader = DataLoader(train_subset, batch_size=self.batch_n, shuffle=True)
            val_loader = DataLoader(val_subset, batch_size=self.batch_n, shuffle=False)
            train_epoch_losses = []
            val_epoch_losses = []
            for epoch in range(n_epochs):
                print(f"  epoch {epoch + 1}")
                # fit on the other folds
                train_loss_mean = self.train_one_pass(train_loader, dev)
                train_epoch_losses.append(train_loss_mean)
                print(f"    train loss {train_loss_mean}")
                # score the held-out fold
                val_loss_mean = self.validate_one_pass(val_loader, dev)
                val_epoch_losses.append(val_loss_mean)
                print(f"    validation loss {val_loss_mean}")
            train_losses_by_fold.append(train_epoch_losses)
            val_losses_by_fold.append(val_epoch_losses)
        # the caller may plot these
        return (train_losses_by_fold, val_losses_by_fold)
    
    
    def test_one_pass(self, test_loader, dev, verbose_misses=False):
        miss_counts = []
        miss_ratios = []
        miss_count = 0
        self.gmf_model.eval()
        with torch.no_grad():
            for i, batch_dict in enumerate(test_loader):
                batch_users = batch_dict['users'].to(dev)
                batch_books = batch_dict['books'].to(dev)
                batch_ratings = batch_dict['ratings'].view(-1, 1).to(dev)
                preds = self.gmf_model(batch_users, batch_books)
                for j, (p, t) in enumerate(zip(preds, batch_ratings)):
                    if abs(p - t) > 0.7:
                        print(f"{i, j} : {abs(p - t).item()}") if verbose_misses else None
                        miss_count += 1
                print() if verbose_misses else None
                miss_counts.append(miss_count)
                miss_ratio = miss_count/len(batch_users)
                miss_ratios.append(miss_ratio)
                miss_count = 0
        return (miss_counts, miss_ratios)
    

    def retrain_gmf_model(self, n_epochs):
        raise NotImplementedError


if __name__ == "__main__":
    dev = CudaUtils.get_device()
    gmf_trainer = GmfTrainer(
            adam_lr=0.001,
            decay_gamma=0.9,
            decay_every=1,
            dev=dev,
            fold_count=3
        )
    ratings_frame = CsvHelpers.read_ratings_frame("./main_dataset/updated_ratings.csv")
    split_parts = LoaderHelpers.split_train_test(ratings_frame)
    train_dataset = split_parts["datasets"][0]
    test_loader = split_parts["dataloders"][1]
    # k-fold training on the train split
    train_losses_by_fold, val_losses_by_fold = gmf_trainer.kfold_train(n_epochs=2, train_dataset=train_dataset, dev=dev)
    gmf_trainer.show_train_stats(train_losses_by_fold, val_losses_by_fold)
    # misses on the held-out test split
    miss_counts, miss_ratios = gmf_trainer.test_one_pass(test_loader, dev)
    gmf_trainer.show_test_stats(miss_counts, miss_ratios)
    gmf_trainer.save_model_file("./models/matfac_model.pth")
