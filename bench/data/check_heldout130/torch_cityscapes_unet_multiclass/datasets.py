import os
from PIL import Image 
import torch
from torch.utils.data import Dataset
from torchvision import transforms, datasets
import numpy as np
import os

class CityscapesDataset(Dataset):
    def __init__(self, split, root_dir, target_type='semantic', mode='fine', transform=None, eval=False):
        self.transform = transform
        if mode == 'fine':
            self.mode = 'gtFine'
        elif mode == 'coarse':
            self.mode = 'gtCoarse'
        self.split = split
        self.target_files = []
        self.photo_files = []
        self.eval = eval

        # collect relative paths of the photos and of the
        # train-id label pngs (file names only, nothing decoded)

        self.target_root = os.path.join(os.getcwd(), root_dir+'/'+self.mode+'/'+self.split)
        self.photo_root = os.path.join(os.getcwd(), root_dir+'/leftImg8bit/'+self.split)
        towns = os.listdir(self.target_root)
        for town in towns:
            names = os.listdir(self.target_root+'/'+town)
            kept = names.copy()
    
            # keep only the 19-class label files
            for name in names:
                if not name.endswith('labelTrainIds.png', 0, len(name)):
                    kept.remove(name)

            # relative paths
            kept = ['/'+town+'/'+p for p in kept]

            self.target_files.extend(kept)
            self.photo_files.extend(
                ['/'+town+'/'+p for p in os.listdir(self.photo_root+'/'+town)]
            )
                
    def __len__(self):
        n = len(self.photo_files)
        return n
      

    def __getitem__(self, k):
        photo = Image.open(self.photo_root+self.photo_files[k])
        target = Image.open(self.target_root+self.target_files[k])

        if self.transform is not None:
            photo = self.transform(photo)
            target = self.transform(target)

        photo = transforms.ToTensor()(photo)
        target = np.array(target)
        target = torch.from_numpy(target)
        
        target = target.type(torch.LongTensor)
        if self.eval:
            return photo, target, self.photo_files[k]
        else:
            return photo, target
