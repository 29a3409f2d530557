from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
from PIL import Image
import pandas as pd

class PairFiles(Dataset):
    def __init__(self, table_path, hr_side=128):
        table = pd.read_csv(table_path)
        self.low_files = table["lr_path"].tolist()
        self.high_files = table["hr_path"].tolist()
        self.lr_side = hr_side // 4
        self.hr_side = hr_side

        self.low_tf = transforms.Compose([
            transforms.Resize((self.lr_side, self.lr_side)),
            transforms.ToTensor()
        ])
        self.high_tf = transforms.Compose([
            transforms.Resize((self.hr_side, self.hr_side)),
            transforms.ToTensor()
        ])

    def __len__(self):
        return len(self.low_files)

    def __getitem__(self, i):
        lo = Image.open(self.low_files[i]).convert("RGB")
        hi = Image.open(self.high_files[i]).convert("RGB")
        return self.low_tf(lo), self.high_tf(hi)


def make_loader(table_path, batch_size=16):
    ds = PairFiles(table_path)
    return DataLoader(ds, batch_size=batch_size, shuffle=True, num_workers=2)
