import gzip
import os
import urllib.request as request
from os import path

import numpy as np

DATA_ROOT = 'datasets/'

MNIST_PARTS = ["train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
               "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"]


def fetch_one(url, dest):
    folder = path.dirname(dest)
    if not path.exists(folder):
        print("making folder '%s' ..." % folder)
        os.makedirs(folder)

    print("fetching '%s' ..." % url)
    request.urlretrieve(url, dest)


def fetch_mnist(dest):
    base_url = "http://yann.lecun.com/exdb/mnist/"
    for part in MNIST_PARTS:
        part_path = os.path.join(dest, part)
        if not path.exists(part_path):
            fetch_one(base_url + part, part_path)


def to_one_hot(v, k):
    if type(v) == list:
        v = np.array(v)
    v = v.flatten()
    oh = np.zeros((len(v), k))
    oh[np.arange(len(v)), v] = 1
    return oh


def load_mnist(ntrain=60000, ntest=10000, onehot=True):
    folder = os.path.join(DATA_ROOT, 'mnist/')
    if not path.exists(folder):
        fetch_mnist(folder)
    else:
        # make sure every part is there
        present = [path.exists(os.path.join(folder, p)) for p in MNIST_PARTS]
        if not np.all(present):
            fetch_mnist(folder)

    with gzip.open(os.path.join(folder, 'train-images-idx3-ubyte.gz')) as fh:
        raw = fh.read()
        arr = np.frombuffer(raw, dtype=np.uint8)
        Xtr = arr[16:].reshape((60000, 28 * 28)).astype(float)

    with gzip.open(os.path.join(folder, 'train-labels-idx1-ubyte.gz')) as fh:
        raw = fh.read()
        arr = np.frombuffer(raw, dtype=np.uint8)
        Ytr = arr[8:].reshape((60000))

    with gzip.open(os.path.join(folder, 't10k-images-idx3-ubyte.gz')) as fh:
        raw = fh.read()
        arr = np.frombuffer(raw, dtype=np.uint8)
        Xte = arr[16:].reshape((10000, 28 * 28)).astype(float)

    with gzip.open(os.path.join(folder, 't10k-labels-idx1-ubyte.gz')) as fh:
        raw = fh.read()
        arr = np.frombuffer(raw, dtype=np.uint8)
        Yte = arr[8:].reshape((10000))

    Xtr /= 255.
    Xte /= 255.

    Xtr = Xtr[:ntrain]
    Ytr = Ytr[:ntrain]

    Xte = Xte[:ntest]
    Yte = Yte[:ntest]

    if onehot:
        Ytr = to_one_hot(Ytr, 10)
        Yte = to_one_hot(Yte, 10)
    else:
        Ytr = np.asarray(Ytr)
        Yte = np.asarray(Yte)

    return Xtr, Xte, Ytr, Yte
