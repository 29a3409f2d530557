from torch.utils.data import Dataset
class PhoneFrameDataset(Dataset):
    def __init__(self, feats, labels=None):
        self.feat_items = feats
        if labels is not None:
            self.label_items = labels
        else:
            self.label_items = None

    def __getitem__(self, index):
        if self.label_items is not None:
            return self.feat_items[index], self.label_items[index]
        else:
            return self.feat_items[index]

    def __len__(self):
        return len(self.feat_items)