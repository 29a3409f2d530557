import os
import time
import random
from glob import glob
import numpy as np
import matplotlib.pyplot as plt
import matplotlib
import xarray as xr
import scipy
from typing import Union, Tuple
import regex as re

def get_folders(name_dataset):
    data = os.path.join(
        os.getcwd(), name_dataset
    )

    sample_ids = []

    for item in os.listdir(data):
        item_path = os.path.join(data, item)
        if os.path.isdir(item_path):
            sample_ids.append(item)

    return sample_ids

def get_cubes(name_dataset, data, pattern):
    sample_path = os.path.join(name_dataset, data)

    files = os.listdir(sample_path)

    for file in files:
        if file.startswith(pattern) and file.endswith(".npy"):
            data_ = np.load(os.path.join(sample_path, file), allow_pickle= True)

    return data_

def rescale_volume(volume, low= 0, high= 100):
    minval = np.percentile(volume, low)
    maxval = np.percentile(volume, high)
    volume = np.clip(volume, minval, maxval)
    volume = ((volume - minval) / (maxval - minval)) * 255

    return volume


def create_submission(
        sample_id: str, prediction: np.ndarray, submission_path: str, append: bool = True
):

    if append:
        try:
            submission = dict(np.load(submission_path))
        except:
            print("File not found, new submission will be created.")
            submission = dict({})
    else:
        submission = dict({})

    coordinates = np.stack(np.where(prediction > 0)).T
    coordinates = coordinates.astype(np.uint16)

    submission.update(dict([[sample_id, coordinates]]))

    np.savez(submission_path, **submission)
