"""Directory helpers."""

import os

DATA_DIR = "dataset/"
RESULTS_DIR = "results/"
MODELS_DIR = "models/"


def make_dir(path, delete_old=False):
    """Make a directory.

    Args:
        path (str): directory to make
        delete_old (bool): remove and recreate it when it
                           already exists (default false)
    """
    if not os.path.exists(path):
        os.mkdir(path)

    else:
        if delete_old:
            os.rmdir(path)
            os.mkdir(path)
