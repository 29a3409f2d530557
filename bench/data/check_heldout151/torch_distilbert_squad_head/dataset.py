import torch


class SpanDataset(torch.utils.data.Dataset):
    def __init__(self, enc):
        self.enc = enc

    def __getitem__(self, i):
        # i may also be a slice such as 1:100
        return {k: torch.tensor(v[i]) for k, v in self.enc.items()}

    def __len__(self):
        return len(self.enc.input_ids)


if __name__ == '__main__':
    # quick smoke test
    from preprocess import SpanPreprocessor
    from torch.utils.data import DataLoader

    pp = SpanPreprocessor()
    tr_enc, va_enc = pp.get_encodings(random_sample_train=0.001, random_sample_val=0.1, return_tensors="pt")

    tr_ds = SpanDataset(tr_enc)
    tr_dl = DataLoader(tr_ds, batch_size=64)

    for mb in tr_dl:
        print(len(mb))
