import random
from typing import List

import numpy as np
from keras import utils

from fed_learn.fed_client import Client


def iid_data_indices(n_parts: int, targets: np.ndarray):
    targets = targets.flatten()
    n = len(targets)
    order = np.arange(n)
    np.random.shuffle(order)
    parts = np.array_split(order, n_parts)
    return parts


def non_iid_data_indices(n_parts: int, targets: np.ndarray, n_shards: int = 200):
    targets = targets.flatten()
    n = len(targets)

    order = np.arange(n)
    order = order[targets.argsort()]

    shard_list = np.array_split(order, n_shards)
    random.shuffle(shard_list)
    shards_per_part = np.array_split(shard_list, n_parts)
    part_indices = [np.hstack(s) for s in shards_per_part]

    return part_indices


class BaseDataProcessor:
    def __init__(self):
        pass

    @staticmethod
    def pre_process(x: np.ndarray, y: np.ndarray, n_classes: int):
        raise NotImplementedError


class CifarProcessor(BaseDataProcessor):
    def __init__(self):
        super().__init__()

    @staticmethod
    def pre_process(x: np.ndarray, y: np.ndarray, n_classes: int):
        y = utils.to_categorical(y, n_classes)
        x = x.astype(np.float32)
        x /= 255.0
        return x, y


class DataHandler:
    def __init__(self,
                 x_train: np.ndarray,
                 y_train: np.ndarray,
                 x_test: np.ndarray,
                 y_test: np.ndarray,
                 preprocessor: BaseDataProcessor,
                 only_debugging: bool = True):
        self._n_classes = len(np.unique(y_train))
        self._prep = preprocessor

        if only_debugging:
            x_train = x_train[:100]
            y_train = y_train[:100]
            x_test = x_test[:100]
            y_test = y_test[:100]

        self.x_train = x_train
        self.y_train = y_train
        self.x_test = x_test
        self.y_test = y_test

    def _sample(self, technique: str, n_parts: int):
        if technique.lower() == "iid":
            split_fn = iid_data_indices
        else:
            split_fn = non_iid_data_indices
        part_indices = split_fn(n_parts, self.y_train)
        return part_indices

    def preprocess(self, x, y):
        x, y = self._prep.pre_process(x, y, self._n_classes)
        return x, y

    def assign_data_to_clients(self, workers: List[Client], technique: str):
        part_indices = self._sample(technique, len(workers))
        for worker, idx in zip(workers, part_indices):
            x = self.x_train[idx]
            y = self.y_train[idx]
            x, y = self.preprocess(x, y)
            worker.receive_data(x, y)
