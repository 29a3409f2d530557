import torch
from torch.utils.data import Dataset
import json
from pathlib import Path

class EventWindowSet(Dataset):
    def __init__(self, jsonl_path, vocab, window=100):
        self.window = window
        self.pairs = []

        # read one token list per line and map it to ids
        with open(jsonl_path, "r") as fh:
            for row in fh:
                toks = json.loads(row)
                ids = [vocab[t] for t in toks if t in vocab]

                # every position gives one (context, next) pair
                for k in range(0, len(ids) - window):
                    ctx = ids[k:k + window]
                    nxt = ids[k + window]  # the following token
                    self.pairs.append((ctx, nxt))

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, k):
        ctx, nxt = self.pairs[k]
        return torch.tensor(ctx, dtype=torch.long), torch.tensor(nxt, dtype=torch.long)
