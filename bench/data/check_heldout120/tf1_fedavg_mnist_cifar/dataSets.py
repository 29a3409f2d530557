import numpy as np
import tensorflow as tf
import gzip
import os
import platform
import pickle


class DataSet(object):
    def __init__(self, name, is_IID, dtype=tf.float32):
        base_dt = tf.as_dtype(dtype).base_dtype
        if dtype not in (tf.uint8, tf.float32):
            raise TypeError('dtype {} not supported, use uint8 or float32'.format(dtype))

        self.name = name
        self.train_data = None
        self.train_label = None
        self.test_data = None
        self.test_label = None
        self.train_data_size = None
        self.test_data_size = None

        self._cursor = 0

        if self.name == 'mnist':
            self.build_mnist(is_IID, dtype)
        elif self.name == 'cifar10':
            self.build_cifar10(is_IID)
        else:
            pass


    def build_mnist(self, is_IID, dtype):
        root = r'./data/MNIST'
        tr_img_file = os.path.join(root, 'train-images-idx3-ubyte.gz')
        tr_lbl_file = os.path.join(root, 'train-labels-idx1-ubyte.gz')
        te_img_file = os.path.join(root, 't10k-images-idx3-ubyte.gz')
        te_lbl_file = os.path.join(root, 't10k-labels-idx1-ubyte.gz')
        tr_x = extract_images(tr_img_file)
        tr_y = extract_labels(tr_lbl_file)
        te_x = extract_images(te_img_file)
        te_y = extract_labels(te_lbl_file)

        assert tr_x.shape[0] == tr_y.shape[0]
        assert te_x.shape[0] == te_y.shape[0]

        self.train_data_size = tr_x.shape[0]
        self.test_data_size = te_x.shape[0]

        assert tr_x.shape[3] == 1
        assert te_x.shape[3] == 1
        tr_x = tr_x.reshape(tr_x.shape[0], tr_x.shape[1] * tr_x.shape[2])
        te_x = te_x.reshape(te_x.shape[0], te_x.shape[1] * te_x.shape[2])

        if dtype == tf.float32:
            tr_x = tr_x.astype(np.float32)
            tr_x = np.multiply(tr_x, 1.0 / 255.0)
            te_x = te_x.astype(np.float32)
            te_x = np.multiply(te_x, 1.0 / 255.0)

        if is_IID == 1:
            perm = np.arange(self.train_data_size)
            np.random.shuffle(perm)
            self.train_data = tr_x[perm]
            self.train_label = tr_y[perm]
        else:
            cls = np.argmax(tr_y, axis=1)
            perm = np.argsort(cls)
            self.train_data = tr_x[perm]
            self.train_label = tr_y[perm]

        self.test_data = te_x
        self.test_label = te_y


    def build_cifar10(self, is_IID):
        imgs, lbls = [], []
        for fname in ['./data/CIFAR-10/cifar-10-batches-py/data_batch_{}'.format(i) for i in range(1, 6)]:
            with open(fname, 'rb') as fh:
                if 'Windows' in platform.platform():
                    batch = pickle.load(fh, encoding='bytes')
                elif 'Linux' in platform.platform():
                    batch = pickle.load(fh, encoding='bytes')
            for i in range(len(batch[b'labels'])):
                im = np.reshape(batch[b'data'][i], (3, 32, 32))
                im = np.transpose(im, (1, 2, 0))
                im = im.astype(float)
                imgs.append(im)
            lbls += batch[b'labels']
        imgs = np.array(imgs, dtype='float')
        lbls = np.array(lbls, dtype='int')
        # (kept unshuffled here in an older version)
        if is_IID == 1:
            perm = np.arange(imgs.shape[0])
            np.random.shuffle(perm)
            self.train_data = imgs[perm]
            self.train_label = dense_to_one_hot(lbls[perm])
        else:
            perm = np.argsort(lbls)
            self.train_data = imgs[perm]
            self.train_label = dense_to_one_hot(lbls[perm])

        imgs, lbls = [], []
        with open(r'./data//CIFAR-10/cifar-10-batches-py/test_batch', 'rb') as fh:
            if 'Windows' in platform.platform():
                batch = pickle.load(fh, encoding='bytes')
            elif 'Linux' in platform.platform():
                batch = pickle.load(fh, encoding='bytes')
        for i in range(len(batch[b'labels'])):
            im = np.reshape(batch[b'data'][i], (3, 32, 32))
            im = np.transpose(im, (1, 2, 0))
            im = im.astype(float)
            imgs.append(im)
        lbls += batch[b'labels']
        imgs = np.array(imgs, dtype='float')
        lbls = np.array(lbls, dtype='int')
        self.test_label = dense_to_one_hot(lbls)
        self.test_data = []
        crop = (24, 24, 3)
        for i in range(imgs.shape[0]):
            im = imgs[i, :, :, :]
            im = np.pad(im, [[4, 4], [4, 4], [0, 0]], 'constant')
            dy = int((im.shape[0] - crop[0]) / 2)
            dx = int((im.shape[1] - crop[1]) / 2)
            im = im[dy: dy + crop[0], dx: dx + crop[1], :]

            mu = np.mean(im)
            sd = np.max([np.std(im),
                         1.0 / np.sqrt(imgs.shape[1] * imgs.shape[2] * imgs.shape[3])])
            out = (im - mu) / sd

            self.test_data.append(out)

        self.test_data = np.array(self.test_data, dtype='float')
        self.train_data_size = self.train_data.shape[0]
        self.test_data_size = self.test_data.shape[0]


    def next_batch(self, bs):
        start = self._cursor
        self._cursor += bs
        if self._cursor > self.train_data_size:
            perm = np.arange(self.train_data_size)
            np.random.shuffle(perm)
            self.train_data = self.train_data[perm]
            self.train_label = self.train_label[perm]

            start = 0
            self._cursor = bs
            assert bs <= self.train_data_size
        end = self._cursor
        return self.train_data[start: end], self.train_label[start: end]


def _read32(stream):
    dt = np.dtype(np.uint32).newbyteorder('>')
    return np.frombuffer(stream.read(4), dtype=dt)[0]


def extract_images(fname):
    """Read an idx3 gzip file into a uint8 array [n, h, w, 1]."""
    print('Reading', fname)
    with gzip.open(fname) as stream:
        magic = _read32(stream)
        if magic != 2051:
            raise ValueError(
                    'bad magic %d in image file %s' %
                    (magic, fname))
        n = _read32(stream)
        h = _read32(stream)
        w = _read32(stream)
        raw = stream.read(h * w * n)
        arr = np.frombuffer(raw, dtype=np.uint8)
        arr = arr.reshape(n, h, w, 1)
        return arr


def dense_to_one_hot(dense, n_classes=10):
    """Integer class ids to one-hot rows."""
    n = dense.shape[0]
    offs = np.arange(n) * n_classes
    onehot = np.zeros((n, n_classes))
    onehot.flat[offs + dense.ravel()] = 1
    return onehot


def extract_labels(fname):
    """Read an idx1 gzip label file and one-hot it."""
    print('Reading', fname)
    with gzip.open(fname) as stream:
        magic = _read32(stream)
        if magic != 2049:
            raise ValueError(
                    'bad magic %d in label file %s' %
                    (magic, fname))
        n = _read32(stream)
        raw = stream.read(n)
        lbl = np.frombuffer(raw, dtype=np.uint8)
        return dense_to_one_hot(lbl)
