import sys
sys.path.append('..')

import csv
import math
import random
import json
import numpy as np
import constant as const
from PIL import Image
from pylib.path import File, Directory
from pylib.image import Image


fs = File()
dirs = Directory()
pic_io = Image()

ROWS = 50
COLS = 50
CHANNELS = 3
LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S',
                      'T', 'U', 'V', 'W', 'X', 'Y', 'Z']


class Data:
    def load_train_dataset(self) -> tuple:
        pics, letters = self._load_dataset(ds_path=const.TRAIN_DIR)
        pics = self._normalize(x=pics)
        pics, letters = self._shuffle_inputs(x=pics, y=letters)
        return pics, letters

    def load_test_dataset(self) -> tuple:
        pics, letters = self._load_dataset(ds_path=const.TEST_DIR)
        pics = self._normalize(x=pics)
        pics, letters = self._shuffle_inputs(x=pics, y=letters)
        return pics, letters

    def _load_dataset(self, ds_path: str) -> tuple:
        pics, letters = list(), list()
        for letter in const.CATEGORIES:
            print(letter, 'read.')
            for fname in dirs.list_dir(ds_path, letter):
                arr = pic_io.to_array(src=dirs.join(ds_path, letter, fname))
                pics.append(arr)
            letters.extend([ord(letter) - 65] * len(dirs.list_dir(ds_path, letter)))
        return np.array(pics), np.array(letters)

    def _normalize(self, x: np.ndarray) -> np.ndarray:
        return x / 255.0

    # shuffle pairs together by zipping rows with their labels
    def _shuffle_inputs(self, x: np.array, y: np.array) -> tuple:
        pairs = list(zip(x, y))
        random.shuffle(pairs)
        x, y = zip(*pairs)
        del pairs
        x, y = np.array(x), np.array(y)
        return x, y
