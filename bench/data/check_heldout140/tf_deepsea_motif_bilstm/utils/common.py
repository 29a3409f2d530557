import os

import h5py
import numpy as np


def load_mat(folder, mode):
    mat_file = os.path.join(folder, "{}.mat".format(mode))

    h5 = h5py.File(mat_file, 'r')
    targets = h5['{}data'.format(mode)]
    seqs = h5['{}xdata'.format(mode)]

    targets = np.transpose(targets, (1, 0))
    seqs = np.transpose(seqs, (2, 0, 1))

    return seqs, targets
