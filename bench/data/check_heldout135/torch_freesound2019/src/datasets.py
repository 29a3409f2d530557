import json
import time
import torch
import random
import numpy as np
import pandas as pd
from functools import partial
import multiprocessing as mp
from torch.utils.data import Dataset

from src.audio import read_as_melspectrogram, get_audio_config
from src import config


POOL_SIZE = mp.cpu_count()


def decode_test_clips():
    print("decoding test clips")
    clip_names = []
    wav_paths = []
    for wav_path in sorted(config.test_dir.glob('*.wav')):
        wav_paths.append(wav_path)
        clip_names.append(wav_path.name)

    with mp.Pool(POOL_SIZE) as pool:
        mels = pool.map(read_as_melspectrogram, wav_paths)

    return clip_names, mels


def decode_fold_clips(fixes=None):
    print("decoding curated clips")
    print("mel settings", get_audio_config())
    fold_table = pd.read_csv(config.train_folds_path)

    wav_paths = []
    onehots = []
    fold_ids = []
    for i, row in fold_table.iterrows():
        labels = row.labels

        if fixes is not None:
            if row.fname in fixes:
                action = fixes[row.fname]
                if action == 'remove':
                    print(f"dropped {row.fname}")
                    continue
                else:
                    print(f"relabel {row.fname}: {labels} -> {action}")
                    labels = action

        fold_ids.append(row.fold)
        wav_paths.append(row.file_path)
        target = torch.zeros(len(config.classes))
        for label in labels.split(','):
            target[config.class2index[label]] = 1.
        onehots.append(target)

    with mp.Pool(POOL_SIZE) as pool:
        mels = pool.map(read_as_melspectrogram, wav_paths)

    return mels, onehots, fold_ids


def iter_augmented_folds(time_stretch_lst, pitch_shift_lst):
    print("decoding curated clips with pitch/tempo variants")
    print("mel settings", get_audio_config())
    print("stretch factors:", time_stretch_lst)
    print("pitch steps:", pitch_shift_lst)
    fold_table = pd.read_csv(config.train_folds_path)

    wav_paths = []
    onehots = []
    fold_ids = []
    for i, row in fold_table.iterrows():
        fold_ids.append(row.fold)
        wav_paths.append(row.file_path)
        target = torch.zeros(len(config.classes))
        for label in row.labels.split(','):
            target[config.class2index[label]] = 1.
        onehots.append(target)

    with mp.Pool(POOL_SIZE) as pool:
        mels = pool.map(read_as_melspectrogram, wav_paths)

    yield mels, onehots, fold_ids
    mels = []

    for pitch_shift in pitch_shift_lst:
        pitch_shift_read = partial(read_as_melspectrogram, pitch_shift=pitch_shift)
        with mp.Pool(POOL_SIZE) as pool:
            mels = pool.map(pitch_shift_read, wav_paths)

        yield mels, onehots, fold_ids
        mels = []

    for time_stretch in time_stretch_lst:
        time_stretch_read = partial(read_as_melspectrogram, time_stretch=time_stretch)
        with mp.Pool(POOL_SIZE) as pool:
            mels = pool.map(time_stretch_read, wav_paths)

        yield mels, onehots, fold_ids
        mels = []


class CuratedClips(Dataset):
    def __init__(self, bundle, folds,
                 transform=None,
                 mixer=None):
        super().__init__()
        self.folds = folds
        self.transform = transform
        self.mixer = mixer

        self.mels = []
        self.onehots = []
        for img, trg, fold in zip(*bundle):
            if fold in folds:
                self.mels.append(img)
                self.onehots.append(trg)

    def __len__(self):
        return len(self.mels)

    def __getitem__(self, idx):
        image = self.mels[idx].copy()
        target = self.onehots[idx].clone()

        if self.transform is not None:
            image = self.transform(image)

        if self.mixer is not None:
            image, target = self.mixer(self, image, target)

        noisy = torch.tensor(0, dtype=torch.uint8)
        return image, target, noisy


