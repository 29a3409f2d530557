# The same Dataset read by the main process only: nothing is copied.
import os

from torch.utils.data import DataLoader, Dataset


class Folder(Dataset):
    def __init__(self, root):
        self.paths = [os.path.join(root, f) for f in os.listdir(root)]

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return self.paths[i]


loader = DataLoader(Folder("train"), batch_size=32, num_workers=0)
