from __future__ import print_function
from optparse import OptionParser
import cv2, sys, os, shutil, random
import numpy as np
from keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint, EarlyStopping
from keras.preprocessing.image import flip_axis, random_channel_shift
from keras.engine.training import slice_X
from keras_plus import LearningRateDecay as LrDecay
from u_model import get_unet as build_unet, IMG_COLS as target_cols, IMG_ROWS as target_rows
from data import read_train_arrays, read_test_array, read_patient_ids
from augmentation import random_zoom as zoom_pair, elastic_transform as elastic_pair, random_rotation as rotate_pair
from utils import save_pickle as dump_obj, load_pickle as load_obj, count_enum as count_values

here_dir = os.path.join(os.path.realpath(os.path.dirname(__file__)), '')


def shrink_images(images, out_rows=None, out_cols=None):
    if out_rows is None or out_cols is None:
        out_rows = target_rows
        out_cols = target_cols
    small_images = np.ndarray((images.shape[0], images.shape[1], out_rows, out_cols), dtype=np.uint8)
    for i in xrange(images.shape[0]):
        small_images[i, 0] = cv2.resize(images[i, 0], (out_cols, out_rows), interpolation=cv2.INTER_CUBIC)
    return small_images


class NerveTrainer(object):
    
    tag = ''
    out_dir = os.path.join(here_dir, 'res' + tag)
    best_weights_file = os.path.join(out_dir, 'unet.hdf5')
    test_mask_file = os.path.join(out_dir, 'imgs_mask_test.npy')
    test_presence_file = os.path.join(out_dir, 'imgs_mask_exist_test.npy')
    stats_file = os.path.join(out_dir, 'meanstd.dump')
    valid_idx_file = os.path.join(out_dir, 'valid.npy')
    tb_dir = os.path.join(out_dir, 'tb')
    
    def __init__(self, model_builder, val_fraction):
        self.model_builder = model_builder
        self.val_fraction = val_fraction
        self.__snap_dir = os.path.join(self.out_dir, 'res_iter')
        self.__snap_file = os.path.join(self.__snap_dir, '{epoch:02d}-{val_loss:.4f}.unet.hdf5')
        
    def _prepare_dirs(self):
        if not os.path.exists(self.out_dir):
            os.mkdir(self.out_dir)
        # start every run with an empty snapshot folder
        if os.path.exists(self.__snap_dir):
            shutil.rmtree(self.__snap_dir)
        os.mkdir(self.__snap_dir)
    
    def write_stats(self):
        stats = [self.pixel_mean, self.pixel_std]
        dump_obj(self.stats_file, stats)
        
    @classmethod
    def read_stats(cls):
        print ('reading mean and std from %s' % cls.stats_file)
        pixel_mean, pixel_std = load_obj(cls.stats_file)
        return pixel_mean, pixel_std
    
    @classmethod
    def write_valid_idx(cls, idx):
        dump_obj(cls.valid_idx_file, idx)
        
    @classmethod
    def read_valid_idx(cls):
        return load_obj(cls.valid_idx_file)
    
    def _fit_stats(self, images):
        images = images.astype('float32')
        self.pixel_mean, self.pixel_std = np.mean(images), np.std(images)
        self.write_stats()
        return images
    
    def mask_presence(self, mask_batch):
        return np.array([int(np.sum(mask_batch[i, 0]) > 0) for i in xrange(len(mask_batch))])

    def normalise(self, images, to_float=False):
        if to_float:
            images = images.astype('float32')
        if self.pixel_mean is None or self.pixel_std is None:
            raise ValueError('mean and std have not been computed yet')
        
        images -= self.pixel_mean
        images /= self.pixel_std
        return images

    @classmethod
    def scale_mask(cls, mask_batch):
        mask_batch = mask_batch.astype('float32')
        mask_batch /= 255.0
        return mask_batch

    @classmethod
    def shuffle_pairs(cls, images, masks):
        order = np.random.permutation(len(images))
        images = images[order]
        masks = masks[order]
        return images, masks

    @classmethod
    def split_by_patient(cls, images, masks, val_fraction, shuffle=False):
        print('shuffling and splitting by patient')
        patient_of_image = read_patient_ids()
        per_patient = count_values(patient_of_image)
        n_patients = len(per_patient)
        n_val = int(n_patients * val_fraction)
        patient_list = per_patient.keys()
        if shuffle:
            random.shuffle(patient_list)
        val_patients, train_patients = patient_list[:n_val], patient_list[n_val:]
        train_idx = [i for i, c in enumerate(patient_of_image) if c in set(train_patients)]
        val_idx = [i for i, c in enumerate(patient_of_image) if c in set(val_patients)]
        train_x, train_y = images[train_idx], masks[train_idx]
        valid_x, valid_y = images[val_idx], masks[val_idx]
        cls.write_valid_idx(val_idx)
        print ('validation patients:', len(valid_x), val_patients)
        print ('training patients:', len(train_x), train_patients)
        return (train_x, train_y), (valid_x, valid_y)

    @classmethod
    def split_plain(cls, images, masks, val_fraction, shuffle=False):
        print('shuffling and splitting')
        if shuffle:
            images, masks = cls.shuffle_pairs(images, masks)
        cut = int(len(images) * (1. - val_fraction))
        train_x, valid_x = (slice_X(images, 0, cut), slice_X(images, cut))
        train_y, valid_y = (slice_X(masks, 0, cut), slice_X(masks, cut))
        cls.write_valid_idx(range(len(images))[cut:])
        return (train_x, train_y), (valid_x, valid_y)
        
    def run_test(self, model, batch_size=256):
        print('reading and preparing the test images')
        test_images = read_test_array()
        test_images = shrink_images(test_images)
        test_images = self.normalise(test_images, to_float=True)
    
        print('restoring the best weights')
        model.load_weights(self.best_weights_file)
        print('predicting test masks and writing them out')
        test_pred = model.predict(test_images, batch_size=batch_size, verbose=1)
        
        np.save(self.test_mask_file, test_pred[0])
        np.save(self.test_presence_file, test_pred[1])
        
    def __maybe_load_weights(self, model, weights_path):
        if weights_path is not None:
            if not os.path.exists(weights_path):
                raise ValueError('pre-trained weights file not found')
            model.load_weights(weights_path)
            
            
    def augment(self, X, Y):
        print('building augmented copies')
        n_items = len(X)
        aug_x, aug_y = [], []
        
        for i in xrange(n_items):
            x, y = X[i], Y[i]
            # the unchanged pair
            aug_x.append(x)
            aug_y.append(y)
        
