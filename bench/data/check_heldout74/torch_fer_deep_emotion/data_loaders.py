import os
import pandas as pd
import numpy as np
from PIL import Image
import torch
import torchvision
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms

class Plain_Dataset(Dataset):
    def __init__(self,csv_file,img_dir,datatype,transform):
        '''
        Dataset over the written jpg files
        args:
                 csv_file : csv of the split (train, val, test)
                 img_dir  : folder with the split's images
                 datatype : file name prefix (train, val, test)
                 transform: torchvision transform
        yields:
                 image, label
        '''
        self.table = pd.read_csv(csv_file)
        self.targets = self.table['emotion']
        self.img_dir = img_dir
        self.transform = transform
        self.datatype = datatype

    def __len__(self):
        return len(self.table)

    def __getitem__(self,idx):
        if torch.is_tensor(idx):
            idx = idx.tolist()
        im = Image.open(self.img_dir+self.datatype+str(idx)+'.jpg')
        target = np.array(self.targets[idx])
        target = torch.from_numpy(target).long()

        if self.transform :
            im = self.transform(im)
        return im,target

#helper
def eval_data_dataloader(csv_file,img_dir,datatype,sample_number,transform= None):
    '''
    Shows one sample of the Dataset
    args:
            csv_file : csv of the split
            img_dir  : folder with the split's images
            datatype : file name prefix
            sample_number : index of the sample to show
    '''
    if transform is None :
        transform = transforms.Compose([transforms.ToTensor(),transforms.Normalize((0.5,),(0.5,))])
    ds = Plain_Dataset(csv_file=csv_file,img_dir = img_dir,datatype = datatype,transform = transform)

    target = ds.__getitem__(sample_number)[1]
    print(target)
    im_t = ds.__getitem__(sample_number)[0]
    im_np = im_t.numpy()
    im_sq = im_np.squeeze()
    plt.imshow(im_sq)
    plt.show()
