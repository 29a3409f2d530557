from torch.utils.data import Dataset
from PIL import Image


class ClipFrameSet(Dataset):
    def __init__(self, paths, transform=None):
        self.paths = paths
        self.transform = transform

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        fp = self.paths[i]
        try:
            pic = Image.open(fp).convert("RGB")
            if self.transform:
                pic = self.transform(pic)
            return pic
        except Exception as err:
            print(f"Could not read {fp}: {err}")
            return None
