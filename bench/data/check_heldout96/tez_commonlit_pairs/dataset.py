from numpy import random
import torch
import numpy as np
import psutil


class PairReadabilityDataset:
    def __init__(self, pairs, score_lookup, error_dict, tokenizer, max_len, num_samples=None):
        self.pairs = pairs
        self.score_lookup = score_lookup
        self.error_dict = error_dict
        self.tokenizer = tokenizer
        self.max_len = max_len
        self.num_samples = num_samples
        self.calls = 0

    def __len__(self):
        if self.num_samples is None:
            return len(self.pairs)
        return self.num_samples

    def __getitem__(self, idx):
        if self.num_samples is not None:
            self.calls += 1
            if self.calls >= self.num_samples / psutil.cpu_count():
                self.calls = 0
                random.shuffle(self.pairs)

        second = str(self.pairs[idx][1])
        first = str(self.pairs[idx][0])
        scores = [
            self.score_lookup[first],
            self.score_lookup[second],
        ]

        enc_b = self.tokenizer(second, max_length=self.max_len, padding="max_length", truncation=True)
        enc_a = self.tokenizer(first, max_length=self.max_len, padding="max_length", truncation=True)

        ids_b = enc_b["input_ids"]
        mask_b = enc_b["attention_mask"]

        ids_a = enc_a["input_ids"]
        mask_a = enc_a["attention_mask"]

        return {
            "ids1": torch.tensor(ids_b, dtype=torch.long),
            "mask1": torch.tensor(mask_b, dtype=torch.long),
            "ids2": torch.tensor(ids_a, dtype=torch.long),
            "mask2": torch.tensor(mask_a, dtype=torch.long),
            "targets": torch.tensor(scores, dtype=torch.float),
        }
