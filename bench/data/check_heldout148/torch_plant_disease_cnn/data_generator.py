#!/usr/bin/env python

import os
import glob
import numpy as np
import torchvision.transforms as transforms

from PIL import Image
from sklearn.model_selection import train_test_split
from plant_disease_classification_pytorch.plant_dataset import PlantDataset


base_tf = transforms.Compose(
    [transforms.ToTensor(), transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))]
)

fit_tf = transforms.Compose(
    [transforms.ToTensor(), transforms.Normalize(0.5, 0.5)]
)

holdout_tf = transforms.Compose(
    [transforms.ToTensor(), transforms.Normalize(0.5, 0.5)]
)

check_tf = transforms.Compose(
    [transforms.ToTensor(), transforms.Normalize(0.5, 0.5)]
)


def load_train_data(fit_dir, side, categories):
    pictures = []
    onehots = []
    names = []
    cat_names = []
    patterns = ("*.jpg", "*.JPG")

    print("Reading the fit pictures")
    for category in categories:
        pos = categories.index(category)
        print("Reading folder {} (position {})".format(category, pos))
        for pattern in patterns:
            where = os.path.join(fit_dir, category, pattern)
            found = glob.glob(where)
            for path in found:
                picture = Image.open(path)
                picture = picture.resize((side, side))
                arr = np.array(picture)
                arr = arr.astype(np.float32)
                arr = np.multiply(arr, 1.0 / 255.0)
                pictures.append(arr)
                onehot = np.zeros(len(categories))
                onehot[pos] = 1.0
                onehots.append(onehot)
                base = os.path.basename(path)
                names.append(base)
                cat_names.append(category)
    pictures = np.array(pictures)
    print(str.format("Read {0} fit pictures", len(pictures)))
    onehots = np.array(onehots)
    names = np.array(names)
    cat_names = np.array(cat_names)
    return pictures, onehots, names, cat_names


def read_datasets(fit_dir, side, categories, check_fraction):
    pictures, onehots, names, cat_names = load_train_data(
        fit_dir, side, categories
    )

    fit_pictures, check_pictures = train_test_split(pictures, test_size=check_fraction)
    fit_onehots, check_onehots = train_test_split(onehots, test_size=check_fraction)
    fit_names, check_names = train_test_split(names, test_size=check_fraction)
    fit_cats, check_cats = train_test_split(cat_names, test_size=check_fraction)

    fit_set = PlantDataset(
        images=fit_pictures,
        labels=fit_onehots,
        img_names=fit_names,
        classes=fit_cats,
        transform=fit_tf,
    )
    check_set = PlantDataset(
        images=check_pictures,
        labels=check_onehots,
        img_names=check_names,
        classes=check_cats,
        transform=check_tf,
    )

    return fit_set, check_set


def read_test_dataset(holdout_dir, side):
    # pictures = np.empty((32388))
    pictures = []
    names = []

    print("Reading the holdout pictures")
    found = os.listdir(holdout_dir)
    n_read = 0
    for name in found:
        path = os.path.join(holdout_dir, name)
        picture = Image.open(path)
        picture = picture.resize((side, side))
        arr = np.array(picture)
        arr = arr.astype(np.float32)
        arr = np.multiply(arr, 1.0 / 255.0)
        pictures.append(arr)
        # np.append(pictures, arr)
        base = os.path.basename(path)
        names.append(base)
        n_read += 1
        if n_read % 5000 == 0:
            print(str.format("{0} holdout pictures read", n_read))
    print(str.format("Read {0} holdout pictures", n_read))

    pictures = np.array(pictures)
    names = np.array(names)

    holdout_set = PlantDataset(
        images=pictures,
        labels=None,
        img_names=names,
        classes=None,
        transform=holdout_tf,
    )
    return holdout_set
