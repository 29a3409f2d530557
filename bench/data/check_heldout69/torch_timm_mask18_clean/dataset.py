from glob import glob
import numpy as np
import pandas as pd
from PIL import Image
from sklearn.model_selection import train_test_split
from tqdm.notebook import tqdm
from time import time
import torch.utils.data as data


import augmentations



ROOT_DIR = "/opt/ml/input/data/train"
FACE_DIR = '/opt/ml/input/data/train/new_imgs'
#FACE_DIR = '/opt/ml/input/data/train/images'
INDEX_CSV = '/opt/ml/code/image-classification-level1-18/code/labeled_train_data.csv'
mean = (0.560,0.524,0.501)
std = (0.233,0.243,0.246)

class FaceMaskDataset(data.Dataset):
    num_classes = 3 * 2 * 3

    def __init__(self, pic_dir, transform=None):
        """
        Set up the face mask dataset.

        Args:
            pic_dir: folder that holds the training pictures
            (file names come from the index csv)
            transform: the augmentation callable
        """
        self.pic_dir = pic_dir
        self.data = pd.read_csv(INDEX_CSV)
        self.pic_name = self.data['imageName']
        self.label = self.data['label']
        self.mean = mean
        self.std = std
        self.transform = transform
        

    def set_transform(self, transform):
        """
        Replace the augmentation callable.
        """
        self.transform = transform

    def __getitem__(self, index):
        """
        Read one picture and its class.
        The index csv gives the file name and the class id.
        
        Args:
            index: position of the sample
        """
        # open the picture
        pic_path = self.pic_dir + '/' + self.pic_name[index]
        pic = Image.open(pic_path)
        
        # its class id
        cls = self.label[index]
        
        # augment it
        pic_t = self.transform(image=np.array(pic))['image']
        return pic_t, cls

    def __len__(self):
        return len(self.data)

def start():
    tfms = augmentations.start(mean=mean, std=std)
    full = FaceMaskDataset(pic_dir=FACE_DIR)

    # hold out a fifth for validation
    n_va = int(len(full) * 0.2)
    n_tr = len(full) - n_va
    tr_set, va_set = data.random_split(full, [n_tr, n_va])

    # attach the augmentations
    tr_set.dataset.set_transform(tfms['train'])
    va_set.dataset.set_transform(tfms['val'])

    return tr_set, va_set
