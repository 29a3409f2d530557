import json
import glob
import torch
from torch.utils.data import Dataset

class TokenFileSet(Dataset):
    def __init__(self, tok_dir, max_len=512):
        self.paths = glob.glob(f"{tok_dir}/*.json")
        self.max_len = max_len

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        record = json.load(open(self.paths[i]))
        tokens = record["ids"]
        src = tokens[:-1][:self.max_len]
        tgt = tokens[1:][:self.max_len]
        return torch.tensor(src), torch.tensor(tgt)