def iter_noisy_chunks():
    print("decoding noisy clips")
    print("mel settings", get_audio_config())
    noisy_table = pd.read_csv(config.train_noisy_csv_path)

    with open(config.noisy_corrections_json_path) as file:
        fixes = json.load(file)

    wav_paths = []
    onehots = []
    for i, row in noisy_table.iterrows():
        labels = row.labels

        if row.fname in fixes:
            action = fixes[row.fname]
            if action == 'remove':
                continue
            else:
                labels = action

        wav_paths.append(config.train_noisy_dir / row.fname)
        target = torch.zeros(len(config.classes))
        for label in labels.split(','):
            target[config.class2index[label]] = 1.
        onehots.append(target)

        if len(wav_paths) >= 5000:
            with mp.Pool(POOL_SIZE) as pool:
                mels = pool.map(read_as_melspectrogram, wav_paths)

            yield mels, onehots

            wav_paths = []
            mels = []
            onehots = []

    with mp.Pool(POOL_SIZE) as pool:
        mels = pool.map(read_as_melspectrogram, wav_paths)

    yield mels, onehots


class NoisyClips(Dataset):
    def __init__(self, noisy_data, transform=None,
                 mixer=None):
        super().__init__()
        self.transform = transform
        self.mixer = mixer

        self.mels = []
        self.onehots = []
        for img, trg in zip(*noisy_data):
            self.mels.append(img)
            self.onehots.append(trg)

    def __len__(self):
        return len(self.mels)

    def __getitem__(self, idx):
        image = self.mels[idx].copy()
        target = self.onehots[idx].clone()

        if self.transform is not None:
            image = self.transform(image)

        if self.mixer is not None:
            image, target = self.mixer(self, image, target)

        noisy = torch.tensor(1, dtype=torch.uint8)
        return image, target, noisy


class MixedSourceClips(Dataset):
    def __init__(self, datasets, p=None, size=4096):
        self.datasets = datasets
        self.p = p
        self.size = size

    def __len__(self):
        return self.size

    def __getitem__(self, idx):
        seed = int(time.time() * 1000.0) + idx
        random.seed(seed)
        np.random.seed(seed % (2**31))

        dataset_idx = np.random.choice(
            range(len(self.datasets)), p=self.p)
        dataset = self.datasets[dataset_idx]
        idx = random.randint(0, len(dataset) - 1)
        return dataset[idx]


def read_relabelled_noisy():
    print("decoding relabelled noisy clips")
    print("mel settings", get_audio_config())
    noisy_table = pd.read_csv(config.train_noisy_csv_path)

    with open(config.noisy_corrections_json_path) as file:
        fixes = json.load(file)

    wav_paths = []
    onehots = []
    for i, row in noisy_table.iterrows():
        labels = row.labels

        if row.fname in fixes:
            action = fixes[row.fname]
            if action == 'remove':
                continue
            else:
                labels = action
        else:
            continue

        wav_paths.append(config.train_noisy_dir / row.fname)
        target = torch.zeros(len(config.classes))

        for label in labels.split(','):
            target[config.class2index[label]] = 1.
        onehots.append(target)

    with mp.Pool(POOL_SIZE) as pool:
        mels = pool.map(read_as_melspectrogram, wav_paths)

    return mels, onehots


class RelabelledNoisyClips(Dataset):
    def __init__(self, noisy_data, transform=None,
                 mixer=None):
        super().__init__()
        self.transform = transform
        self.mixer = mixer

        self.mels = []
        self.onehots = []
        for img, trg in zip(*noisy_data):
            self.mels.append(img)
            self.onehots.append(trg)

    def __len__(self):
        return len(self.mels)

    def __getitem__(self, idx):
        image = self.mels[idx].copy()
        target = self.onehots[idx].clone()

        if self.transform is not None:
            image = self.transform(image)

        if self.mixer is not None:
            image, target = self.mixer(self, image, target)

        noisy = torch.tensor(0, dtype=torch.uint8)
        return image, target, noisy
