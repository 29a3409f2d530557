from torch.utils.data import Dataset
import torchvision.transforms as transforms
from PIL import Image
import os
import torch

tf_val =    transforms.Compose([
                    transforms.Resize(224),
                    transforms.ToTensor(),
                    transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225)),])

tf_test =    transforms.Compose([
                    transforms.Resize(224),
                    transforms.ToTensor(),
                    transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225)),])

tf_train =  transforms.Compose([
                    transforms.Resize(224),
                    transforms.ColorJitter(brightness=0.5, contrast=0.5, saturation=0.5, hue=0.5),
                    transforms.RandomRotation(30),
                    transforms.RandomHorizontalFlip(0.5),
                    transforms.ToTensor(),
                    transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225)),
                    ])
class FolderClsSet(Dataset):
    def __init__(self,folder,mode):
        self.folder = folder
        self.names = []
        self.mode = mode
        if mode == 'train':
            self.transform = tf_train
        elif mode == 'val':
            self.transform = tf_val
        elif mode == 'test':
            self.transform = tf_test
        self.entries = []

        #index the folder
        listing = os.listdir(self.folder)
        listing.sort()

        for fname in listing:
            self.names.append(fname)
            fpath = os.path.join(self.folder,fname)
            if self.mode == 'train' or self.mode == 'val':
                cls = int(fname.split('_')[0])
                self.entries.append([fpath,cls])
            else:
                self.entries.append(fpath)

    def __getitem__(self,i):
        if self.mode == 'train' or self.mode == 'val':
            fpath, cls = self.entries[i]
            fname = self.names[i]
            img = Image.open(fpath)
            
            if self.transform is not None:
                img = self.transform(img)
            return img, cls, fname
        else:
            fpath = self.entries[i]
            fname = self.names[i]
            img = Image.open(fpath)
            
            if self.transform is not None:
                img = self.transform(img)
            return img, fname
        
    def __len__(self):
        return len(self.entries)

if __name__ == '__main__':
    ds = FolderClsSet('../data/p1/train_50', 'train')
    # train_dl = DataLoader(ds, batch_size=cfg.batch_size,shuffle=True, num_workers=cfg.n_cpu)
