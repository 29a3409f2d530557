import os
from torch.utils.data import Dataset
from PIL import Image
import torchvision.transforms as T

class FireMaskSet(Dataset):
    def __init__(self, img_folder, mask_folder, transform=None):
        self.img_folder = img_folder
        self.mask_folder = mask_folder
        self.transform = transform

        self.img_files = sorted([
            os.path.join(self.img_folder, f)
            for f in os.listdir(self.img_folder)
            if f.endswith(('.jpg', '.png'))
        ])
        self.mask_files = sorted([
            os.path.join(self.mask_folder, f)
            for f in os.listdir(self.mask_folder)
            if f.endswith(('.jpg', '.png'))
        ])

        assert len(self.img_files) == len(self.mask_files), "images and masks differ in number"

        self.img_tf = T.Compose([
            T.Resize((256, 256)),
            T.ToTensor(),
        ])
        self.mask_tf = T.Compose([
            T.Resize((256, 256)),
            T.ToTensor(), 
        ])

    def __len__(self):
        return len(self.img_files)

    def __getitem__(self, i):
        img = Image.open(self.img_files[i]).convert("RGB")
        msk = Image.open(self.mask_files[i]).convert("L")

        img = self.img_tf(img)
        msk = self.mask_tf(msk)
        msk = (msk > 0).float()

        return img, msk