#            for _ in xrange(1):
#                _x, _y = elastic_pair(x[0], y[0], 100, 20)
#                aug_x.append(_x.reshape((1,) + _x.shape))
#                aug_y.append(_y.reshape((1,) + _y.shape))
            
            # horizontal flip
            aug_x.append(flip_axis(x, 2))
            aug_y.append(flip_axis(y, 2))
            # vertical flip
            aug_x.append(flip_axis(x, 1))
            aug_y.append(flip_axis(y, 1))
            # (skip marker)
            # random zoom
            for _ in xrange(1):
                _x, _y = zoom_pair(x, y, (0.9, 1.1))
                aug_x.append(_x)
                aug_y.append(_y)
            for _ in xrange(0):
                _x, _y = rotate_pair(x, y, 5)
                aug_x.append(_x)
                aug_y.append(_y)
            # brightness shift
            for _ in xrange(1):
                _x = random_channel_shift(x, 5.0)
                aug_x.append(_x)
                aug_y.append(y)
    
        aug_x = np.array(aug_x)
        aug_y = np.array(aug_y)
        return aug_x, aug_y
        
    def fit_model(self, train_x, train_y, valid_x, valid_y, weights_path):
        print('building, compiling and fitting the network')
        print('train shape:', train_x.shape)
        # labels for the presence head
        train_y_presence = self.mask_presence(train_y)
        valid_y_presence = self.mask_presence(valid_y)

        # network
        optimizer = Adam(lr=0.0045)
        model = self.model_builder(optimizer)

        # callbacks
        snapshot_cb = ModelCheckpoint(self.__snap_file, monitor='val_loss')
        best_cb = ModelCheckpoint(self.best_weights_file, monitor='val_loss', save_best_only=True)
        stop_cb = EarlyStopping(monitor='val_loss', patience=5, verbose=1)
        decay_cb = LrDecay(0.9, every_n=2, verbose=1)
        self.__maybe_load_weights(model, weights_path)
        model.fit(
                   train_x, [train_y, train_y_presence], 
                   validation_data=(valid_x, [valid_y, valid_y_presence]),
                   batch_size=128, nb_epoch=50,
                   verbose=1, shuffle=True,
                   callbacks=[best_cb, snapshot_cb, stop_cb]
                   ) 
        
        # done
        return model

    def train_then_predict(self, weights_path=None, use_random_split=True):
        self._prepare_dirs()
        print('reading, shrinking and normalising the training data')
        train_images, train_masks = read_train_arrays()
        
        train_images = shrink_images(train_images)

        train_masks = shrink_images(train_masks)
        
        train_masks = self.scale_mask(train_masks)

        splitter = use_random_split and self.split_plain or self.split_by_patient
        (train_x, train_y), (valid_x, valid_y) = splitter(train_images, train_masks,
                                                        val_fraction=self.val_fraction)
        self._fit_stats(train_x)
        train_x = self.normalise(train_x, True)
        valid_x = self.normalise(valid_x, True)
        # augmentation
        train_x, train_y = self.augment(train_x, train_y)
        # training
        model = self.fit_model(train_x, train_y, valid_x, valid_y, weights_path)
        # prediction on the test set
        self.run_test(model)


def main():
    cli = OptionParser()
    cli.add_option("-s", "--split_random", action='store', type='int', dest='split_random', default = 1)
    cli.add_option("-m", "--model_name", action='store', type='str', dest='model_name', default = 'u_model')
    #
    opts, _ = cli.parse_args()
    use_random_split = opts.split_random
    module_name = opts.model_name
    if module_name is None:
        raise ValueError('no model module given')
    #
    import imp
    model_module = imp.load_source('model_', module_name + '.py')
    model_builder = model_module.get_unet
    #
    trainer = NerveTrainer(model_builder, val_fraction=0.2)
    trainer.train_then_predict(weights_path=None, use_random_split=use_random_split)
    print ('outputs are in ', trainer.out_dir)

if __name__ == '__main__':
    sys.exit(main())
