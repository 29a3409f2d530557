import os
import glob
import numpy as np
import tensorflow as tf
from PIL import Image


class EpisodeSource(object):
    def __init__(self, data, n_classes, n_way, n_support, n_query):
        self.data = data
        self.n_way = n_way
        self.n_classes = n_classes
        self.n_support = n_support
        self.n_query = n_query

    def get_next_episode(self):
        per_class = 20
        sup = np.zeros([self.n_way, self.n_support, 28, 28, 1], dtype=np.float32)
        qry = np.zeros([self.n_way, self.n_query, 28, 28, 1], dtype=np.float32)
        picked = np.random.permutation(self.n_classes)[:self.n_way]

        for i, c in enumerate(picked):
            idx = np.random.permutation(per_class)[:self.n_support + self.n_query]
            sup[i] = self.data[c, idx[:self.n_support]]
            qry[i] = self.data[c, idx[self.n_support:]]

        return sup, qry


def names_to_dirs(root, names):
    """
    Folder of each class and its rotation code.

    Args:
        root (str): data set folder
        names (list): entries 'alphabet/character/rotXXX'

    Returns (list, list): class folders,
    rotation codes
    """
    dirs = []
    rot_codes = []
    for name in names:
        alpha, ch, rot = name.split('/')
        d = os.path.join(root, 'data', alpha, ch)
        dirs.append(d)
        rot_codes.append(rot)
    return dirs, rot_codes


def list_class_images(dirs, rot_codes):
    """
    Class ids, image paths per class and rotation angles from the
    class folders.

    Args:
        dirs (list): class folders
        rot_codes (list): rotation codes

    Returns (list, list, list): class ids, per-class path lists,
    angles in degrees.

    """
    cls, paths, angles = [], [], []
    for d, r in zip(dirs, rot_codes):
        files = sorted(glob.glob(os.path.join(d, '*.png')))

        cls.append(d)
        paths.append(files)
        angles.append(int(r[3:]))
    return cls, paths, angles


def read_glyph(path, rot):
    """
    One glyph, resized, rotated and inverted.
    Args:
        path (str): png file.
    Returns (np.ndarray): 28x28x1 image
    """
    im = Image.open(path).resize((28, 28)).rotate(rot)
    im = np.asarray(im)
    im = 1 - im
    return np.expand_dims(im, -1)


def class_episode_images(n_support, n_query, paths, rot):
    """
    Support and query images of one class as tensors.

    Args:
        n_support (int): support size.
        n_query (int): query size.
        paths (list): image paths of the class.
        rot (int): angle in degrees.

    Returns (tf.Tensor, tf.Tensor): support and query images.

    """
    # shuffle the indices
    n = paths.shape[0]
    order = tf.range(n)
    order = tf.random.shuffle(order)

    # support / query split
    s_idx = order[:n_support]
    s_paths = tf.gather(paths, s_idx)
    q_idx = order[n_support:]
    q_paths = tf.gather(paths, q_idx)

    # support
    s_list = []
    for i in range(n_support):
        im = read_glyph(s_paths[i])
        s_list.append(tf.expand_dims(im, 0))
    s_imgs = tf.concat(s_list, axis=0)
    # rotate
    s_imgs = tf.image.rot90(s_imgs, k=rot//90)

    # query
    q_list = []
    for i in range(n_query):
        im = read_glyph(q_paths[i])
        q_list.append(tf.expand_dims(im, 0))
    q_imgs = tf.concat(q_list, axis=0)
    # rotate
    q_imgs = tf.image.rot90(q_imgs, k=rot//90)

    return s_imgs, q_imgs


def load_omniglot(root, cfg, splits):
    """
    Omniglot episode sources.

    Args:
        root (str): folder holding 'splits' and 'data'.
        cfg (dict): settings.
        splits (list): any of 'train'|'val'|'test'

    Returns (dict): split name -> episode source

    """
    split_dir = os.path.join(root, 'splits', cfg['data.split'])
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

        # class list of the split
        names = []
        with open(os.path.join(split_dir, f"{split}.txt"), 'r') as fh:
            for line in fh.readlines():
                names.append(line.rstrip('\n'))

        # folders, image paths and angles
        dirs, rot_codes = names_to_dirs(root,
                                                    names)
        cls, paths, angles = list_class_images(
            dirs,
            rot_codes)

        data = np.zeros([len(cls), len(paths[0]), 28, 28, 1])
        for c in range(len(cls)):
            for j in range(len(paths[c])):
                data[c, j, :, :,:] = read_glyph(
                            paths[c][j], angles[c])

        src = EpisodeSource(data,
                                 n_classes=len(cls),
                                 n_way=n_way,
                                 n_support=n_support,
                                 n_query=n_query)

        out[split] = src
    return out
