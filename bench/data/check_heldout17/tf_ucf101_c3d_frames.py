"""3D-convolutional action recognition on UCF101 frame folders (Keras 2 with
the TensorFlow backend). Every clip directory holds pre-extracted frames;
the frame reader class is included at the top of this file."""
import argparse
import math
import os

import matplotlib
matplotlib.use('AGG')
import matplotlib.pyplot as plt
import numpy as np
import cv2
from tqdm import tqdm

import keras
import tensorflow as tf
from keras.backend.tensorflow_backend import set_session
from keras.callbacks import ModelCheckpoint
from keras.layers import Activation, Conv3D, Dense, Dropout, Flatten, MaxPooling3D, MaxPooling2D
from keras.layers import Input
from keras.layers.advanced_activations import LeakyReLU
from keras.losses import categorical_crossentropy
from keras.models import Model, Sequential
from keras.optimizers import Adam
from keras.utils import np_utils
from sklearn.model_selection import train_test_split


class Videoto3D:
    """Turns one folder of frame images into a (frames, H, W, C) array."""

    def __init__(self, width, height, depth):
        self.width = width
        self.height = height
        self.depth = depth

    def video3d(self, filename, color=False, skip=True):
        frames = []
        for frame_name in os.listdir(filename):
            frame_path = os.path.join(filename, frame_name)
            frame = cv2.imread(frame_path)
            frame = cv2.resize(frame, (self.height, self.width))
            frames.append(frame)
        return np.array(frames)

    def get_UCF_classname(self, filename):
        return filename[filename.find('_') + 1:filename.find('_', 2)]


def plot_history(history, result_dir):
    plt.plot(history.history['acc'], marker='.')
    plt.plot(history.history['val_acc'], marker='.')
    plt.title('model accuracy')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.grid()
    plt.legend(['acc', 'val_acc'], loc='lower right')
    plt.savefig(os.path.join(result_dir, 'model_accuracy.png'))
    plt.close()

    plt.plot(history.history['loss'], marker='.')
    plt.plot(history.history['val_loss'], marker='.')
    plt.title('model loss')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.grid()
    plt.legend(['loss', 'val_loss'], loc='upper right')
    plt.savefig(os.path.join(result_dir, 'model_loss.png'))
    plt.close()


def save_history(history, result_dir):
    tr_loss = history.history['loss']
    tr_acc = history.history['acc']
    va_loss = history.history['val_loss']
    va_acc = history.history['val_acc']
    with open(os.path.join(result_dir, 'result.txt'), 'w') as out:
        out.write('epoch\tloss\tacc\tval_loss\tval_acc\n')
        for e in range(len(tr_acc)):
            out.write('{}\t{}\t{}\t{}\t{}\n'.format(e, tr_loss[e], tr_acc[e], va_loss[e], va_acc[e]))


def loaddata(video_dir, vid3d, nclass, result_dir, color=False, skip=True):
    class_dirs = os.listdir(video_dir)
    clips = []
    clip_labels = []
    seen = []

    bar = tqdm(total=len(class_dirs))
    for cls_dir in class_dirs:
        bar.update(1)
        if cls_dir == '.DS_Store':
            continue
        cls_path = os.path.join(video_dir, cls_dir)
        for clip_dir in os.listdir(cls_path):
            clip_path = os.path.join(cls_path, clip_dir)
            name = vid3d.get_UCF_classname(cls_dir)
            if name not in seen:
                if len(seen) >= nclass:
                    continue
                seen.append(name)
            clip_labels.append(name)
            clips.append(vid3d.video3d(clip_path, color=color, skip=skip))
    bar.close()

    with open(os.path.join(result_dir, 'classes.txt'), 'w') as out:
        for k in range(len(seen)):
            out.write('{}\n'.format(seen[k]))

    for code, name in enumerate(seen):
        for k in range(len(clip_labels)):
            if name == clip_labels[k]:
                clip_labels[k] = code

    if color:
        return np.array(clips).transpose((0, 2, 3, 4, 1)), clip_labels
    else:
        return np.array(clips).transpose((0, 2, 3, 1)), clip_labels


def myGenerator(X_train, X_test, Y_train, Y_test, nb_classes, nb_batch):
    img_rows = 224
    img_cols = 224
    n_steps = math.floor(X_train.shape[0] / nb_batch)
    while 1:
        for k in range(n_steps):
            if k % 125 == 0:
                print(k)
            yield X_train[k * nb_batch:(k + 1) * nb_batch], Y_train[k * nb_batch:(k + 1) * nb_batch]


