import os
import numpy as np
import pickle
from PIL import Image
from functools import partial
import tensorflow as tf

class EpisodeSource(object):
    def __init__(self, data, n_classes, n_way, n_support, n_query):
        self.data = data
        self.n_way = n_way
        self.n_classes = n_classes
        self.n_support = n_support
        self.n_query = n_query

    def get_next_episode(self):
        per_class = self.data.shape[1]
        sup = np.zeros([self.n_way, self.n_support, 84, 84, 3], dtype=np.float32)
        qry = np.zeros([self.n_way, self.n_query, 84, 84, 3], dtype=np.float32)
        picked = np.random.permutation(self.n_classes)[:self.n_way]

        for i, c in enumerate(picked):
            idx = np.random.permutation(per_class)[:self.n_support + self.n_query]
            sup[i] = self.data[c, idx[:self.n_support]]
            qry[i] = self.data[c, idx[self.n_support:]]

        return sup, qry


def class_episode_images(n_support, n_query, paths):
    """
    Support and query images of one class.

    Args:
        paths (np.ndarray): image paths of the class
        n_support (int): support size
        n_query (int): query size

    Returns (tf.Tensor, tf.Tensor): support and query images
    
    """
    n = paths.shape[0]
    order = tf.range(n)
    order = tf.random.shuffle(order)

    # support / query index split
    s_idx = order[:n_support]
    s_paths = tf.gather(paths, s_idx)
    q_idx = order[n_support:]
    q_paths = tf.gather(paths, q_idx)

    # support images
    s_list = []
    for i in range(n_support):
        im = load_and_preprocess_image(s_paths[i])
        im = tf.expand_dims(im, 0)
        s_list.append(im)
        s_imgs = tf.concat(s_list, axis=0)

    # query images
    q_list = []
    for i in range(n_support):
        im = load_and_preprocess_image(q_paths[i])
        im = tf.expand_dims(im, 0)
        q_list.append(im)
        q_imgs = tf.concat(q_list, axis=0)

    return s_imgs, q_imgs

def load_mini_imagenet(root, cfg, splits):
    """
    miniImageNet episode sources.

    Args:
        root (str): folder holding 'splits' and 'data'.
        cfg (dict): settings.
        splits (list): any of 'train'|'val'|'test'

    Returns (dict): split name -> episode source

    """
    out = {}
    for split in splits:
        # classes per episode
        if split in ['val', 'test']:
            n_way = cfg['data.test_way']
        else:
            n_way = cfg['data.train_way']

        # support images per class
        if split in ['val', 'test']:
            n_support = cfg['data.test_support']
        else:
            n_support = cfg['data.train_support']

        # query images per class
        if split in ['val', 'test']:
            n_query = cfg['data.test_query']
        else:
            n_query = cfg['data.train_query']

        # the pickled image cache of this split
        cache = os.path.join(root, 'data',
                                   f'mini-imagenet-cache-{split}.pkl')
        # dict with 'class_dict' and 'image_data'
        with open(cache, 'rb') as fh:
            blob = pickle.load(fh)
        
        # regroup to [n_classes, n_img, w, h, c]
        k0 = list(blob['class_dict'])[0]
        data = np.zeros((len(blob['class_dict']), len(blob['class_dict'][k0]), 84, 84, 3))
        for i, (k, v) in enumerate(blob['class_dict'].items()):
            data[i, :, :, :, :] = blob['image_data'][v, :]
        data /= 255.
        data[:, :, :, 0] = (data[:, :, :, 0] - 0.485) / 0.229
        data[:, :, :, 1] = (data[:, :, :, 1] - 0.456) / 0.224
        data[:, :, :, 2] = (data[:, :, :, 2] - 0.406) / 0.225

        src = EpisodeSource(data, data.shape[0], n_way, n_support, n_query)
        out[split] = src

    return out
