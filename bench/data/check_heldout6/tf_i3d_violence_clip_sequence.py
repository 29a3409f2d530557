# source: https://github.com/null-void-Q/violence_detection_on_videos/blob/03616c8680767059a42ecbbda800f8dab8ac98cc/train.py (+ finetuning.py at the same commit)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import random
import sys
import time

import numpy as np
from keras.models import Model
from keras.layers import Activation, Dropout, Reshape, Lambda
from keras.optimizers import Adam, SGD
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras import backend as K
from keras.utils import to_categorical, Sequence

import cv2
from i3d_inception import Inception_Inflated3d, conv3d_bn
from transforms import loopVideo, preprocess_input
from utils import writeJsontoFile

# usage: python3 this.py <train clip dir> <validation clip dir> <class list file>


def decode_clip(fragment, clip_len, augment=False):
    """decode clip_len frames of one video fragment into a float32 block"""
    block = np.empty((clip_len, 224, 224, 3), dtype=np.float32)
    shift = 0
    if augment and random.randint(0, 101) > 60:
        shift = random.randint(-50, 51)

    cap = cv2.VideoCapture(fragment['video'])
    if (cap.isOpened() == False):
        print("cannot open video ", fragment['video'])
        exit()
    cap.set(cv2.CAP_PROP_POS_FRAMES, fragment['start_frame'])
    n = 0
    while (cap.isOpened()):
        ok, frame = cap.read()
        if ok == True:
            frame = preprocess_input(frame, augment=augment, brightness=shift)
            block[n] = np.copy(frame)
            n += 1
            if n == clip_len:
                break
        else:
            break

    if n < clip_len:
        block = loopVideo(block, n)
    return block


def list_clip_files(root):
    """one entry per pre-extracted .npy clip; the label is encoded after the last '+'"""
    entries = []
    for folder, _subdirs, names in os.walk(root):
        for name in names:
            entries.append({'clip': os.path.join(folder, name), 'label': name.split('+')[-1][:-4]})
    return entries


class ClipBatches(Sequence):

    def __init__(self, entries, frames=64, batch_size=32, dim=(224, 224, 3),
                 n_classes=400, shuffle=False, from_npy=False, augment=False):
        self.dim = dim
        self.frames = frames
        self.batch_size = batch_size
        self.entries = entries
        self.n_classes = n_classes
        self.shuffle = shuffle
        self.from_npy = from_npy
        self.augment = augment
        self.on_epoch_end()
        random.seed(time.time())

    def __len__(self):
        return int(np.floor(len(self.entries) / self.batch_size))

    def __getitem__(self, index):
        picks = self.order[index * self.batch_size:(index + 1) * self.batch_size]
        chosen = [self.entries[k] for k in picks]
        return self._assemble(chosen)

    def on_epoch_end(self):
        self.order = np.arange(len(self.entries))
        if self.shuffle == True:
            np.random.shuffle(self.order)

    def _assemble(self, chosen):
        x = np.empty((self.batch_size, self.frames, *self.dim), dtype=np.float32)
        y = np.empty((self.batch_size), dtype=int)
        for i, entry in enumerate(chosen):
            if self.from_npy:
                x[i] = np.load(entry['clip'])
            else:
                x[i] = decode_clip(entry, self.frames, self.augment)
            y[i] = int(entry['label'])
        return x, to_categorical(y, num_classes=self.n_classes)


def freeze_up_to(last_index, model):
    for index, layer in enumerate(model.layers):
        if index > last_index:
            break
        layer.trainable = False


def build_i3d(n_classes, frames, height, width, channels, pretrained=False):
    weights = 'rgb_inception_i3d' if pretrained else None
    trunk = Inception_Inflated3d(
        include_top=False,
        weights=weights,
        input_shape=(frames, height, width, channels),
        dropout_prob=0.5,
        endpoint_logit=True,
        classes=n_classes)

    x = trunk.output
    x = Dropout(0.5)(x)
    x = conv3d_bn(x, n_classes, 1, 1, 1, padding='same',
                  use_bias=True, use_activation_fn=False, use_bn=False, name='Conv3d_6a_1x1')
    t_left = int(x.shape[1])
    x = Reshape((t_left, n_classes))(x)
    x = Lambda(lambda v: K.mean(v, axis=1, keepdims=False),
               output_shape=lambda s: (s[0], s[2]))(x)
    probs = Activation('softmax', name='prediction')(x)
    return Model(trunk.input, probs)


train_root = sys.argv[1].replace('\\', '/')
valid_root = sys.argv[2].replace('\\', '/')
class_file = sys.argv[3]

class_names = [line.strip() for line in open(class_file)]

FRAMES = 64
WIDTH = 224
HEIGHT = 224
CHANNELS = 3

FROZEN_UNTIL = 152

batch_size = 2
epochs = 1

print('\n\n\nlisting clips...')
train_entries = list_clip_files(train_root)
valid_entries = list_clip_files(valid_root)
print('building batch sequences...')
train_seq = ClipBatches(train_entries, FRAMES, batch_size=batch_size,
                        n_classes=len(class_names), shuffle=True, from_npy=True)
valid_seq = ClipBatches(valid_entries, FRAMES, batch_size=batch_size, n_classes=len(class_names), from_npy=True)

print('building network...')
net = build_i3d(len(class_names), FRAMES, HEIGHT, WIDTH, CHANNELS, pretrained=True)
freeze_up_to(FROZEN_UNTIL, net)

opt = Adam(lr=0.001, beta_1=0.9, beta_2=0.999, amsgrad=True)
net.compile(opt, loss='categorical_crossentropy', metrics=['acc'])

stopper = EarlyStopping(monitor='val_loss', min_delta=0.05, patience=3, verbose=1, mode='auto', baseline=None, restore_best_weights=True)
saver = ModelCheckpoint('model.hdf5', monitor='val_loss', verbose=1, save_best_only=True)

log = net.fit_generator(train_seq, epochs=epochs,
                        verbose=1, callbacks=[stopper, saver],
                        validation_data=valid_seq,
                        shuffle=False)
print(log.history)
writeJsontoFile('training_history.json', log.history)
