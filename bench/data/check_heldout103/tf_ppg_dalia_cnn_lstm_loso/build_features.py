"""
Feature building for the wrist PPG / accelerometer recordings
"""
from __future__ import annotations
import pickle
from xmlrpc.client import Boolean
import pandas as pd
import numpy as np
from statistics import mean
from pathlib import Path
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import StandardScaler, OneHotEncoder
from sklearn.pipeline import Pipeline
import os
import sys
import pprint

src_dir = os.path.join(os.getcwd(), "src")
sys.path.insert(0, src_dir)

from src.visualization.visualize import create_dataframe


ACTIVITIES = {
    0: "transient",
    1: "sitting",
    2: "stairs",
    3: "table_soccer",
    4: "cycling",
    5: "driving",
    6: "lunch_break",
    7: "walking",
    8: "working",
}
PPG_HZ = 64
ACC_HZ = 32


class DataBlock:
    """
    One subject's recording as a DataFrame, cached as csv
    after the first read of the pickle
    """

    def __init__(self, subject_name: str, filepath: Path):

        # cached csv present?
        if os.path.exists("data/interim/{0}/{0}.csv".format(subject_name)):
            # read the cached table
            self.raw_dataframe = pd.read_csv(
                "data/interim/{0}/{0}.csv".format(subject_name), index_col=0
            )
        else:
            # build the table from the pickle and cache it
            self.raw_dataframe = create_dataframe(
                filepath=os.path.join(filepath, subject_name),
                subject_name=subject_name,
            )
            # gender as 0 (m) / 1 (f)
            self.raw_dataframe["gender"] = np.where(
                self.raw_dataframe["gender"] == " m", 0, 1
            )
            # the subject id is not a feature
            self.raw_dataframe.drop("subject", axis=1, inplace=True)
            # per-subject cache folder
            if not os.path.exists("data/interim/{}".format(subject_name)):
                # make it
                os.mkdir("data/interim/{0}".format(subject_name))
            # cache file name
            cache_path = os.path.join(
                "data/interim/{0}".format(subject_name),
                "{}.csv".format(subject_name),
            )
            self.raw_dataframe["bmi"] = (
                self.raw_dataframe["weight"]
                * 10000
                / (self.raw_dataframe["height"] ** 2)
            )

            self.raw_dataframe = self.raw_dataframe[
                [
                    "bvp",
                    "acc_x",
                    "acc_y",
                    "acc_z",
                    "gender",
                    "age",
                    "sport",
                    "bmi",
                    "heart_rate",
                ]
            ]
            # write the cache
            self.raw_dataframe.to_csv(path_or_buf=cache_path)

        self.n_samples = self.raw_dataframe.shape[0]


def to_supervised(arr: np.array, n_steps_in: int, n_steps_out: int):

    """
    Cut a (rows, features + target) array into input windows
    and a mean-target value per window.

    Adapted from a time-series forecasting textbook recipe.

    Args:
    arr:np.array -> rows of features with the target in the last column
    n_steps_in:int -> window length
    n_steps_out:int -> output length (unused)

    Returns:
    X:np.array -> windows of features
    y:np.array -> mean heart rate of each window
    """
    wins, targets = [], []
    first = 0
    # one window per row
    for r in range(len(arr)):
        # window end
        stop = n_steps_in + (r)
        # stop_out = stop - n_steps_out
        # enough rows left?
        if stop < len(arr):
            # features of the window
            w = arr[r:stop, :-1]
            wins.append(w)
            # target of the window
            targets.append(np.mean(arr[r:stop, -1]))
        # next start row
        # first += 2

    return np.array(wins), np.array(targets)


def to_supervised_shuffled(arr: np.array, n_steps_in: int, n_steps_out: int):

    """
    Same windows as to_supervised, shuffled before the
    target is taken.

    Adapted from a time-series forecasting textbook recipe.

    Args:
    arr:np.array -> rows of features with the target in the last column
    n_steps_in:int -> window length
    n_steps_out:int -> output length (unused)

    Returns:
    X:np.array -> windows of features
    y:np.array -> mean heart rate of each window
    """
    wins, targets = [], []
    first = 0
    # one window per row
    for r in range(len(arr)):
        # window end
        stop = n_steps_in + (r)
        # stop_out = stop - n_steps_out
        # enough rows left?
        if stop < len(arr):
            # the whole window, target column included
            w = arr[r:stop, :]
            wins.append(w)
            # target taken after shuffling
            # targets.append(np.mean(arr[r:stop, -1]))
        # next start row
        # first += 2
    wins = np.array(wins)
    np.random.shuffle(wins)
    feats_only = []
    for w in wins:
        feats_only.append(w[:, :-1])

    # targets = []
    for w in wins:
        targets.append(np.mean(w[:, -1]))

    return np.array(feats_only), np.array(targets)


# def to_supervised_mlp(arr: np.array, n_steps_in: int, n_steps_out: int):

#     """
#     Older variant: one target row per window instead of
#     the window mean

#     Adapted from a time-series forecasting textbook recipe.

#     Args:
#     arr:np.array -> rows of features with the target in the last column
#     n_steps_in:int -> window length
#     n_steps_out:int -> output length

#     Returns:
#     X:np.array -> windows of features
#     y:np.array -> heart rate at the window end
#     """
#     wins, targets = [], []
#     first = 0
#     # one window per row
#     for _ in range(len(arr)):
#         # window end
#         stop = first + n_steps_in
#         stop_out = stop - n_steps_out
#         # enough rows left?
#         if stop_out < len(arr):
#             # features of the window
#             w = arr[first:stop, :-1]
#             wins.append(w)
#             # target row
#             targets.append(arr[stop_out, -1])
#         # next start row
#         first += 1
#     return np.array(wins), np.array(targets)

if __name__ == "__main__":
    for k in range(1, 16):
        block = DataBlock(subject_name="S{}".format(k), filepath="data/raw/")
