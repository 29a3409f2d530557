import numpy as np
import tensorflow.keras as keras
import csv
import random

class VoxelBatches(keras.utils.Sequence):

    def __init__(self, paths, targets, per_batch):
        self.paths, self.targets = paths, targets
        self.per_batch = per_batch

    def __len__(self):
        return int(np.ceil(len(self.paths) / float(self.per_batch)))

    def __getitem__(self, i):
        some_paths = self.paths[i * self.per_batch:(i + 1) * self.per_batch]
        some_targets = self.targets[i * self.per_batch:(i + 1) * self.per_batch]

        return np.array([ np.load(p) for p in some_paths]), np.array(some_targets)
