import os
from os import listdir
from os.path import join
from tqdm import tqdm
import math
import pickle

from PIL import Image
from torch.utils.data.dataset import Dataset
from torchvision.transforms import Compose, RandomCrop, ToTensor, ToPILImage, CenterCrop, Resize


def looks_like_picture(name):
    return any(name.endswith(ext) for ext in ['.png', '.jpg', '.jpeg', '.PNG', '.JPG', '.JPEG'])


def usable_crop(crop, factor):
    return crop - (crop % factor)


def hr_pipeline(crop):
    return Compose([
        RandomCrop(crop),
        ToTensor(),
    ])


def lr_pipeline(crop, factor):
    return Compose([
        ToPILImage(),
        Resize(crop // factor, interpolation=Image.BICUBIC),
        ToTensor()
    ])


def preview_pipeline():
    return Compose([
        ToPILImage(),
        Resize(400),
        CenterCrop(400),
        ToTensor()
    ])


class PickledTrainSet(Dataset):
    def __init__(self, pickle_path, crop, factor):
        super(PickledTrainSet, self).__init__()
        with open(pickle_path, 'rb') as fh:
            self.pictures = pickle.load(fh)
        crop = usable_crop(crop, factor)
        self.to_hr = hr_pipeline(crop)
        self.to_lr = lr_pipeline(crop, factor)

    def __getitem__(self, i):
        hr = self.to_hr(Image.fromarray(self.pictures[i]))
        lr = self.to_lr(hr)
        return lr, hr

    def __len__(self):
        return len(self.pictures)

class PickledValSet(Dataset):
    def __init__(self, pickle_path: str):
        super(PickledValSet, self).__init__()
        with open(pickle_path, 'rb') as fh:
            self.pictures = pickle.load(fh)

    def __getitem__(self, i):
        lr, hr_up, hr = self.pictures[i]
        return lr, hr_up, hr

    def __len__(self):
        return len(self.pictures)


class FolderTestSet(Dataset):
    def __init__(self, root, factor=4):
        super(FolderTestSet, self).__init__()
        self.lr_dir = os.path.join(root, 'LR')
        self.hr_dir = os.path.join(root, 'HR')
        self.factor = factor
        self.lr_files = [join(self.lr_dir, n) for n in listdir(self.lr_dir) if looks_like_picture(n)]
        self.hr_files = [join(self.hr_dir, n) for n in listdir(self.hr_dir) if looks_like_picture(n)]

    def __getitem__(self, i):
        name = self.lr_files[i].split('/')[-1]
        lr = Image.open(self.lr_files[i])
        w, h = lr.size
        hr = Image.open(self.hr_files[i])
        upscale = Resize((self.factor * h, self.factor * w), interpolation=Image.BICUBIC)
        hr_up = upscale(lr)
        return name, ToTensor()(lr), ToTensor()(hr_up), ToTensor()(hr)

    def __len__(self):
        return len(self.lr_files)
