import csv
import math

import matplotlib.pyplot as plt
import numpy as np


def get_class_dist(y_train):
    "Classes present and how many samples each has"
    classes = np.unique(y_train)
    classes = np.sort(classes)
    class_dist = np.zeros(classes.shape[0]).astype(int)
    for class_num in classes:
        class_dist[class_num] = y_train[y_train == class_num].shape[0]
    return classes, class_dist


def stratified_shuffle(arr, y_train, test_size=0.2):
    """Shuffled train/validation split that keeps the class proportions.

    Returns x_train, y_train, x_val, y_val (numpy arrays).
    """
    from sklearn.model_selection import StratifiedShuffleSplit
    sss = StratifiedShuffleSplit(1, test_size=test_size)
    split = [i for i in sss.split(arr, y_train)]
    train_idx, val_idx = split[0]
    return arr[train_idx], y_train[train_idx], arr[val_idx], y_train[val_idx]


def average_precision(ranked_relevant, num_relevant_retrievable):
    """Average precision of a ranked boolean relevance array."""
    rank = np.arange(ranked_relevant.shape[0]) + 1
    indices = np.arange(ranked_relevant.shape[0])
    relevant_indices = np.zeros(ranked_relevant.shape[0])
    relevant_indices[indices[ranked_relevant]] = \
        np.cumsum(ranked_relevant[indices[ranked_relevant]])
    return np.sum(relevant_indices/rank)/num_relevant_retrievable


def class_subset(x, y, class_name, class_name_list):
    """Rows of x and one-hot y that belong to class_name, plus their indices."""
    class_indices = np.argmax(y, axis=1) == class_name_list.index(class_name)
    original_indices = np.arange(0, x.shape[0])[class_indices]
    return x[class_indices], y[class_indices], original_indices


def query_corpus(latent_object, latent_corpus, query_size=10):
    """Top-n cosine neighbours of latent_object among the rows of latent_corpus."""
    sims = latent_corpus.dot(latent_object.T)
    sorted_sims_indices = np.argpartition(sims,
                                          range(-query_size, 0),
                                          axis=0)
    top_n_sorted_indices = sorted_sims_indices[:-query_size-1:-1].ravel()
    top_n_sorted_sims = sims[top_n_sorted_indices].ravel()
    return top_n_sorted_sims, top_n_sorted_indices


def upsample_classes(arr, y_train):
    """Balances the training set by resampling every class, with
    replacement, up to the size of the largest class.

    Returns the enlarged arr and its labels.
    """
    indices = np.indices(y_train.shape).reshape(-1)
    classes, class_counts = get_class_dist(y_train)
    upsample_amount = np.max(class_counts)
    class_skipped = classes[np.argmax(class_counts)]

    # the largest class is kept as is
    new_arr = arr[y_train == class_skipped]
    new_y_train = y_train[y_train == class_skipped]

    # add a resampled block for every other class
    for nth_class in classes:
        nth_indices = indices[y_train == nth_class]
        if nth_class != class_skipped:
            sample_indices = np.random.choice(nth_indices, upsample_amount)
            new_arr = np.append(new_arr, arr[sample_indices], axis=0)
            new_y_train = np.append(new_y_train, y_train[sample_indices], axis=0)
    return new_arr.astype(int), new_y_train.astype(int)
