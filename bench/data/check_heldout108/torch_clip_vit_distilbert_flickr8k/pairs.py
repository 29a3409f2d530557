import glob
import os

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import requests
import torch
import torchvision.transforms as transforms
from PIL import Image
from torch.utils.data import Dataset
from torchvision import datasets
from torchvision.io import read_image
from torchvision.transforms import Compose, PILToTensor, Resize, ToTensor


def read_photo_tables(path):
    paths = glob.glob(path)
    parts = []
    for p in paths:
        parts.append(pd.read_csv(p, sep='\t', header=0))
    return pd.concat(parts, axis=0, ignore_index=True)

    
class UnsplashPairs(Dataset):
    def __init__(self, tokenizer, photos_tsv_path="../data/unsplash/photos.tsv*",):
        self.photos = read_photo_tables(photos_tsv_path)
        self.urls = self.photos['photo_image_url']
        self.desc = self.photos['photo_description']
        self.desc_ai = self.photos['ai_description']

        self.transform = transforms.Compose([transforms.ToTensor(),
                                             transforms.Resize((512, 512))
                                             ])
        # self.target_transform = target_transform
        self.tokenizer = tokenizer

    def __len__(self):
        return len(self.urls)

    def __getitem__(self, i):
        url = self.urls[i]
        d = self.desc[i]
        d_ai = self.desc_ai[i]

        pic = Image.open(requests.get(url, stream=True).raw)
        if str(d) == "nan":
            text = d_ai
        else:
            text = d

        pic = self.transform(pic)

        # the Resize above does not take, so resize again
        pic = transforms.functional.resize(pic, (224, 224))
        text = self.tokenizer(
            text, padding=True, truncation=True, max_length=76, return_tensors="pt")

        return pic, text


class FlickrPairs(Dataset):
    def __init__(self, image_folder_path, caption_path):
        self.image_folder_path = image_folder_path

        self.transform = transforms.Compose([transforms.ToTensor(),
                                             transforms.Resize((512, 512))
                                             ])
        self.captions = pd.read_csv(caption_path, sep=',', header=0)

    def __len__(self):
        return self.captions.shape[0]

    def __getitem__(self, i):
        path = os.path.join(self.image_folder_path,
                                self.captions.iloc[i, 0])

        pic = Image.open(path)
        text = self.captions.iloc[i, 1]

        pic = self.transform(pic)

        # the Resize above does not take, so resize again
        pic = transforms.functional.resize(pic, (224, 224))
        return pic, text


if __name__ == "__main__":
    pass
    # tr, te = get_load_data(root = "../data")
    # pic, text = tr[1]
    # plt.imshow(pic.squeeze(), cmap="gray")
    # plt.show()

    # # local check
    # tr, te = get_load_data(root = "../data", dataset = "VOCSegmentation", download = False)
    # pic, seg = tr[12]
    # print (seg)

    # # on a cloud machine
    # tr, te = get_load_data(root = "../data", dataset = "FashionMNIST", download = True)
