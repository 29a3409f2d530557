import numpy as np
import cv2
import os
from keras.preprocessing.image import Iterator
from keras import backend as K
from abc import abstractmethod


class FolderImageSource:
    def __init__(self, folder, target_size=None, is_crop=True, color_mode='rgb', nb_samples=None):
        self.folder = folder
        self.target_size = target_size
        self.is_crop = is_crop
        self.color_mode = color_mode
        self.file_list = np.array(sorted([os.path.join(folder, name) for name in os.listdir(folder)]))
        if nb_samples is not None:
            self.file_list = self.file_list[:nb_samples]
        self.data_num = len(self.file_list)

    @abstractmethod
    def flow(self, batch_size, shuffle=True):
        return BatchReader(paths=self.file_list, target_size=self.target_size, is_crop=self.is_crop,
                           color_mode=self.color_mode, batch_size=batch_size, shuffle=shuffle)


class BatchReader(Iterator):
    def __init__(self, paths, target_size=None, is_crop=True, color_mode='rgb',
                 batch_size=32, shuffle=True, seed=None, is_loop=True):
        self.paths = paths
        self.target_size = target_size
        self.is_crop = is_crop
        self.color_mode = color_mode
        self.is_loop = is_loop
        self.data_num = len(self.paths)
        super().__init__(self.data_num, batch_size, shuffle, seed)

    def next(self):
        with self.lock:
            picked, cursor, this_bs = next(self.index_generator)
        chosen_paths = self.paths[picked]
        batch = np.array([read_one(p, self.target_size, self.color_mode, self.is_crop)
                          for p in chosen_paths])
        return batch


def read_one(path, target_size=None, color_mode='rgb', is_crop=True):
    assert color_mode in ['grayscale', 'gray', 'rgb']
    if color_mode in ['grayscale', 'gray']:
        flag = cv2.IMREAD_GRAYSCALE
        ch = 1
    else:
        flag = cv2.IMREAD_COLOR
        ch = 3

    pix = cv2.imread(path, flag)

    if target_size is not None:
        if is_crop:
            pix = center_cut(pix, target_size)
        else:
            pix = cv2.resize(pix, target_size, interpolation=cv2.INTER_LINEAR)

    rows, cols = pix.shape[:2]
    if K.image_dim_ordering() == 'th':
        final_shape = (ch, rows, cols)
    else:
        final_shape = (rows, cols, ch)
    pix = to_unit_range(pix)
    return pix.reshape(final_shape)


def center_cut(pix, target_size):
    tw, th = target_size
    rows, cols = pix.shape[:2]
    return pix[int((rows - th) * 0.5): int((rows - th) * 0.5) + th,
               int((cols - tw) * 0.5): int((cols - tw) * 0.5) + tw]


def to_unit_range(a):
    return (a.astype('float32') / 255 - 0.5) / 0.5
