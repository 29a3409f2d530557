import os
import pandas as pd
from torch.utils.data import Dataset, DataLoader
from PIL import Image
from torchvision import transforms

class FundusGrades(Dataset):
    def __init__(self, table_path, folder, tfm=None):
        self.table = pd.read_csv(table_path)
        self.folder = folder
        self.tfm = tfm

    def __len__(self):
        return len(self.table)

    def __getitem__(self, i):
        path = os.path.join(self.folder, self.table.iloc[i, 0] + ".png")
        pic = Image.open(path)
        grade = self.table.iloc[i, 1]

        if self.tfm:
            pic = self.tfm(pic)

        return pic, grade

def build_fundus_loader(cfg):
    tfm = transforms.Compose([
        transforms.Resize((cfg['hyperparameters']['image_size']['height'],
                           cfg['hyperparameters']['image_size']['width'])),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
    ])
    
    ds = FundusGrades(
        table_path=cfg['data']['train_csv'],
        folder=cfg['data']['train_images_dir'],
        tfm=tfm
    )
    
    dl = DataLoader(ds, batch_size=cfg['hyperparameters']['batch_size'], shuffle=True)
    return dl
