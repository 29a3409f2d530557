from os.path import join

from dataset import PairedFolder


def train_pairs(base, mode):
    tr_dir = join(base, "train")

    return PairedFolder(tr_dir, mode)


def test_pairs(base, mode):
    te_dir = join(base, "test")

    return PairedFolder(te_dir, mode)
