import ast

import pandas as pd
import torch
from torch.utils.data import Dataset

from app.embeddings.bag_of_words import BagOfWords


class BowMovieSentimentDataset(Dataset):
    """Reviews with their sentiment label."""

    def __init__(self, movie_sentiments: pd.DataFrame, embedding: BagOfWords, binary_vectorizer: bool = True):
        """
        Args:
            movie_sentiments: frame with encoded reviews and labels.
        """
        self.frame = movie_sentiments.copy()
        self.frame["review"] = self.frame["review"]
        self.encoder = embedding
        self.binary = binary_vectorizer

    @classmethod
    def from_csv(cls, csv_file: str, embedding: BagOfWords, binary_vectorizer: bool = True):
        frame = pd.read_csv(csv_file).apply(ast.literal_eval)
        return cls(frame, embedding, binary_vectorizer)

    def __len__(self):
        return len(self.frame)

    def __getitem__(self, idx):
        if torch.is_tensor(idx):
            idx = idx.tolist()

        ids = self.frame.iloc[idx, 0]
        vec = self.encoder.spread_indices(ids, self.binary)

        label = self.frame.iloc[idx, 1]

        item = {'review': vec, 'sentiment': label}

        return item
