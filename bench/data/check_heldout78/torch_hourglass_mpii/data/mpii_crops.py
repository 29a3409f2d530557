'''
MPII single-person crops for a stacked hourglass,
read one image at a time from the annotation index.
'''
import numpy as np
import torch
import torch.utils.data as datatorch
import skimage
import json

from helpers import imgtools

import os

class MpiiCrops(datatorch.Dataset):
    def __init__(self, train=True, rand_scale=True, rand_flip=True, rand_color=True):
        self.train = train
        self.rand_scale = rand_scale
        self.rand_flip = rand_flip
        self.rand_color = rand_color
        # annotation index (one dict per person)
        with open('mpii_annotations.json') as fh:
            self.records = json.load(fh)  # 25204 entries

        self.tr_ids, self.va_ids = [], []  # 22246 / 2958
        for k, rec in enumerate(self.records):
            if rec['isValidation'] == True:
                self.va_ids.append(k)
            else:
                self.tr_ids.append(k)

    def __getitem__(self, n):
        if self.train:
            rec = self.records[self.tr_ids[n]]
        else:
            rec = self.records[self.va_ids[n]]
        in_size = [256, 256]
        hm_size = [64, 64]
        img_dir = 'mpii_human_pose_v1/images'
        img_file = os.path.join(img_dir, rec['img_paths'])
        full = imgtools.load_image(img_file)

        crop, joints_crop, centre_crop = imgtools.crop(full, rec, use_randscale=self.rand_scale,
                                                        use_randflipLR=self.rand_flip, use_randcolor=self.rand_color)

        small, joints_small, centre_small = imgtools.change_resolu(crop, joints_crop, centre_crop, hm_size)

        x = skimage.transform.resize(crop, tuple(in_size))
        target = imgtools.generate_heatmaps(small, joints_small, sigma_valu=2)
        joints = joints_small[:, :2].astype(np.int32)

        # HWC -> CHW
        x = np.transpose(x, (2, 0, 1))
        target = np.transpose(target, (2, 0, 1))

        return x, target, joints

    def __len__(self):
        if self.train:
            return len(self.tr_ids)
        else:
            return len(self.va_ids)



'''
Older helpers, unused by the dataset above.
'''
def flip_lr(img, maps, joints):
    '''
    :param img: one image, (3,256,256) array
    :param maps: (16,64,64) array
    :param joints: (16,2) array at heatmap resolution
    :return: the three inputs, maybe mirrored

    Mirroring also swaps the left/right joint channels.
    '''
    H_i, W_i = img.shape[1], img.shape[2]
    H_m, W_m = maps.shape[1], maps.shape[2]
    do_it = np.random.random() > 0.5
    # do_it = True
    # print('mirror:', do_it)
    if not do_it:
        return img, maps, joints
    # negative strides are not accepted by torch, hence copy()
    # (C,H,W)
    img = np.flip(img, 2).copy()
    maps = np.flip(maps, 2).copy()
    # swap left/right channels
    maps = np.concatenate((maps[5::-1], maps[6:10], maps[15:9:-1])).copy()

    # mirrored coordinates, leaving [0,0] (missing joints) alone
    joints = np.where(joints == [0, 0], joints, [W_m, 0] + joints*[-1, 1])

    # swap left/right joints
    joints = np.concatenate((joints[5::-1], joints[6:10], joints[15:9:-1])).copy()
    return img, maps, joints

def jitter_color(img):
    '''
    :param img: one image, (3,256,256) array
    :return: same shape, channels scaled at random
    '''
    img[0] *= np.clip(np.random.uniform(low=0.8, high=1.2), 0., 1.)
    img[1] *= np.clip(np.random.uniform(low=0.8, high=1.2), 0., 1.)
    img[2] *= np.clip(np.random.uniform(low=0.8, high=1.2), 0., 1.)
    return img
