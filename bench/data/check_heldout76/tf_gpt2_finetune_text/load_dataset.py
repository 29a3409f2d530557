import glob
import numpy as np
import os
import tensorflow as tf
import tqdm


def load_dataset(enc, path, combine, encoding=None):
    inputs = []
    if os.path.isfile(path):
        # a single file
        inputs.append(path)
    elif os.path.isdir(path):
        # a folder tree
        for (root, _, names) in os.walk(path):
            for name in names:
                inputs.append(os.path.join(root, name))
    else:
        # treat it as a glob pattern
        inputs = glob.glob(path)

    pieces = []
    pending = ''
    for src in tqdm.tqdm(inputs):
        if src.endswith('.npz'):
            # already tokenized
            with np.load(src) as arch:
                for key in arch.files:
                    pieces.append(arch[key])
        else:
            # raw text
            with open(src, 'r', encoding=encoding) as fh:
                pending += fh.read()
            if len(pending) >= combine:
                ids = np.stack(enc.encode(pending))
                pieces.append(ids)
                pending = ''
            else:
                pending += '<|endoftext|>'
    if pending:
        ids = np.stack(enc.encode(pending))
        pieces.append(ids)
    return pieces


def bisect_first(pred, lo, hi):
    if pred(lo) or not pred(hi):
        return None
    while hi > lo + 1:
        mid = (lo + hi) // 2
        if pred(mid):
            hi = mid
        else:
            lo = mid
    return hi


class Sampler(object):
    """Draws fixed-length windows from chunks of different sizes.

    Every token position is equally likely, as if the chunks were one array,
    but a window never spans two chunks."""

    def __init__(self, chunks, seed=None):
        self.chunks = chunks
        self.total_size = sum(c.shape[0] for c in chunks)
        self.boundaries = [0]
        for k in range(len(chunks)):
            self.boundaries.append(self.boundaries[-1] + chunks[k].shape[0])
        self.rs = np.random.RandomState(seed=seed)

    def sample(self, length):
        assert length < self.total_size // len(
            self.chunks
        ), "Chunks are too short to draw {} tokens at once".format(
            length)
        while True:
            start = self.rs.randint(0, self.total_size - length - 1)
            k = bisect_first(lambda j: self.boundaries[j] > start, 0,
                              len(self.boundaries) - 1) - 1
            if self.boundaries[k + 1] > start + length:
                offset = start - self.boundaries[k]
                return self.chunks[k][offset:offset + length]
