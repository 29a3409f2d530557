from __future__ import division
from __future__ import print_function
from __future__ import absolute_import

import os
import pdb
import glob

import scipy.misc
import numpy as np

from tqdm import tqdm

def build_npy():
    """Decode every Omniglot glyph (with rotations) into one npy file"""
    bg_dir = '/data/omniglot/python/images_background' 
    ev_dir = '/data/omniglot/python/images_evaluation' 
    
    all_cls = []
    for root in [bg_dir, ev_dir]:
        scripts = glob.glob(root + '/*')
        for sc in tqdm(scripts):
            glyphs = glob.glob(sc + '/*')
            for g in glyphs:
                files = glob.glob(g + '/*')
                imgs = []
                for f in files: # 20 drawers
                    im = scipy.misc.imread(f)
                    im = scipy.misc.imresize(im, (28, 28))
                    for ang in [0, 90, 180, 270]: # rotated copies
                        im_r = scipy.misc.imrotate(im, ang)
                        im_r = im_r[:, :, np.newaxis] # (28, 28, 1)
                        im_r = im_r.astype(np.float32) / 255.
                        imgs.append(im_r)
                all_cls.append(np.asarray(imgs))
    np.save('omniglot.npy', np.asarray(all_cls))

            
class EpisodeFeeder():

    def __init__(self, batch_size, n_way=5, k_shot=1, train_mode=True):
        if not os.path.exists('omniglot.npy'):
           build_npy()

        self.batch_size = batch_size
        self.n_way = n_way  # classes to choose among
        self.k_shot = k_shot # labelled examples per class
    
        glyphs = np.load('omniglot.npy')
        #glyphs = np.load('other_copy.npy')
        #glyphs = np.reshape(glyphs, [-1, 20, 28, 28, 1])
        np.random.shuffle(glyphs)
        assert glyphs.dtype == np.float32
        assert glyphs.max() == 1.0
        assert glyphs.min() == 0.0

        if train_mode:
            self.images = glyphs[:1200, :20, :, :, :]
            self.num_classes = self.images.shape[0]
            self.num_samples = self.images.shape[1]
        else:
            self.images = glyphs[1200:, :20, :, :, :]
            self.num_classes = self.images.shape[0]
            self.num_samples = self.images.shape[1]

        self.iters = self.num_classes

    def next_batch(self):
        sx_b = []
        sy_b = []
        qx_b = []
        qy_b = []
        for _ in xrange(self.batch_size):
            sx = []
            sy = []
            x = []
            y = []
            picked = np.random.permutation(self.num_classes)[:self.n_way]
            tgt = np.random.randint(self.n_way)
            for i, c in enumerate(picked):
                idx = np.random.permutation(self.num_samples)[:self.k_shot+1]
                for s in idx[:-1]:
                    sx.append(self.images[c][s])
                    sy.append(i)

                if i == tgt:
                    qx_b.append(self.images[c][idx[-1]])
                    qy_b.append(i)

            sx_b.append(sx)
            sy_b.append(sy)

        return np.asarray(sx_b).astype(np.float32), np.asarray(sy_b).astype(np.int32), np.asarray(qx_b).astype(np.float32), np.asarray(qy_b).astype(np.int32)
