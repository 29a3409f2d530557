import os
from PIL import Image
import numpy as np
from joblib import Parallel, delayed


def read_frame(fpath, target_shape=None):
    """Read one frame; target_shape is (rows, cols, channels) or None."""
    im = Image.open(fpath)
    if target_shape is not None:
        # shrink if needed
        if target_shape[0] != im.size[1] or target_shape[1] != im.size[0]:   # PIL size is (w, h)
            im = im.resize((target_shape[1], target_shape[0]), Image.ANTIALIAS)
        # one channel requested: go grey
        if target_shape[2] == 1 and im.mode == 'RGB':
            im = im.convert('L')
    if len(np.asarray(im).shape) == 2:
        # grey frames get an explicit channel axis
        hw = np.asarray(im).shape
        hwc = (hw[0], hw[1], 1)
        return np.asarray(im).reshape(hwc)
    else:
        return np.asarray(im)


class DriverFrames:
    def __init__(self, folder, target_shape=None, center=False, subsample_size=None, test=None):
        # where the frames live
        self.folder = folder   # expects train/ and test/ below it
        self.new_size = target_shape
        self.substract_mean = center
        # optional random subset
        self.subsample_size = subsample_size
        # decode every training frame up front
        self.labels, self.train_files, self.prediction_files = self.list_files()
        self.images = self.read_many(self.train_files)
        self.images_mean = self.mean_frame()
        self.num_examples = len(self.train_files)
        # cursor over the shuffled training order
        self.indexes = np.arange(self.num_examples)
        self.index_in_epoch = 0
        self.epochs_completed = -1
        # labelled hold-out frames, if given
        self.test_labels = None
        self.test_images = None
        self.test_files = self.prediction_files.copy()
        if test is not None:
            self.test_files = test.image.values
            self.test_labels = test.label.values
            self.test_images = self.read_many(self.test_files)
        self.test_num_examples = len(self.test_files)
        self.test_indexes = np.arange(len(self.test_files))
        self.test_index_in_epoch = 0
        self.test_epochs_completed = -1
        # cursor for the unlabeled submission frames
        self.prediction_num_examples = len(self.prediction_files)
        self.prediction_indexes = np.arange(self.prediction_num_examples)
        self.prediction_index_in_epoch = 0

    def list_files(self):
        """Collect training paths with class ids, plus the test paths."""
        tr_dir = self.folder + '/train'
        train_files = []
        labels = []
        for cls_name in [s for s in os.listdir(tr_dir) if s != '.DS_Store']:
            cls_dir = tr_dir + '/' + cls_name
            train_files += [os.path.join(cls_dir, f) for f in os.listdir(cls_dir) if f != '.DS_Store']
            labels += [int(cls_name.replace('c', '')) for f in os.listdir(tr_dir + '/' + cls_name) if f != '.DS_Store']
        test_files = [os.path.join(self.folder + '/test', f) for f in os.listdir(self.folder + '/test')]
        if self.subsample_size is not None:
            pick = np.random.choice(np.arange(len(train_files)), self.subsample_size, replace=False)
            return np.array(labels)[pick], np.array(train_files)[pick], np.array(test_files)[pick]
        else:
            return np.array(labels), np.array(train_files), np.array(test_files)

    def read_many(self, paths):
        """Decode a list of files with joblib workers."""
        images = Parallel(n_jobs=-1)(delayed(read_frame)(p, self.new_size) for p in paths)
        return np.array(images)

    def mean_frame(self, per_pixel=False):
        """Average frame (or one average pixel tiled)"""
        if per_pixel:
            per_pixel = self.images.mean(axis=0).mean(axis=0).mean(axis=0)
            tiled = np.zeros((128, 128, 3))
            tiled[:] = per_pixel
            return tiled
        else:
            return self.images.mean(axis=0)

    def train_batch(self, batch_size):
        """Next training minibatch, reshuffling at each epoch boundary."""
        start = self.index_in_epoch
        self.index_in_epoch += batch_size
        if self.index_in_epoch > self.num_examples or self.epochs_completed == -1:
            # epoch boundary
            self.epochs_completed += 1
            # new order
            np.random.shuffle(self.indexes)
            # restart cursor
            start = 0
            self.index_in_epoch = batch_size
            assert batch_size <= self.num_examples
        end = self.index_in_epoch
        if self.substract_mean:
            return (self.images[self.indexes[start:end]] - self.images_mean) / 255. - 0.5,\
                np.eye(10)[self.labels[self.indexes[start:end]]]
        else:
            return self.images[self.indexes[start:end]] / 255. - 0.5,\
                np.eye(10)[self.labels[self.indexes[start:end]]]

    def holdout_batch(self, batch_size):
        """Next labelled hold-out minibatch."""
        # cursor
        start = self.test_index_in_epoch
        self.test_index_in_epoch += batch_size
        if self.test_index_in_epoch > self.test_num_examples or self.test_epochs_completed == -1:
            # epoch boundary
            self.test_epochs_completed += 1
            # new order
            np.random.shuffle(self.test_indexes)
            # restart cursor
            start = 0
            self.test_index_in_epoch = batch_size
            assert batch_size <= self.test_num_examples
        end = self.test_index_in_epoch
        # scale to [-0.5, 0.5]
        if self.substract_mean:
            return (self.test_images[self.test_indexes[start:end]] - self.images_mean) / 255. - 0.5,\
                np.eye(10)[self.test_labels[self.test_indexes[start:end]]]
        else:
            return self.test_images[self.test_indexes[start:end]] / 255. - 0.5,\
                np.eye(10)[self.test_labels[self.test_indexes[start:end]]]

    def submit_batch(self, batch_size):
        """Next slice of submission frames, decoded on demand."""
        # cursor
        start = self.prediction_index_in_epoch
        self.prediction_index_in_epoch += batch_size
        end = min(self.prediction_index_in_epoch, self.prediction_num_examples)
        # decode just this slice
        imgs = self.read_many(self.prediction_files[start:end])
        if self.substract_mean:
            return (imgs - self.images_mean) / 255. - 0.5
        else:
            return imgs / 255. - 0.5
