#!/usr/bin/env python

import collections
import os.path as osp

import numpy as np
import PIL.Image
import scipy.io
import torch
from torch.utils import data


class VOCClassSegBase(data.Dataset):

    class_names = np.array([
        'background',
        'aeroplane',
        'bicycle',
        'bird',
        'boat',
        'bottle',
        'bus',
        'car',
        'cat',
        'chair',
        'cow',
        'diningtable',
        'dog',
        'horse',
        'motorbike',
        'person',
        'potted plant',
        'sheep',
        'sofa',
        'train',
        'tv/monitor',
    ])
    mean_bgr = np.array([104.00698793, 116.66876762, 122.67891434])

    def __init__(self, root, split='train', transform=False):
        self.root = root
        self.split = split
        self._transform = transform

        # the 2011 lists are subsets of the 2012 release
        voc_dir = osp.join(self.root, 'VOC/VOCdevkit/VOC2012')
        self.files = collections.defaultdict(list)
        for part in ['train', 'val']:
            list_file = osp.join(
                voc_dir, 'ImageSets/Segmentation/%s.txt' % part)
            for name in open(list_file):
                name = name.strip()
                jpg = osp.join(voc_dir, 'JPEGImages/%s.jpg' % name)
                png = osp.join(
                    voc_dir, 'SegmentationClass/%s.png' % name)
                self.files[part].append({
                    'img': jpg,
                    'lbl': png,
                })

    def __len__(self):
        return len(self.files[self.split])

    def __getitem__(self, i):
        rec = self.files[self.split][i]
        # picture
        jpg = rec['img']
        im = PIL.Image.open(jpg)
        im = np.array(im, dtype=np.uint8)
        # mask
        png = rec['lbl']
        mask = PIL.Image.open(png)
        mask = np.array(mask, dtype=np.int32)
        mask[mask == 255] = -1
        if self._transform:
            return self.transform(im, mask)
        else:
            return im, mask

    def transform(self, im, mask):
        im = im[:, :, ::-1]  # to BGR order
        im = im.astype(np.float64)
        im -= self.mean_bgr
        im = im.transpose(2, 0, 1)
        im = torch.from_numpy(im).float()
        mask = torch.from_numpy(mask).long()
        return im, mask

    def untransform(self, im, mask):
        im = im.numpy()
        im = im.transpose(1, 2, 0)
        im += self.mean_bgr
        im = im.astype(np.uint8)
        im = im[:, :, ::-1]
        mask = mask.numpy()
        return im, mask


class VOC2011ClassSeg(VOCClassSegBase):

    def __init__(self, root, split='train', transform=False):
        super(VOC2011ClassSeg, self).__init__(
            root, split=split, transform=transform)
        pkg_dir = osp.join(osp.dirname(osp.realpath(__file__)), '..')
        list_file = osp.join(
            pkg_dir, 'ext/fcn.berkeleyvision.org',
            'data/pascal/seg11valid.txt')
        voc_dir = osp.join(self.root, 'VOC/VOCdevkit/VOC2012')
        for name in open(list_file):
            name = name.strip()
            jpg = osp.join(voc_dir, 'JPEGImages/%s.jpg' % name)
            png = osp.join(voc_dir, 'SegmentationClass/%s.png' % name)
            self.files['seg11valid'].append({'img': jpg, 'lbl': png})


class VOC2012ClassSeg(VOCClassSegBase):

    url = 'http://host.robots.ox.ac.uk/pascal/VOC/voc2012/VOCtrainval_11-May-2012.tar'  # NOQA

    def __init__(self, root, split='train', transform=False):
        super(VOC2012ClassSeg, self).__init__(
            root, split=split, transform=transform)


class SBDClassSeg(VOCClassSegBase):

    # note: save the download as benchmark.tar before extracting
    url = 'http://www.eecs.berkeley.edu/Research/Projects/CS/vision/grouping/semantic_contours/benchmark.tgz'  # NOQA

    def __init__(self, root, split='train', transform=False):
        self.root = root
        self.split = split
        self._transform = transform

        sbd_dir = osp.join(self.root, 'VOC/benchmark_RELEASE/dataset')
        self.files = collections.defaultdict(list)
        for part in ['train', 'val']:
            list_file = osp.join(sbd_dir, '%s.txt' % part)
            for name in open(list_file):
                name = name.strip()
                jpg = osp.join(sbd_dir, 'img/%s.jpg' % name)
                mat = osp.join(sbd_dir, 'cls/%s.mat' % name)
                self.files[part].append({
                    'img': jpg,
                    'lbl': mat,
                })

    def __getitem__(self, i):
        rec = self.files[self.split][i]
        # picture
        jpg = rec['img']
        im = PIL.Image.open(jpg)
        im = np.array(im, dtype=np.uint8)
        # mask
        mat_file = rec['lbl']
        mat = scipy.io.loadmat(mat_file)
        mask = mat['GTcls'][0]['Segmentation'][0].astype(np.int32)
        mask[mask == 255] = -1
        if self._transform:
            return self.transform(im, mask)
        else:
            return im, mask
