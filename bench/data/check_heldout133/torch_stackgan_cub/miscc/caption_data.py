from __future__ import absolute_import
from __future__ import division
from __future__ import print_function
from __future__ import unicode_literals


import torch.utils.data as data
from PIL import Image
import PIL
import os
import os.path
import pickle
import random
import numpy as np
import pandas as pd

from miscc.config import cfg


class CaptionImages(data.Dataset):
    def __init__(self, root, split='train', embedding_type='cnn-rnn',
                 imsize=64, transform=None, target_transform=None):

        self.transform = transform
        self.target_transform = target_transform
        self.imsize = imsize
        self.data = []
        self.root = root
        if root.find('birds') != -1:
            self.boxes = self.read_boxes()
        else:
            self.boxes = None
        split_dir = os.path.join(root, split)

        self.keys = self.read_keys(split_dir)
        self.text_vecs = self.read_text_vecs(split_dir, embedding_type)
        self.class_id = self.read_class_ids(split_dir, len(self.keys))
        # self.captions = self.read_all_captions()

    def open_image(self, path, box):
        img = Image.open(path).convert('RGB')
        w, h = img.size
        if box is not None:
            half = int(np.maximum(box[2], box[3]) * 0.75)
            cx = int((2 * box[0] + box[2]) / 2)
            cy = int((2 * box[1] + box[3]) / 2)
            top = np.maximum(0, cy - half)
            bottom = np.minimum(h, cy + half)
            left = np.maximum(0, cx - half)
            right = np.minimum(w, cx + half)
            img = img.crop([left, top, right, bottom])
        side = int(self.imsize * 76 / 64)
        img = img.resize((side, side), PIL.Image.BILINEAR)
        if self.transform is not None:
            img = self.transform(img)
        return img

    def read_boxes(self):
        root = self.root
        box_file = os.path.join(root, 'CUB_200_2011/bounding_boxes.txt')
        box_df = pd.read_csv(box_file,
                                        delim_whitespace=True,
                                        header=None).astype(int)
        #
        list_file = os.path.join(root, 'CUB_200_2011/images.txt')
        name_df = \
            pd.read_csv(list_file, delim_whitespace=True, header=None)
        names = name_df[1].tolist()
        print('image count: ', len(names), names[0])
        #
        boxes = {f[:-4]: [] for f in names}
        n = len(names)
        for k in xrange(0, n):
            # [left, top, width, height]
            box = box_df.iloc[k][1:].tolist()

            stem = names[k][:-4]
            boxes[stem] = box
        #
        return boxes

    def read_all_captions(self):
        table = {}
        for key in self.keys:
            txt_path = '%s/text/%s.txt' % (self.root, key)
            lines = self.read_captions(txt_path)
            table[key] = lines
        return table

    def read_captions(self, txt_path):
        p = txt_path
        with open(p, "r") as fh:
            lines = fh.read().decode('utf8').split('\n')
        lines = [ln.replace("\ufffd\ufffd", " ")
                    for ln in lines if len(ln) > 0]
        return lines

    def read_text_vecs(self, split_dir, embedding_type):
        if embedding_type == 'cnn-rnn':
            fname = '/char-CNN-RNN-embeddings.pickle'
        elif embedding_type == 'cnn-gru':
            fname = '/char-CNN-GRU-embeddings.pickle'
        elif embedding_type == 'skip-thought':
            fname = '/skip-thought-embeddings.pickle'

        with open(split_dir + fname, 'rb') as fh:
            vecs = pickle.load(fh)
            vecs = np.array(vecs)
            # vec_shape = [vecs.shape[-1]]
            print('text vectors: ', vecs.shape)
        return vecs

    def read_class_ids(self, split_dir, total):
        if os.path.isfile(split_dir + '/class_info.pickle'):
            with open(split_dir + '/class_info.pickle', 'rb') as fh:
                ids = pickle.load(fh)
        else:
            ids = np.arange(total)
        return ids

    def read_keys(self, split_dir):
        p = os.path.join(split_dir, 'filenames.pickle')
        with open(p, 'rb') as fh:
            keys = pickle.load(fh)
        print('keys read from: %s (%d)' % (p, len(keys)))
        return keys

    def __getitem__(self, i):
        key = self.keys[i]
        # cid = self.class_id[i]
        #
        if self.boxes is not None:
            box = self.boxes[key]
            img_root = '%s/CUB_200_2011' % self.root
        else:
            box = None
            img_root = self.root

        # lines = self.captions[key]
        vecs = self.text_vecs[i, :, :]
        img_path = '%s/images/%s.jpg' % (img_root, key)
        img = self.open_image(img_path, box)

        pick = random.randint(0, vecs.shape[0]-1)
        vec = vecs[pick, :]
        if self.target_transform is not None:
            vec = self.target_transform(vec)
        return img, vec

    def __len__(self):
        return len(self.keys)
