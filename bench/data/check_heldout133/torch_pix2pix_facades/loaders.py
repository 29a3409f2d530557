from os.path import join

from folder_pairs import PairedFolder


def make_train_split(root, direction):
    split_dir = join(root, "train")

    return PairedFolder(split_dir, direction)


def make_test_split(root, direction):
    split_dir = join(root, "test")

    return PairedFolder(split_dir, direction)
