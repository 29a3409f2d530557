# -*- coding: utf-8 -*-

"""Feeds Sentinel-2 tiles and their land-cover masks to a U-Net."""

import itertools
import os
import sys
from random import sample

import numpy as np
from sklearn.model_selection import train_test_split
from tensorflow.keras.utils import to_categorical

from utils import lazyproperty, preprocess_ms_image


class TileFeeder:
    """Cuts windows out of Sentinel-2 EOPatches for segmentation training."""

    def __init__(self, root, window, stride):
        self._root = root
        self._window = window
        self._stride = stride

    # ------------------------- public ----------------------------------------------

    def batches(self, picks, per_batch=8):
        """endless generator of (image, mask) batches drawn from the given picks."""
        while True:
            xs = []
            ys = []
            chosen = sample(picks, per_batch)
            for pick in chosen:
                tile, lab = self._cut_window(pick)
                # print(pick)
                xs += [tile]
                ys += [lab]
            X = np.array(xs)
            Y = np.array(ys)
            yield X, Y

    @lazyproperty
    def _full_side(self):
        """side length of one master tile in pixels."""
        # src = f"{self._root}{self._tiles[0]}/{1}-img.npy"
        src = f"{self._root}{self._tiles[0]}/img.npy"
        arr = preprocess_ms_image(np.load(src).astype("float64"))
        return arr.shape[0]

    @lazyproperty
    def _tiles(self) -> list:
        """names of every EOPatch folder."""
        return [d for d in os.listdir(self._root) if not d.startswith(".")]

    @lazyproperty
    def _bands(self) -> np.ndarray:
        src = f"{self._root}{self._tiles[0]}/img.npy"
        arr = preprocess_ms_image(np.load(src).astype("float64"))
        return arr

    # # older per-month variant, kept switched off
    # def _bands(self, tile_ix, i, j) -> np.ndarray:
    #     # tiles = []
    #     # for tile in self._tiles:
    #     #     months = []
    #     #     for i in range(12):
    #     w = self._window
    #     # m = month_ix + 1
    #     tile = self._tiles[tile_ix]
    #     # src = f"{self._root}{tile}/{m}-img.npy"
    #     src = f"{self._root}{tile}/img.npy"
    #     arr = preprocess_ms_image(np.load(src).astype("float64"))
    #     return arr[i : i + w, j : j + w, :]
    #     # months.append(arr)
    #     # tiles.append(months)
    #     # return np.array(tiles)

    @lazyproperty
    def _labels(self) -> np.ndarray:
        labs = []
        for tile in self._tiles:
            src = f"{self._root}{tile}/LULC.npy"
            codes = np.load(src)
            onehot = to_categorical(codes, num_classes=10)
            labs.append(onehot)
        return np.array(labs)

    # def _labels(self, tile_ix, i, j) -> np.ndarray:
    #     # labs = []
    #     # for tile in self._tiles:
    #     tile = self._tiles[tile_ix]
    #     src = f"{self._root}{tile}/LULC.npy"
    #     codes = np.load(src)
    #     w = self._window
    #     codes = codes[i : i + w, j : j + w, :]
    #     # months.append(arr)
    #     onehot = to_categorical(codes, num_classes=10)
    #     return onehot
    #     # labs.append(onehot)
    #     # return np.array(labs)

    @lazyproperty
    def _quarter_turns(self) -> list:
        """how many 90 degree turns to try."""
        return [0, 1, 2, 3]

    @lazyproperty
    def _mirror_modes(self) -> list:
        """Mirroring choices."""
        return [
            0,  # leave as is
            1,  # mirror rows
            2,  # mirror columns
            3,  # mirror both
        ]

    @lazyproperty
    def split_picks(self) -> list:
        """Every (tile, row, col, turn, mirror) pick, split into train and validation.

        Picks start at the top-left corner of each master tile and move by the stride
        down to the bottom-right one. Along one side there are (master side - window)
        starting offsets divided by the stride; each offset pair is combined with every
        turn and every mirror mode, and with every tile, giving the full list of picks
        that the generator later samples from.
        """
        span = self._full_side - self._window
        picks = list(
            itertools.product(
                range(len(self._tiles)),
                # range(12),
                range(0, span, self._stride),
                range(0, span, self._stride),
                self._quarter_turns,
                self._mirror_modes,
            )
        )

        # tr, te = train_test_split(picks, test_size=0.3, random_state=42)
        # tr, va = train_test_split(tr, test_size=0.2, random_state=42)
        tr, va = train_test_split(picks, test_size=0.2, random_state=42)

        # return tr, va, te
        return tr, va

    # ------------------------- internals --------------------------------------------

    def _cut_window(self, pick):
        w = self._window
        # tile_ix, month_ix, i, j, turns, mirror = pick
        tile_ix, i, j, turns, mirror = pick
        # tile = self._bands(tile_ix, month_ix, i, j)
        tile = self._bands[i : i + w, j : j + w, :]
        # lab = self._labels(tile_ix, i, j)
        lab = self._labels[tile_ix][i : i + w, j : j + w, :]
        if mirror:
            axes = {1: 0, 2: 1, 3: (0, 1)}[mirror]  # mirror mode to numpy axes
            tile = np.flip(tile, axes)
            lab = np.flip(lab, axes)
        tile = np.rot90(tile, turns)
        lab = np.rot90(lab, turns)
        return tile, lab


if __name__ == "__main__":
    root = sys.argv[-3]
    window = int(sys.argv[-2])
    stride = int(sys.argv[-1])
    print(f"root={root} window={window} stride={stride}")
    feeder = TileFeeder(root, window, stride)
    tr, va = feeder.split_picks
    for i, item in enumerate(feeder.batches(tr)):
        print(item)