def main():
    ap = argparse.ArgumentParser(description='simple 3D convolution for action recognition')
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--epoch', type=int, default=100)
    ap.add_argument('--videos', type=str, default='UCF101', help='directory holding the clip folders')
    ap.add_argument('--nclass', type=int, default=101)
    ap.add_argument('--output', type=str, required=True)
    ap.add_argument('--color', type=bool, default=False)
    ap.add_argument('--skip', type=bool, default=True)
    ap.add_argument('--depth', type=int, default=10)
    args = ap.parse_args()

    img_rows, img_cols = 224, 224
    frames = args.depth
    nb_classes = args.nclass
    nb_batch = args.batch
    channel = 3 if args.color else 1

    cache_file = 'dataset_{}_{}_{}.npz'.format(args.nclass, args.depth, args.skip)
    vid3d = Videoto3D(img_rows, img_cols, frames)

    if os.path.exists(cache_file):
        archive = np.load(cache_file)
        X, Y = archive["X"], archive["Y"]
    else:
        raw, raw_labels = loaddata(args.videos, vid3d, nb_classes, args.output, args.color, args.skip)
        print(raw.shape)
        print(raw.size)
        X = raw.reshape((raw.shape[0], img_rows, img_cols, frames, channel))
        Y = np_utils.to_categorical(raw_labels, nb_classes)
        X = X.astype('float32')
        np.savez(cache_file, X=X, Y=Y)
        print('Saved dataset to dataset.npz.')
    print('X_shape:{}\nY_shape:{}'.format(X.shape, Y.shape))

    # three parallel 3D-conv branches merged by addition
    inp = Input(shape=(img_rows, img_cols, frames, channel))
    stem = Conv3D(16, kernel_size=(3, 3, 3), padding='same')(inp)
    stem = LeakyReLU(alpha=.001)(stem)
    stem = Conv3D(32, kernel_size=(3, 3, 3), padding='same')(stem)
    stem = LeakyReLU(alpha=.001)(stem)

    b1 = Conv3D(16, kernel_size=(1, 1, 1), padding='same')(stem)
    b1 = LeakyReLU(alpha=.001)(b1)
    b1 = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(b1)
    b1 = Conv3D(16, kernel_size=(3, 3, 3), padding='same')(b1)
    b1 = LeakyReLU(alpha=.001)(b1)
    b1 = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(b1)
    b1 = Conv3D(1, kernel_size=(1, 1, 1), padding='same')(b1)
    b1 = LeakyReLU(alpha=.001)(b1)

    b2 = Conv3D(8, kernel_size=(1, 1, 1), padding='same')(stem)
    b2 = LeakyReLU(alpha=.001)(b2)
    b2 = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(b2)
    b2 = Conv3D(8, kernel_size=(3, 3, 3), padding='same')(b2)
    b2 = LeakyReLU(alpha=.001)(b2)
    b2 = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(b2)
    b2 = Conv3D(1, kernel_size=(1, 1, 1), padding='same')(b2)
    b2 = LeakyReLU(alpha=.001)(b2)

    b3 = Conv3D(4, kernel_size=(1, 1, 1), padding='same')(stem)
    b3 = LeakyReLU(alpha=.001)(b3)
    b3 = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(b3)
    b3 = Conv3D(4, kernel_size=(3, 3, 3), padding='same')(b3)
    b3 = LeakyReLU(alpha=.001)(b3)
    b3 = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(b3)
    b3 = Conv3D(1, kernel_size=(1, 1, 1), padding='same')(b3)
    b3 = LeakyReLU(alpha=.001)(b3)

    merged = keras.layers.Add()([b1, b2, b3])
    merged = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(merged)
    merged = Flatten()(merged)
    fc1 = Dense(784)(merged)
    fc2 = Dense(nb_classes)(fc1)
    print(fc2.shape)

    model = Model(inp, fc2)
    model.compile(loss=categorical_crossentropy, optimizer=Adam(), metrics=['accuracy'])
    model.summary()

    X_train, X_test, Y_train, Y_test = train_test_split(X, Y, test_size=0.2, random_state=43)
    print(X_train.shape)
    print(X_test.shape)

    ckpt_pattern = "saved_models/dk_3dcnnmodel-{epoch:02d}-{val_acc:.2f}.hd5"
    ckpt = ModelCheckpoint(ckpt_pattern, monitor='val_acc', verbose=1, save_best_only=True, mode='max')
    callbacks_list = [ckpt]

    # only a slice of the card is handed to this session
    sess_cfg = tf.ConfigProto()
    sess_cfg.gpu_options.per_process_gpu_memory_fraction = 0.3
    set_session(tf.Session(config=sess_cfg))

    print(X_train.shape)
    print(Y_train.shape)
    history = model.fit_generator(myGenerator(X_train, X_test, Y_train, Y_test, nb_classes, nb_batch),
                                  samples_per_epoch=X_train.shape[0], epochs=args.epoch, verbose=1,
                                  callbacks=callbacks_list, shuffle=True)

    model.evaluate(X_test, Y_test, verbose=0)
    model_json = model.to_json()
    if not os.path.isdir(args.output):
        os.makedirs(args.output)
    with open(os.path.join(args.output, 'ucf101_3dcnnmodel.json'), 'w') as fh:
        fh.write(model_json)
    model.save_weights(os.path.join(args.output, 'ucf101_3dcnnmodel-gpu.hd5'))

    loss, acc = model.evaluate(X_test, Y_test, verbose=0)
    print('Test loss:', loss)
    print('Test accuracy:', acc)
    plot_history(history, args.output)
    save_history(history, args.output)


if __name__ == '__main__':
    main()
