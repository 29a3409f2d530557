import os
import random
from math import ceil
import pickle
import json
from typing import List
import tqdm
import numpy as np
import torch
from torch.utils.data.sampler import SubsetRandomSampler
from torch.utils.data import DataLoader
import torchvision
import torchvision.transforms as transforms


def data_loader(dataset_name, dataroot, batch_size, val_ratio, total_clients, world_size, rank, group, heterogeneity=0, extra_bs=None, num_workers=1, small=False, full_batch=False):
    """
    Build the loaders for a simulated federation.

    dataset_name: MNIST, FashionMNIST, CIFAR10 or CIFAR100.
    dataroot: where torchvision stores the files.
    batch_size: per-step batch size.
    val_ratio: share of the training split held out for validation
        when the data set has no validation split of its own.
    total_clients: number of simulated clients.
    world_size: number of processes.
    rank: index of this process.
    heterogeneity: 0 (iid) to 1 (label-sorted) split across clients.
    extra_bs: unused batch size of an extra loader.
    small: shrink every split to 1%.
    full_batch: keep only one batch per client.

    Returns the client train loaders, the validation loader and the
    test loader.
    """
    if ((val_ratio < 0) or (val_ratio > 1.0)):
        raise ValueError("val_ratio must lie in [0, 1]")
    if heterogeneity < 0:
        raise ValueError("heterogeneity must not be negative")
    if total_clients == 1 and heterogeneity > 0:
        raise ValueError("a single client cannot have a heterogeneous split")

    # per-data-set settings
    if dataset_name == 'CIFAR10':
        ds_cls = torchvision.datasets.CIFAR10
        norm = transforms.Normalize((0.4914, 0.4822, 0.4465),
                                    (0.2470, 0.2435, 0.2616))
        tf_train = transforms.Compose([transforms.RandomHorizontalFlip(),
                                       transforms.RandomCrop(32, padding=4),
                                       transforms.ToTensor(),
                                       norm])
        tf_test = transforms.Compose([transforms.ToTensor(),
                                      norm])
        kw_train = {"train": True, "download": True, "transform": tf_train}
        kw_val = {"train": True, "download": True, "transform": tf_test}
        kw_test = {"train": False, "download": True, "transform": tf_test}
        n_labels = 10
        own_val = False
        fixed_clients = False

    elif dataset_name == 'CIFAR100':
        ds_cls = torchvision.datasets.CIFAR100
        norm = transforms.Normalize((0.5071, 0.4866, 0.4409),
                                    (0.2673, 0.2564, 0.2762))
        tf_train = transforms.Compose([transforms.RandomHorizontalFlip(),
                                       transforms.RandomCrop(32, padding=4),
                                       transforms.ToTensor(),
                                       norm])
        tf_test = transforms.Compose([transforms.ToTensor(),
                                      norm])
        kw_train = {"train": True, "download": True, "transform": tf_train}
        kw_val = {"train": True, "download": True, "transform": tf_test}
        kw_test = {"train": False, "download": True, "transform": tf_test}
        n_labels = 100
        own_val = False
        fixed_clients = False

    elif dataset_name == 'MNIST':
        ds_cls = torchvision.datasets.MNIST
        norm = transforms.Normalize((0.1307,), (0.3081,))
        tf_train = transforms.Compose([transforms.ToTensor(),
                                       norm])
        tf_test = tf_train
        kw_train = {"train": True, "download": True, "transform": tf_train}
        kw_val = {"train": True, "download": True, "transform": tf_test}
        kw_test = {"train": False, "download": True, "transform": tf_test}
        n_labels = 10
        own_val = False
        fixed_clients = False

    elif dataset_name == 'FashionMNIST':
        ds_cls = torchvision.datasets.FashionMNIST
        norm = transforms.Normalize((0.2860,), (0.3530,))
        tf_train = transforms.Compose([transforms.ToTensor(),
                                       norm])
        tf_test = tf_train
        kw_train = {"train": True, "download": True, "transform": tf_train}
        kw_val = {"train": True, "download": True, "transform": tf_test}
        kw_test = {"train": False, "download": True, "transform": tf_test}
        n_labels = 10
        own_val = False
        fixed_clients = False



    else:
        raise NotImplementedError

    #
    train_ds = ds_cls(root=dataroot, **kw_train)
    val_ds = ds_cls(root=dataroot, **kw_val)
    test_ds = ds_cls(root=dataroot, **kw_test)



    # Data sets built for federated learning come with their own clients;
    # centralised data sets are cut into clients here.
    #
    if fixed_clients:
        all_idx = lambda d: list(range(d.num_clients))
    else:
        all_idx = lambda d: list(range(len(d)))

    # carve validation out of training unless there is a separate split
    if own_val:
        tr_idx = all_idx(train_ds)
        va_idx = all_idx(val_ds)
        random.shuffle(va_idx)
    else:
        every_idx = all_idx(train_ds)
        random.shuffle(every_idx)
        cut = round(val_ratio * len(every_idx))
        tr_idx = every_idx[cut:]
        va_idx = every_idx[:cut]
    te_idx = all_idx(test_ds)
    random.shuffle(te_idx)

    # Split into clients; the heterogeneous split follows
    # https://arxiv.org/abs/1910.06378 (an iid pool plus a
    # label-sorted pool).
    if total_clients > 1:
        random.seed(1234)

    # Build the iid and the label-sorted pools; for centralised data sets
    # keep the label mix of each pool close to the whole set.
    #
    if fixed_clients:

        # only binary tasks: clients are ordered by their share of
        # positives
        if train_ds.n_classes != 2:
            raise NotImplementedError

        # iid clients versus sorted clients
        random.shuffle(tr_idx)
        n_iid = round((1.0 - heterogeneity) * len(tr_idx))
        iid_pool = tr_idx[:n_iid]
        sorted_pool = tr_idx[n_iid:]

        # order the sorted pool by share of positives
        pos_share = np.zeros(len(sorted_pool))
        for i, cl in enumerate(sorted_pool):
            cl_labels = [train_ds.labels[idx] for idx in train_ds.user_items[cl]]
            pos_share[i] = np.mean(cl_labels)
        order = np.argsort(pos_share)
        sorted_pool = [sorted_pool[idx] for idx in order]

    else:

        # indices of every label
        per_label = get_label_indices(dataset_name, train_ds, n_labels)
        for l in range(n_labels):
            if not own_val:
                per_label[l] = [i for i in per_label[l] if i in tr_idx]
            random.shuffle(per_label[l])

        # part of every label goes to the shuffled pool, the rest to
        # the label-sorted pool
        iid_pool = []
        sorted_pool = []
        for i in range(n_labels):
            n_iid = round((1.0 - heterogeneity) * len(per_label[i]))
            iid_pool += per_label[i][:n_iid]
            sorted_pool += per_label[i][n_iid:]
        random.shuffle(iid_pool)

    # hand out both pools to the clients
    client_idx = [[] for _ in range(total_clients)]
    per_iid = len(iid_pool) // total_clients
    per_sorted = len(sorted_pool) // total_clients
    part = per_iid + per_sorted
    for j in range(total_clients):
        client_idx[j] += iid_pool[per_iid * j: per_iid * (j+1)]
        client_idx[j] += sorted_pool[per_sorted * j: per_sorted * (j+1)]
        random.shuffle(client_idx[j])

    # Validation and test are split by process (world_size), not by
    # client, since evaluation is not done per client.
    # NOTE: equal-size test parts drop a few examples; maybe not
    # needed.
    #
    #
    va_part = len(va_idx) // world_size
    te_part = len(te_idx) // world_size
    my_va = va_idx[rank * va_part: (rank+1) * va_part]
    my_te = te_idx[rank * te_part: (rank+1) * te_part]

    # miniature run
    if small:
        for r in range(total_clients):
            client_idx[r] = client_idx[r][:round(len(client_idx[r]) / 100)]
        my_va = my_va[:round(len(my_va) / 100)]
        my_te = my_te[:round(len(my_te) / 100)]

    # with predefined clients, expand client ids to sample ids
    if fixed_clients:

        for r in range(total_clients):
            cur = list(client_idx[r])
            client_idx[r] = []
            for i in cur:
                client_idx[r] += train_ds.user_items[i]

        cur = list(my_va)
        my_va = []
        for i in cur:
            my_va += val_ds.user_items[i]

        cur = list(my_te)
        my_te = []
        for i in cur:
            my_te += test_ds.user_items[i]

    # One loader per client over the shared training set, plus the
    # validation and test loaders.
    #
    loader_kw = {"batch_size": batch_size}


    # Full-batch gradient descent: every client keeps just its first
    # batch_size indices.
    #
    if full_batch:
        client_idx = [cs[:batch_size] for cs in client_idx]

    client_loaders = [DataLoader(
                train_ds,
                batch_size=batch_size,
                sampler=SubsetRandomSampler(client_idx[rank]),
            ) for rank in range(total_clients)]
    val_loader = DataLoader(
        val_ds, sampler=SubsetRandomSampler(my_va), **loader_kw
    )
    test_loader = DataLoader(
        test_ds, sampler=SubsetRandomSampler(my_te), **loader_kw
    )



    return client_loaders, val_loader, test_loader



def get_label_indices(dataset_name, d, n_labels):
    """
    List, for every label, the indices of the samples that carry it.
    """

    if dataset_name in ["CIFAR10", "CIFAR100", "MNIST", "FashionMNIST"]:
        idx_by_label = [[] for _ in range(n_labels)]
        for idx, lab in enumerate(d.targets):
            idx_by_label[lab].append(idx)
    elif dataset_name == "SNLI":
        idx_by_label = [
            (d.targets == i).nonzero()[0].tolist()
            for i in range(d.n_classes)
        ]
    else:
        raise NotImplementedError

    return idx_by_label


def get_num_classes(dataset_name):
    if dataset_name == "CIFAR10":
        n = 10
    else:
        raise NotImplementedError
    return n
