import keras as k
import numpy as np

from utils.augmentation import *

def pick_normalizer(net_id):
    table = {
        'vgg16': minus_bgr_mean,
        'vgg19': minus_bgr_mean,
        'resnet50': minus_bgr_mean,
        'densenet121': densenet_scale,
        'inceptionv3': inception_scale
    }
    return table[net_id]

# per-channel BGR means of ImageNet, as the VGG/ResNet weights expect
# (103.94, 116.78, 123.68), taken off in place
def minus_bgr_mean(arr):
    arr[:,:,:,0] -= 103.939
    arr[:,:,:,1] -= 116.779
    arr[:,:,:,2] -= 123.68

def densenet_scale(arr):
    # mean taken off, then the constant scale the caffe DenseNet weights use
    # see https://github.com/shicai/DenseNet-Caffe
    arr[:,:,:,0] = (arr[:,:,:,0] - 103.939) * 0.017
    arr[:,:,:,1] = (arr[:,:,:,1] - 116.779) * 0.017
    arr[:,:,:,2] = (arr[:,:,:,2] - 123.68) * 0.017

def inception_scale(arr):
    # TODO the imagenet inception weights were trained at 299 x 299
    # scaling as in the keras deep-learning-models inception_v3 file
    arr /= 255.
    arr -= 0.5
    arr *= 2.

class TileBatcher(object):
    """ Hands out batches of tiles.
    Optional flips and the like for training.
    Each batch is cast from uint8 to float32, normalised and put channels-first.
    The generators never stop, as fit_generator wants """
    
    def __init__(self, normalization=minus_bgr_mean):
        """Some pretrained nets (DenseNet, VGG) need their own input scaling,
        e.g. https://github.com/shicai/DenseNet-Caffe"""
        self.normalization = normalization

    def featuresGen(self, tiles, bs):
        """
        note: when tiles is an H5PYMatrix it cannot wrap an index the way numpy does
        the traceback seen was
        tiles[j: j + bs] inside featuresGen
        from keras/utils/io_utils.py __getitem__
        raising IndexError
        """
        j = 0
        n = tiles.shape[0]
        while True:
            if j+1 >= n:
                j = 0
            if j + bs > n:
                stop = n
            else:
                stop = j + bs

            # cast one batch, normalise, channels first
            chunk = tiles[j: j + bs].astype(np.float32)
            self.normalization(chunk)
            chunk = chunk.transpose(0,3,1,2) # the theano backend wants channels first

            j += bs
            yield chunk

    # training batches, augmented
    def trainGen(self, tiles, targets, bs):
        """
        note: when tiles is an H5PYMatrix it cannot wrap an index the way numpy does
        the traceback seen was
        tiles[j: j + bs] inside featuresGen
        from keras/utils/io_utils.py __getitem__
        raising IndexError
        """
        j = 0
        n = tiles.shape[0]
        while True:
            if j+1 >= n:
                j = 0
            if j + bs > n:
                stop = n
            else:
                stop = j + bs

            # cast one batch, normalise, channels first
            chunk = tiles[j: j + bs].astype(np.float32)
            chunk = apply_augment_sequence(chunk)
            self.normalization(chunk)
            chunk = chunk.transpose(0,3,1,2) # the theano backend wants channels first

            yield chunk, targets[j: j + bs]
            j += bs

    def validationGen(self, tiles, targets, bs):
        """
        note: when tiles is an H5PYMatrix it cannot wrap an index the way numpy does
        the traceback seen was
        tiles[j: j + bs] inside featuresGen
        from keras/utils/io_utils.py __getitem__
        raising IndexError
        """
        j = 0
        n = tiles.shape[0]
        while True:
            if j+1 >= n:
                j = 0
            if j + bs > n:
                stop = n
            else:
                stop = j + bs

            # cast one batch, normalise, channels first
            chunk = tiles[j: j + bs].astype(np.float32)
            self.normalization(chunk)
            chunk = chunk.transpose(0,3,1,2) # the theano backend wants channels first

            yield chunk, targets[j: j + bs]
            j += bs

    def testGen(self, tiles, bs, tta_func=None):
        """
            tta_func: optional test-time flip applied to each batch
        """
        j = 0
        n = tiles.shape[0]
        while True:
            if j+1 >= n:
                j = 0
            if j + bs > n:
                stop = n
            else:
                stop = j + bs

            # cast one batch, normalise, channels first
            chunk = tiles[j: stop].astype(np.float32)
            if tta_func is not None:
                chunk = tta_func(chunk)
            self.normalization(chunk)
            chunk = chunk.transpose(0,3,1,2) # the theano backend wants channels first

            yield chunk
            j += bs

class PlainBatcher(object):
    """ Hands out batches of tiles.
    For fit_generator.
    Optional flips for training.
    The generators never stop """
    def trainGen(self, tiles, targets, bs, scale=True):
        j = 0
        n = tiles.shape[0]
        #print('n', n)
        while True:
            chunk = tiles[j: j + bs]
            chunk = chunk.transpose(0,2,3,1) # the augmenter wants channels last
            chunk = apply_augment_sequence(chunk)
            if scale:
                chunk = chunk / float(255)
            chunk = chunk.transpose(0,3,1,2)

            #print(chunk.shape)

            yield chunk, targets[j: j + bs]
            if j + 2*bs > n:
                j = 0
            else:
                j += bs

    def validationGen(self, tiles, targets, bs, scale=True):
        j = 0
        n = tiles.shape[0]

        while True:
            if j+1 >= n:
                j = 0
            if j + bs > n:
                stop = n
            else:
                stop = j + bs

            chunk = tiles[j: stop].astype(np.float32)
            if scale:
                chunk = chunk / float(255)

            yield chunk, targets[j: stop]
            j += bs

    def testGen(self, tiles, bs, scale=True):
        j = 0
        n = tiles.shape[0]

        while True:
            if j+1 >= n:
                j = 0
            if j + bs > n:
                stop = n
            else:
                stop = j + bs

            chunk = tiles[j: stop].astype(np.float32)
            if scale:
                chunk = chunk / float(255)

            yield chunk
            j += bs
