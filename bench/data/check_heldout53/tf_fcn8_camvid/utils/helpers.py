

import os
import random
import sys
import warnings
import cv2
import keras.backend as K
import numpy as np
import tensorflow as tf
from keras.preprocessing.image import apply_transform, flip_axis, random_channel_shift
from sklearn.utils import shuffle


class StreetSceneData:
    'reads the 12-class street-scene set into arrays'

    def __init__(self, input_height=224, input_width=224, output_height=224, output_width=224, shape=(224, 224), nClasses=12):
        self.root = os.path.abspath('/dataset/dataset1')
        self.label_dir = self.root + "/annotations_prepped_train/"
        self.image_dir = self.root + "/images_prepped_train/"
        self.input_height = input_height
        self.input_width = input_width
        self.output_height = output_height
        self.output_width = output_width
        self.shape = shape
        self.n_classes = nClasses

    def label_onehot(self, path, nClasses,  width, height):
        onehot = np.zeros((height, width, nClasses))
        raw = cv2.imread(path, 1)
        raw = cv2.resize(raw, (width, height))
        raw = raw[:, :, 0]

        for k in range(nClasses):
            onehot[:, :, k] = (raw == k).astype(int)
        # onehot = np.reshape(onehot, ( width*height,nClasses  ))
        return onehot

    def image_scaled(self, path, width, height):
        raw = cv2.imread(path, 1)
        raw = np.float32(cv2.resize(raw, (width, height))) / 127.5 - 1
        return raw

    def read_all(self):
        pics = os.listdir(self.image_dir)
        pics.sort()
        labels = os.listdir(self.label_dir)
        labels.sort()
        X = []
        Y = []
        for pic, lab in zip(pics, labels):
            X.append(self.image_scaled(self.image_dir + pic,
                                      self.input_width, self.input_height))
            Y.append(self.label_onehot(self.label_dir + lab,
                                             self.n_classes, self.output_width, self.output_height))

        X, Y = np.array(X), np.array(Y)
        print('X.shape,Y.shape: ', X.shape, Y.shape)
        return X, Y

    def split_arrays(self, X, Y, train_rate=0.85, seed=None):
        np.random.seed(seed)
        fit_idx = np.random.choice(X.shape[0], int(
            X.shape[0]*train_rate), replace=False)
        hold_idx = list(set(range(X.shape[0])) - set(fit_idx))

        X, Y = shuffle(X, Y)
        X_fit, y_fit = X[fit_idx], Y[fit_idx]
        X_hold, y_hold = X[hold_idx], Y[hold_idx]

        print(X_fit.shape, y_fit.shape)
        print(X_hold.shape, y_hold.shape)
        return (X_fit, y_fit), (X_hold, y_hold)


class SessionTools:
    @staticmethod
    def gpu_setup(gpu_memory_fraction=0.90, gpu_device="1"):
        warnings.filterwarnings("ignore")
        os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"   
        cfg = tf.ConfigProto()
        cfg.gpu_options.per_process_gpu_memory_fraction = gpu_memory_fraction
        cfg.gpu_options.visible_device_list = gpu_device
        K.set_session(tf.Session(config=cfg))
        print("python {}".format(sys.version))
        print("tensorflow version {}".format(tf.__version__))

    @staticmethod
    def mean_iou(truth, pred):
        # per-class IoU and their mean
        # IoU = TP/(FN + TP + FP)

        per_class = []
        n_cls = int(np.max(truth)) + 1
        for k in range(n_cls):
            TP = np.sum((truth == k) & (pred == k))
            FP = np.sum((truth != k) & (pred == k))
            FN = np.sum((truth == k) & (pred != k))
            iou = TP/float(TP + FP + FN)
            print("class {:02.0f}: #TP={:6.0f}, #FP={:6.0f}, #FN={:5.0f}, IoU={:4.3f}".format(
                k, TP, FP, FN, iou))
            per_class.append(iou)
        m = np.mean(per_class)
        print("_________________")
        print("Mean IoU: {:4.3f}".format(m))


