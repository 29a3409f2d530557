import torch


class CubeSet(torch.utils.data.Dataset):
    def __init__(self, feats, labels):
        self.feats = torch.FloatTensor(feats)
        self.labels = torch.LongTensor(labels)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, k):
        return self.feats[k], self.labels[k]