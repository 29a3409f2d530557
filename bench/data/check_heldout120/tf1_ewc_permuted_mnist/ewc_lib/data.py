import numpy as np
import tensorflow as tf
from copy import deepcopy
from sklearn.utils import shuffle
from tensorflow.examples.tutorials.mnist import input_data
from tensorflow.contrib.learn.python.learn.datasets.mnist import DataSet
from tensorflow.contrib.learn.python.learn.datasets import base
from tensorflow.python.framework import dtypes


def load_mnist_data():
    return  input_data.read_data_sets('MNIST_data', one_hot=True)


def permute_mnist(mnist):
    '''
    copy of mnist whose pixel order is shuffled by one random permutation
    '''
    order = np.arange(mnist.train.images.shape[1])
    np.random.shuffle(order)
    perm_ds = deepcopy(mnist)
    parts = ["train", "validation", "test"]
    for part in parts:
        split = getattr(perm_ds, part) # same object, edited in place
        split._images = np.transpose(np.array([split.images[:,c] for c in order]))
    return perm_ds



def gen_splitMNIST(bounds):
    '''
    MNIST restricted to the digits between bounds[0] and bounds[1] (inclusive)
    - bounds: lowest and highest digit kept

    e.g. gen_splitMNIST([0,4]) keeps the digits 0-4
    '''
    ds = input_data.read_data_sets('MNIST_data', one_hot=True)
    parts = ["train", "validation", "test"]
    kept = []
    for part in parts:
        split = getattr(ds, part)
        digit = np.argmax(split.labels, 1)
        kept.append(DataSet(split.images[((digit >= bounds[0]) & (digit <= bounds[1])),:],
                            split.labels[((digit >= bounds[0]) & (digit <= bounds[1]))],
                            dtype=dtypes.uint8, reshape=False))
    return base.Datasets(train=kept[0], validation=kept[1], test=kept[2])