def list_pairs(dataset_name, dataset_path):
    if dataset_name == 'VOC2012':
        pairs = voc_pairs(dataset_path)
    elif dataset_name == 'dataset1':
        pairs = street_pairs(dataset_path)
    else:
        # add a helper for other data here
        raise ValueError('Unknown data set:', dataset_name,
                         ' expected dataset1 or VOC2012, or add a helper for it')
    assert len(pairs[0]) == len(pairs[1])
    assert len(pairs[2]) == len(pairs[3])

    return pairs


def read_lines(filePath):
    fh = open(filePath)
    rows = list(fh)
    fh.close()
    rows = [r.strip() for r in rows]
    return rows


def voc_pairs(dataset_path):
    pairs = list()

    jpg_dir = os.path.join(dataset_path, 'JPEGImages/')
    png_dir = os.path.join(dataset_path, 'SegmentationClass/')
    fit_list = os.path.join(
        dataset_path, 'ImageSets/Segmentation/train.txt')
    hold_list = os.path.join(
        dataset_path, 'ImageSets/Segmentation/val.txt')
    fit_rows = read_lines(fit_list)
    hold_rows = read_lines(hold_list)

    fit_pics = []
    fit_labels = []
    for n, stem in enumerate(fit_rows):
        fit_pics.append(jpg_dir + stem + '.jpg')
        fit_labels.append(png_dir + stem + '.png')
    pairs.append(fit_pics)
    pairs.append(fit_labels)

    hold_pics = []
    hold_labels = []
    for n, stem in enumerate(hold_rows):
        hold_pics.append(jpg_dir + stem + '.jpg')
        hold_labels.append(png_dir + stem + '.png')
    pairs.append(hold_pics)
    pairs.append(hold_labels)

    return pairs


def street_pairs(dataset_path):
    pic_dir = os.path.join(dataset_path, 'images_prepped_train/')
    lab_dir = os.path.join(dataset_path, 'annotations_prepped_train/')
    fit_names, hold_names = split_names(pic_dir)

    pairs = list()
    fit_pics = []
    fit_labels = []
    for n, name in enumerate(fit_names):
        fit_pics.append(pic_dir + name)
        fit_labels.append(lab_dir + name)
    pairs.append(fit_pics)
    pairs.append(fit_labels)

    hold_pics = []
    hold_labels = []
    for n, name in enumerate(hold_names):
        hold_pics.append(pic_dir + name)
        hold_labels.append(lab_dir + name)
    pairs.append(hold_pics)
    pairs.append(hold_labels)

    return pairs


def split_names(filePath, split_ratio=0.85, shuffle=True, seed=None):
    '''
    split the file names into a fitting and a held-out list.

    # Arguments
    filePath: folder holding the files.
    split_ratio: share kept for fitting.
    shuffle: shuffle the names first.
    seed: numpy seed.
    '''
    if seed is not None:
        np.random.seed(seed)
    names = sorted_names(filePath)
    total = len(names)
    cut = int(total * split_ratio)
    assert total != 0 and cut > 0, 'cannot split this folder'
    if shuffle:
        random.shuffle(names)
    fit_names = names[:cut]
    hold_names = names[cut:]
    return fit_names, hold_names


def sorted_names(filepath):
    names = os.listdir(filepath)
    names.sort()
    return names


def report_duration(starttime, endtime):
    seconds = (endtime - starttime).seconds
    start = starttime.strftime('%Y-%m-%d %H:%M')
    end = endtime.strftime('%Y-%m-%d %H:%M')

    minutes, second = divmod(seconds, 60)
    hour, minutes = divmod(minutes, 60)

    took = str(hour)+' hours ' + str(minutes) + \
        ' mins ' + str(second) + " seconds "
    print("started " + start +
          ' finished ' + end+', elapsed: ' + took)
