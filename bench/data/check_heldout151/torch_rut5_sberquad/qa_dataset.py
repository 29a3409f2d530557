import torch
from torch.utils.data import Dataset


class Seq2SeqQADataset(Dataset):
    def __init__(self, src_enc, tgt_enc):
        self.src_enc = src_enc
        self.tgt_enc = tgt_enc

    def __len__(self):
        return len(self.src_enc['input_ids'])

    def __getitem__(self, i):
        rec = {k: torch.tensor(v[i]) for k, v in self.src_enc.items()}
        rec['labels'] = torch.tensor(self.tgt_enc['input_ids'][i])
        return rec
