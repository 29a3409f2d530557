

import torch
import numpy as np
from colorama import Fore, Style
from torchvision import transforms
from PIL import Image


class Dataset(torch.utils.data.Dataset):

    def __init__(self, files, categories):

        super().__init__()

        self.files = files
        self.count = len(self.files)

        self.targets = []
        for f in self.files:
            self.targets.append(self.categoryOfFile(f, categories))

        # preprocessing of every image
        self.transforms = transforms.Compose([
            transforms.Resize((224, 224)),
            transforms.ToTensor()])


    def __getitem__(self, index):  # one sample (image, label)

        # read the image from disk
        pil_img = Image.open(self.files[index])

        img_t = self.transforms(pil_img)

        return img_t, self.targets[index]

    def __len__(self):  # number of samples
        return self.count

    def categoryOfFile(self, path, categories):

        pieces = path.split('/')
        piece = pieces[6]

        cat_name = piece

        # print('file ' + path + ' belongs to ' + Fore.RED + cat_name + Style.RESET_ALL)
        found = False
        for c in categories:
            if c == cat_name and found == True:
                raise ValueError('category appears twice')
            elif c == cat_name:
                found = True
                target = categories.index(c)
                # if target1 < 2:
                #     target = target1
                # else:
                #     target = 5

        if found == False:
            raise ValueError('category not known')


        return target
