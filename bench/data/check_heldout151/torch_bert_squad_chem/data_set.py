import torch


class SpanQADataset(torch.utils.data.Dataset):
    def __init__(self, enc):
        self.enc = enc

    def __getitem__(self, i):
        try:
            return {k: torch.tensor(v[i]) for k, v in self.enc.items()}
        except:
            return None

    def __len__(self):
        return len(self.enc.input_ids)
