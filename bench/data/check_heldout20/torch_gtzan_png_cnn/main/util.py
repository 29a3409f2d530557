import os
from typing import List

import numpy as np
import pandas as pd
import torch
import torchaudio
from torch.utils.data import Dataset
from torchvision.io import read_image

torch.set_default_dtype(torch.float32)


def read_feature_csv(csv_path: str) -> tuple[torch.Tensor, torch.Tensor, int]:
    """
    Read the extracted-features table.
    Gives (features, one-hot labels, number of rows).
    """
    feat_table = pd.read_csv(csv_path)
    n_rows = len(feat_table.index)

    # the file name column carries no feature
    del feat_table['filename']

    # genre names, in label order
    genres = ["blues", "classical", "country", "disco", "hiphop", "jazz", "metal", "pop", "reggae", "rock"]

    # pull the genre column out and one-hot encode it
    label_col = feat_table['label']
    onehot_labels = onehot_from_column(genres, label_col)

    # what is left are the numeric features
    del feat_table['label']
    # min-max scale every column
    for column in feat_table.columns:
        feat_table[column] = (feat_table[column] - min(feat_table[column])) / (max(feat_table[column]) - min(feat_table[column]))
    feature_tensor = torch.as_tensor(feat_table.values, dtype=torch.float32)
    return feature_tensor, onehot_labels, n_rows


def onehot_from_array(genres: list[str], names: np.ndarray) -> torch.Tensor:
    rows = []
    n_names = len(names)
    for i in range(0, n_names):
        name = names[n_names]
        vec = onehot_row(genres, name, i)
        rows.append(vec)
    onehot_labels = torch.as_tensor(rows, dtype=torch.float32)
    return onehot_labels


def onehot_from_column(genres: list[str], names: pd.DataFrame) -> torch.Tensor:
    rows = []
    n_genres = len(genres)
    pos = 0
    for name in names:
        vec = onehot_row(genres, n_genres, name, pos)
        rows.append(vec)
        pos += 1
    onehot_labels = torch.as_tensor(rows, dtype=torch.float32)
    return onehot_labels


def onehot_row(genres: list[str], n_genres: int, name: str, pos: int) -> list[int]:
    try:
        i = genres.index(name)
    except IndexError as err:
        raise IndexError(f'unknown genre {name}; expected one of {genres}')
    else:
        vec = [0] * n_genres
        vec[i] = 1
        return vec


def genre_onehot(genres: list[str], name: str) -> torch.Tensor:
    """
    One-hot row for a single genre name.
    For instance:
    genres ['a', 'b', 'c']
    with name 'b'
    gives a 1 x 3 tensor
    [[0, 1, 0]]
    (float, on the CPU).
    genres: the class names
    name: the genre to encode
    returns: that one-hot row
    """
    try:
        i = genres.index(name)
    except IndexError:
        raise IndexError(f'cannot read genre {name}: not among {genres} ')
    else:
        vec = torch.zeros(1, len(genres))
        vec[0, i] = 1
        return vec


class WavGenreData(Dataset):
    def __init__(self, root_path: str, target_device: str = 'cpu'):
        """
        Expects one sub-folder per genre under root_path,
        each holding that genre's wav files, e.g.
          <genre A>
            <genre A>.00000.wav
            <genre A>.00001.wav
            and so on
          <genre B>
            more files
          <genre C>
            more files
        and so on.

        So root_path is the folder that holds the genres.
        root_path: folder holding the genre folders
        target_device: where __getitem__ moves samples ('cpu' or 'cuda')
        """
        genres = sorted(os.listdir(root_path))  # one class per folder

        self.x = torch.zeros((1, 1))
        self.y = torch.zeros((1, len(genres)))
        for genre_name in os.listdir(root_path):
            genre_vec = genre_onehot(genres, genre_name)
            for fname in os.listdir(f'{root_path}/{genre_name}'):
                # the rate of the last clip read is kept; all are assumed equal
                clip_x, self.sr = torchaudio.load(open(f'{root_path}/{genre_name}/{fname}', 'rb'))

                clip_x = clip_x[:, :900]     # keep only the start
                # pad whichever side is shorter
                if clip_x.shape[1] > self.x.shape[1]:
                    padded_x = torch.zeros((self.x.shape[0], clip_x.shape[1]))
                    padded_x[:, :self.x.shape[1]] = self.x
                    self.x = torch.concat((padded_x, clip_x))
                elif clip_x.shape[1] < self.x.shape[1]:
                    padded_clip = torch.zeros(1, self.x.shape[1])
                    padded_clip[:, :clip_x.shape[1]] = clip_x
                    self.x = torch.concat((self.x, padded_clip))
                else:
                    self.x = torch.concat((self.x, clip_x))

                self.y = torch.concat((self.y, genre_vec))

        self.x = self.x[1:, :, None]
        self.x = self.x / (self.x.max() - self.x.min())     # scale by the range
        self.y = self.y[1:]
        self.target_device = target_device

    def __getitem__(self, idx):
        return self.x[idx].to(self.target_device), self.y[idx].to(self.target_device)

    def __len__(self):
        return self.x.shape[0]


class PngGenreData(Dataset):
    def __init__(self, root_path: str, target_device: str = 'cpu'):
        """
        Expects one sub-folder per genre under root_path,
        each holding that genre's png files, e.g.
          <genre A>
            <genre A>.00000.png
            <genre A>.00001.png
            and so on
          <genre B>
            more files
          <genre C>
            more files
        and so on.

        So root_path is the folder that holds the genres.
        root_path: folder holding the genre folders
        target_device: where __getitem__ moves samples ('cpu' or 'cuda')
        """
        genres = sorted(os.listdir(root_path))

        first_shape = read_image(f'{root_path}/{genres[0]}/{os.listdir(f"{root_path}/{genres[0]}")[0]}')[None, :].shape

        self.x = torch.zeros(first_shape)
        self.y = torch.zeros((1, len(genres)))
        for genre_name in os.listdir(root_path):
            genre_vec = genre_onehot(genres, genre_name)
            for fname in os.listdir(f'{root_path}/{genre_name}'):
                img_x = read_image(f'{root_path}/{genre_name}/{fname}')[None, :]
                self.x = torch.concat((self.x, img_x))
                self.y = torch.concat((self.y, genre_vec))

        self.x = self.x[1:]
        self.y = self.y[1:]
        self.target_device = target_device

    def __getitem__(self, idx):
        return self.x[idx].to(self.target_device), self.y[idx].to(self.target_device)

    def __len__(self):
        return self.x.shape[0]
