import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
run_device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

# (user, item, rating) triplets served to a DataLoader for train and validation batches

class RatingTripletsDataset(Dataset):
    def __init__(self, ratings_df, user_pos=0, item_pos=1, rating_pos=2):
        self.ratings_df = ratings_df
        self.user_ids = torch.tensor(self.ratings_df.iloc[:,user_pos], dtype=torch.long, device = run_device)
        self.item_ids = torch.tensor(self.ratings_df.iloc[:,item_pos], dtype=torch.long, device = run_device)
        self.target_ratings = torch.tensor(self.ratings_df.iloc[:,rating_pos], dtype=torch.float32, device = run_device)
        
    def __getitem__(self, idx):
        return(self.user_ids[idx], self.item_ids[idx], self.target_ratings[idx])

    def __len__(self):
        return(self.user_ids.shape[0])