"""(doc)


"""
from __future__ import print_function

import sys
sys.path.insert(0, '.')

import torch
from torch.autograd import Variable

import numpy as np
import argparse
import cv2
from PIL import Image
import os.path as osp

from tri_loss.model.Model import Model
from tri_loss.utils.utils import load_state_dict
from tri_loss.utils.utils import set_devices
from tri_loss.utils.dataset_utils import get_im_names
from tri_loss.utils.distance import normalize


class Settings(object):
    def __init__(self):

        ap = argparse.ArgumentParser()
        ap.add_argument('-d', '--sys_device_ids', type=eval, default=(0,))
        ap.add_argument('--resize_h_w', type=eval, default=(256, 128))
        ap.add_argument('--last_conv_stride', type=int, default=1, choices=[1, 2])
        ap.add_argument('--ckpt_file', type=str, default='')
        ap.add_argument('--model_weight_file', type=str, default='')

        opts = ap.parse_args()

        # ~
        self.sys_device_ids = opts.sys_device_ids
        # ~
        self.resize_h_w = opts.resize_h_w
        self.im_mean = [0.486, 0.459, 0.408]
        self.im_std = [0.229, 0.224, 0.225]

        # ~
        # ~
        self.last_conv_stride = opts.last_conv_stride

        # ~
        self.ckpt_file = opts.ckpt_file
        # ~
        self.model_weight_file = opts.model_weight_file


def prep_image(arr, st):
    """(doc)


    """

    # ~
    arr = cv2.resize(arr, st.resize_h_w[::-1], interpolation=cv2.INTER_LINEAR)
    # ~
    arr = arr / 255.

    # ~
    arr = arr - np.array(st.im_mean)
    arr = arr / np.array(st.im_std).astype(float)

    # ~
    arr = arr.transpose(2, 0, 1)[np.newaxis]
    return arr


def run():
    st = Settings()

    TVT, TMO = set_devices(st.sys_device_ids)

    # ~
    # ~
    # ~

    net = Model(last_conv_stride=st.last_conv_stride)
    # ~
    net.eval()
    # ~
    TMO([net])

    # ~
    # ~
    # ~

    wfile = st.model_weight_file or st.ckpt_file
    sd = torch.load(wfile, map_location=(lambda storage, loc: storage))
    if st.model_weight_file == '':
        sd = sd['state_dicts'][0]
    load_state_dict(net, sd)
    print('Loaded model weights from {}'.format(wfile))

    # ~
    # ~
    # ~

    img_dir = osp.expanduser('~/Dataset/market1501/Market-1501-v15.09.15/query')
    img_files = get_im_names(img_dir, pattern='*.jpg', return_path=True, return_np=False)

    feats = []
    for k, fpath in enumerate(img_files):
        arr = np.asarray(Image.open(fpath).convert('RGB'))
        arr = prep_image(arr, st)
        arr = Variable(TVT(torch.from_numpy(arr).float()), volatile=True)
        f = net(arr)
        f = f.data.cpu().numpy()
        feats.append(f)
        if (k + 1) % 100 == 0:
            print('{}/{} embedded'.format(k, len(img_files)))
    feats = np.concatenate(feats)
    print('feature matrix:', feats.shape)
    feats = normalize(feats, axis=1)
    # ~


if __name__ == '__main__':
    run()
