import os

from tqdm import tqdm

import numpy as np
import pandas as pd

import matplotlib.image as img

import torch
from torch.utils.data import Dataset, DataLoader

from torchvision.transforms import Compose, ToTensor, CenterCrop


def extract_features(model, data_loader, device=None, is_test=False):

    if device is None:
        device = next(model.parameters()).device
    else:
        model.to(device)

    features = None

    if is_test:
        pass
    else:
        labels = None
        fold_ids = None

    for i, batch in tqdm(enumerate(data_loader)):

        if is_test:
            x = batch
        else:
            x, y, fold = batch

        x = x.to(device)

        model.eval()

        if i == 0:

            features = model(x).detach().cpu().numpy()

            if is_test:
                pass
            else:
                labels = y.cpu().numpy()
                fold_ids = fold

        else:

            features = np.concatenate(
                [features, model(x).detach().cpu().numpy()])

            if is_test:
                pass
            else:
                labels = np.concatenate([labels, y.cpu().numpy()])
                fold_ids = np.concatenate([fold_ids, fold])

    if is_test:
        return features
    else:
        return features, labels, fold_ids


class PetImageDataset(Dataset):

    def __init__(self, df, transform=None, is_test=False):

        self.transform = transform

        self.is_test = is_test

        if self.is_test:
            self.df = df[['file']]
        else:
            self.df = df[['file', 'target', 'fold', 'pet']]

    def __getitem__(self, index):

        if not self.is_test:
            img_path = self.df.iloc[index]['pet']
            img_path = img_path + f"/{self.df.iloc[index]['file']}"
        else:
            img_path = self.df.iloc[index]['file']

        if self.is_test:
            img_path = os.path.join('test', img_path)
        else:
            img_path = os.path.join('train', img_path)

        self.image = img.imread(img_path)
        # top = int(self.image.shape[0] / 2)
        # left = int(self.image.shape[1] / 2)
        # self.image = self.image[top:, left:, :]
        # self.image = ToTensor()(self.image)
        # self.image = self.image[:, :240, :240]

        if self.transform is not None:
            self.image = self.transform(self.image)
        else:
            self.image = ToTensor()(self.image)

        if self.is_test:

            return self.image

        else:

            self.label = self.df.iloc[index]['target']
            self.label = torch.as_tensor(self.label)

            self.fold = self.df.iloc[index]['fold']

            return (self.image, self.label, self.fold)

    def __len__(self):
        return len(self.df)


def build_train_features(model, data_df):
    train_transform = Compose(
        [
            ToTensor(),
            CenterCrop(224)

        ]
    )

    train_dataset = PetImageDataset(df=data_df, transform=train_transform)

    train_loader = DataLoader(
        dataset=train_dataset,
        shuffle=False,
        batch_size=16
    )

    train_X, train_y, fold_ids = extract_features(
        model=model, data_loader=train_loader, device='cuda')

    features_df = pd.DataFrame(train_X)
    features_df.columns = [f"feat{i}" for i in range(1, train_X.shape[1]+1)]
    features_df['target'] = train_y
    features_df['fold'] = fold_ids
    features_df.to_csv('train_resnet18.csv', index=False)


def build_test_features(model, data_df):

    test_transform = Compose(
        [
            ToTensor(),
            CenterCrop(224)

        ]
    )

    test_dataset = PetImageDataset(
        df=data_df, transform=test_transform, is_test=True)

    test_loader = DataLoader(
        dataset=test_dataset,
        shuffle=False,
        batch_size=16
    )

    test_X = extract_features(
        model=model, data_loader=test_loader, device='cuda', is_test=True)

    features_df = pd.DataFrame(test_X)
    features_df.columns = [f"feat{i}" for i in range(1, test_X.shape[1]+1)]
    features_df.to_csv('test_resnet18.csv', index=False)
