from pyphoon.io.h5 import read_h5_dataset_file
import numpy as np
import h5py
from os.path import join
from keras.utils import np_utils
import warnings


################################################################################
# per-year h5 chunks
################################################################################
def read_chunk_list(chunk_dir, chunk_names, fields,
                      skip_classes=None, verbose=False, crop=None):
    """ Reads several h5 chunk files; returns, per field, a list with one
    array per chunk.

    :param chunk_dir: folder holding the chunks.
    :param chunk_names: chunk file names.
    :param fields: names of the h5 datasets to read.
    :param skip_classes: class labels to drop.
    :param verbose: print progress.
    :param crop: optional centre crop size in pixels.
    :return: list of lists of arrays.
    """
    # no field list given
    if fields is None:
        with h5py.File(join(chunk_dir, chunk_names[0]), 'r') as fh:
            present = list(fh.keys())
        raise Exception("Name the fields to read; the chunk has:",
                        str(present))

    # per-field lists
    out = {}
    for name in chunk_names:
        with h5py.File(join(chunk_dir, name), 'r') as fh:
            # fields in this chunk
            present = list(fh.keys())

            # labels
            try:
                labels = fh.get('class').value
            except:
                raise Exception("No 'class' field in chunk " + join(
                                 chunk_dir, name) + "; cannot continue.")

            # keep finite labels only
            keep = np.isfinite(labels)

            # drop unwanted classes
            if skip_classes is not None:
                for c in skip_classes:
                    other = labels != c
                    keep = keep == other

            # read the requested fields
            for field in fields:
                if field not in present:
                    raise Exception("Field " + field + " missing in chunk " + join(
                                     chunk_dir, name))
                else:
                    if field not in out:
                        out[field] = []

                    if field == 'class':
                        out[field].append(labels[keep])
                    elif field == 'data' and crop:
                        half = int(crop / 2)
                        out[field].append(
                            fh.get(field).value[keep]
                            [:, half:half + crop, half:half + crop]
                        )
                    else:
                        out[field].append(fh.get(field).value[keep])

        print(" chunk", name, "done") if verbose else 0

    return list(out.values())


def to_binary_task(labels, seed=0):
    """ Maps the original classes 2-6 to tropical (0) vs extratropical (1)
    and picks a balanced subset of positions.

    :param labels: original class labels.
    :param seed: random seed.
    :return: (new labels, kept positions).
    """
    # seed
    np.random.seed(seed)

    keep = []  # kept positions
    lab = []  # their new labels

    # extratropical samples (class 6)
    at6 = np.argwhere(labels == 6)
    n6 = len(at6)
    keep.append(at6)
    lab.append(np.ones(n6, dtype=int))

    # how many to draw from each tropical class
    per_class = np.ceil(n6 / 4)  # balanced share
    if per_class == 0:
        per_class = 1

    # tropical classes 2-5
    for c in range(2, 6):
        avail = np.argwhere(labels == c)
        n = len(avail)
        if n != 0:
            take = int(np.minimum(per_class, n))
            pick = np.random.choice(n, take, replace=False)
            keep.append(avail[pick])
            lab.append(np.zeros(take, dtype=int))
    keep = np.concatenate(keep)[:, 0]
    lab = np.concatenate(lab)

    return lab, keep


################################################################################
# batch generator
################################################################################
class ChunkBatcher:
    """ Yields batches from a list of per-chunk arrays.

        :param batch_sz: batch size.
        :param preprocess_algorithm: callable applied to a whole chunk.
        :param crop: optional centre crop size.
        :param target_enc: optional label encoding.
        :param num_classes: number of classes for the encoding.
        :param target_offset: smallest class label.
        :param verbose: print progress.
        """

    def __init__(self, batch_sz, preprocess_algorithm=None, crop=None,
                 target_enc=None, num_classes=4, target_offset=2,
                 verbose=False):
        self.batch_sz = batch_sz
        self.crop = crop
        self.target_enc = target_enc
        self.target_offset = target_offset
        self.num_classes = num_classes
        self.verbose = verbose
        self.preprocess_algorithm = preprocess_algorithm

    def _crop(self, X):
        half = int(self.crop / 2)
        return X[:, half:half + self.crop, half:half + self.crop]

    def feed(self, X, Y=None, shuffle_batches=True, shuffle_samples=True):
        """
        :param X: list of per-chunk sample arrays.
        :param Y: list of per-chunk label arrays.
        :param shuffle_batches: shuffle the chunk order.
        :param shuffle_samples: shuffle samples inside a chunk.
        :return: generator of (x, y, weights).
        """
        # chunk count
        n_chunks = len(X)
        order = list(range(n_chunks))

        seen = 0
        while True:
            # new chunk order after a full pass
            print(seen) if self.verbose else 0
            if seen % n_chunks == 0 and shuffle_batches:
                np.random.shuffle(order)

            # the current chunk
            j = order[seen % n_chunks]
            _X = X[j]
            if Y:
                _Y = Y[j]

            # normalise the whole chunk
            if self.preprocess_algorithm:
                _X = self.preprocess_algorithm(_X)

            # shuffle inside the chunk
            n = len(_X)
            if shuffle_samples:
                perm = np.arange(n)
                np.random.shuffle(perm)
                _X = _X[perm]
                if Y:
                    _Y = _Y[perm]

            # centre crop
            if self.crop:
                _X = self._crop(_X)
            # label encoding
            if self.target_enc:
                if Y:
                    _Y = _target_encoder(_Y, self.target_enc,
                                         self.num_classes, self.target_offset)

            # slice into batches
            nb = np.ceil(n / self.batch_sz).astype(int)
            for b in range(nb):
                # last batch
                if b == nb:
                    x = _X[b * self.batch_sz:]
                    if Y:
                        y = _Y[b * self.batch_sz:]

                    print(x)
                    print('------------------------------------------------')
                    print(y)
                else:
                    x = _X[b * self.batch_sz:(b + 1) * self.batch_sz]
                    if Y:
                        y = _Y[b * self.batch_sz:(b + 1) * self.batch_sz]

                # (weighting by class disabled)
                # (weighting by class disabled)
                if Y:
                    w = np.ones(len(y))
                    yield x, y, w
                else:
                    yield x
            seen += 1
