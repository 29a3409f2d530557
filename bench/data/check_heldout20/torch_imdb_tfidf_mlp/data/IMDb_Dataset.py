import os
import torch
from torch.utils.data import Dataset
import re
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import LabelEncoder
import numpy as np

from sklearn.feature_extraction.text import TfidfVectorizer
import torch

class ReviewTfidfDataset(Dataset):
    def __init__(self, pos_folder, neg_folder, text_transform=None):
        self.texts = []
        self.review_labels = []
        self.stars = []
        self.text_transform = text_transform
        
        # TF-IDF over at most 10k terms
        self.tfidf = TfidfVectorizer(max_features=10000)

        # positives get label 1, negatives label 0
        self._read_data_dir(pos_folder, 1)
        self._read_data_dir(neg_folder, 0)

        # the vocabulary is learnt from every review of this split
        corpus_texts = self.texts
        self.tfidf.fit(corpus_texts)

    def _read_data_dir(self, folder, class_label):
        for fname in os.listdir(folder):
            if fname.endswith(".txt"):
                txt_path = os.path.join(folder, fname)
                with open(txt_path, 'r', encoding='utf-8') as fh:
                    body = fh.read().strip()
                # the star rating is the number after the underscore
                found = re.match(r"\d+_(\d+)\.txt", fname)
                if found:
                    star = int(found.group(1))  # parsed from the name
                    self.texts.append(body)
                    self.review_labels.append(class_label)
                    self.stars.append(star)

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, idx):
        body = self.texts[idx]
        class_label = self.review_labels[idx]
        star = self.stars[idx]
        
        # one review becomes a dense TF-IDF row
        tfidf_row = self.tfidf.transform([body]).toarray()  # sparse to dense, then to a tensor
        features = torch.tensor(tfidf_row, dtype=torch.float32)

        return features.squeeze(0), class_label, star
