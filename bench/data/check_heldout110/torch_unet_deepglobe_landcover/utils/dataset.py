from os.path import splitext
from os import listdir
import numpy as np
from glob import glob
import torch
from torch.utils.data import Dataset
import logging
from PIL import Image


class BasicDataset(Dataset):
    def __init__(self, img_root, mask_root, scale=1, mask_suffix=''):
        self.img_root = img_root
        self.mask_root = mask_root
        self.scale = scale
        self.mask_suffix = mask_suffix
        # (disabled line)
        assert 0 < scale <= 1, 'scale out of (0, 1]'

        self.ids = [splitext(file)[0] for file in listdir(img_root)
                    if not file.startswith('.')]
        logging.info(f'dataset of {len(self.ids)} examples')

    def __len__(self):
        return len(self.ids)

    @classmethod
    def preprocess(cls, im, scale):
        w, h = im.size
        nw, nh = int(scale * w), int(scale * h)
        assert nw > 0 and nh > 0, 'scale too small'
        im = im.resize((nw, nh))

        arr = np.array(im)

        if len(arr.shape) == 2:
            arr = np.expand_dims(arr, axis=2)

        # note
        chw = arr.transpose((2, 0, 1))
        if chw.max() > 1:
            chw = chw / 255
        return chw

    def preprocess_mask(cls, im, scale):
        w, h = im.size
        nw, nh = int(scale * w), int(scale * h)
        assert nw > 0 and nh > 0, 'scale too small'
        im = im.resize((nw, nh))

        arr = np.array(im)

        if len(arr.shape) == 2:
            arr = np.expand_dims(arr, axis=2)

        # note
        chw = arr.transpose((2, 0, 1))
        torch.set_printoptions(edgeitems=10)
        return chw

    def RGB_2_class_idx(cls, rgb_mask):
        colour_ids = {(0  , 255, 255): 0,     # urban land
                   (255, 255, 0  ): 1,    # agriculture
                   (255, 0  , 255): 2,    # rangeland
                   (0  , 255, 0  ): 3,      # forest land
                   (0  , 0  , 255): 4,      # water
                   (255, 255, 255):5,     # barren land
                   (0  , 0  , 0  ):6}           # unknown

        # (disabled line)
        # (disabled line)
        # (disabled line)
        # (disabled line)
        # (disabled line)
        # (disabled line)
        # (disabled line)
        tmp = np.array(rgb_mask)
        tmp = np.where(tmp>=128, 255, 0)

        cm_t=torch.from_numpy(tmp)
        h, w = cm_t.shape[1], cm_t.shape[2]
        ids_out = torch.zeros(h, w, dtype=torch.long)
        for k in colour_ids:
            idx = (cm_t == torch.tensor(k, dtype=torch.uint8).unsqueeze(1).unsqueeze(2))
            hit = (idx.sum(0) == 3)
            ids_out[hit] = torch.tensor(colour_ids[k], dtype=torch.long)

        return ids_out

    def __getitem__(self, i):
        idx = self.ids[i]
        idx = idx[:len(idx) - 4]
        mask_paths = glob(self.mask_root + idx + '_mask' + '.png')
        img_paths = glob(self.img_root + idx + '_sat' + '.jpg')

        assert len(mask_paths) == 1, \
            f'no single mask for id {idx}: {mask_paths}'
        assert len(img_paths) == 1, \
            f'no single image for id {idx}: {img_paths}'
        m_ = Image.open(mask_paths[0])
        im_ = Image.open(img_paths[0])

        assert im_.size == m_.size, \
            f'image and mask {idx} differ in size: {im_.size} and {m_.size}'

        im_ = self.preprocess(im_, self.scale)
        m_ = self.preprocess_mask(m_, self.scale)
        m_ = self.RGB_2_class_idx(m_)
        return {
            'image': torch.from_numpy(im_).type(torch.FloatTensor),
            # (disabled line)
            'mask': m_
        }


class CarvanaDataset(BasicDataset):
    def __init__(self, img_root, mask_root, scale=1):
        super().__init__(img_root, mask_root, scale, mask_suffix='_mask')
