from multiprocessing import Manager

import numpy as np
import pandas as pd
from keras.utils import Sequence
import random

from skimage.transform import rotate
from skimage.util import  pad

from utils.nuclei_image import crop_pair, load_photo, load_label, rescale, N_CHAN


class ReaderBase(object):
    def __init__(self, w=10, q=5, border_erosion=False, dehaze=False):
        self.w = w
        self.q = q
        self.border_erosion = border_erosion
        self.dehaze = dehaze

    def __call__(self, row):
        raise NotImplementedError

    def _load_pair(self, row):
        photo = load_photo(img_path=row['image_path'], dehaze=self.dehaze)
        union = load_label(mask_paths=row['mask_paths'],
                         w=self.w,
                         q=self.q,
                         border_erosion=self.border_erosion)
        return photo, union


class SizedReader(ReaderBase):
    def __init__(self,fixed_img_size=None, **kwargs):
        self.fixed_img_size = fixed_img_size
        super(SizedReader, self).__init__(**kwargs)


class ResizeReader(SizedReader):

    def __init__(self, **kwargs):
        super(ResizeReader, self).__init__(**kwargs)

    def __call__(self, row):
        photo, union = self._read_image_and_mask(row)


        photo = rescale(photo,
                           shape=(self.fixed_img_size, self.fixed_img_size, N_CHAN))
        union = rescale(union,
                            shape=(self.fixed_img_size, self.fixed_img_size, 2))

        return pd.Series({'image': photo, 'mask': union})


class ScalePadReader(SizedReader):

    def __init__(self, mode, **kwargs):
        super(ScalePadReader, self).__init__(**kwargs)
        self.mode = mode

    def __call__(self, row):
        photo, union = self._read_image_and_mask(row)


        new_h, new_w = ScalePadReader.get_rescaled_shape(photo, self.fixed_img_size)

        photo = rescale(photo,
                           shape=(new_h, new_w, N_CHAN))
        union = rescale(union,
                            shape=(new_h, new_w, 2))


        pads = [(0, self.fixed_img_size - new_h), (0, self.fixed_img_size - new_w), (0, 0)]
        photo = pad(photo, pads, mode=self.mode)
        union = pad(union, pads, mode=self.mode)

        return pd.Series({'image': photo, 'mask': union})

    @staticmethod
    def scaled_dims(photo, fixed_img_size):
        try:
            h, w_px, _ = photo.shape
        except:
            print("no channel axis, treating it as 2D")
            h, w_px = photo.shape

        if max(h, w_px) <= fixed_img_size:
            return h, w_px


        if h > w_px:
            new_h = fixed_img_size
            new_w = int(np.floor(w_px * (float(fixed_img_size) / h)))
        else:
            new_h = int(np.floor(h * (float(fixed_img_size) / w_px)))
            new_w = fixed_img_size

        return new_h, new_w


class PlainReader(ReaderBase):

    def __init__(self, **kwargs):
        super(PlainReader, self).__init__(**kwargs)

    def __call__(self, row):
        photo, union = self._read_image_and_mask(row)
        return pd.Series({'image': photo, 'mask': union})


class CropReader(SizedReader):

    def __init__(self, **kwargs):
        super(CropReader, self).__init__(**kwargs)

    def __call__(self, row):
        photo, union = self._read_image_and_mask(row)
        photo, union = crop_pair(photo, union, self.fixed_img_size)

        return pd.Series({'image': photo, 'mask': union})


class NucleiBatches(Sequence):

    def __init__(self, df, batch_size,
                 img_reader,
                 fixed_image_size):
        self.df = df
        self.batch_size = batch_size
        self.img_reader = img_reader
        self.fixed_image_size = fixed_image_size
        print('batch sequence ready')
        mgr = Manager()
        self.cache = mgr.dict()

    def __len__(self):
        return int(np.ceil(self.df.shape[0] / self.batch_size))

    def __getitem__(self, idx):
        first = idx * self.batch_size
        stop = first + self.batch_size
        rows = [i % self.df.shape[0] for i in range(first, stop)]


        chunk = self.df.iloc[rows]
        chunk_ids = chunk.index.tolist()


        todo = set(chunk_ids) - set(self.cache.keys())
        fresh = chunk.loc[todo].apply(self.img_reader, axis=1)

        # every newly decoded sample goes into the shared dict and stays there
        for i, r in fresh.iterrows():
            self.cache[i] = (r['image'], r['mask'])

        photos = []
        parts = []


        for idx in chunk_ids:
            photo, union = self.cache[idx]


            photo, union = crop_pair(photo, union, self.fixed_image_size)


            deg = random.choice([0, 90, 180, 270])
            photo = rotate(photo, deg)
            union = rotate(union, deg)

            photos.append(photo)
            parts.append(union)

        return np.array(photos), np.array(parts)

    def on_epoch_end(self):

        self.df = self.df.sample(frac=1)
