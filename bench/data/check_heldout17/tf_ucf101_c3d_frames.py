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


class FrameFolderReader:
    """Turns one folder of frame images into a (frames, H, W, C) array."""

    def __init__(self, frame_w, frame_h, n_frames):
        self.frame_w = frame_w
        self.frame_h = frame_h
        self.n_frames = n_frames

    def read_video(self, clip_folder, use_color=False, skip_frames=True):
        frame_imgs = []
        for frame_file in os.listdir(clip_folder):
            frame_file_path = os.path.join(clip_folder, frame_file)
            frame_img = cv2.imread(frame_file_path)
            frame_img = cv2.resize(frame_img, (self.frame_h, self.frame_w))
            frame_imgs.append(frame_img)
        return np.array(frame_imgs)

    def class_from_folder(self, clip_folder):
        return clip_folder[clip_folder.find('_') + 1:clip_folder.find('_', 2)]


def plot_curves(fit_history, out_dir):
    plt.plot(fit_history.history['acc'], marker='.')
    plt.plot(fit_history.history['val_acc'], marker='.')
    plt.title('accuracy per epoch')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.grid()
    plt.legend(['acc', 'val_acc'], loc='lower right')
    plt.savefig(os.path.join(out_dir, 'model_accuracy.png'))
    plt.close()

    plt.plot(fit_history.history['loss'], marker='.')
    plt.plot(fit_history.history['val_loss'], marker='.')
    plt.title('loss per epoch')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.grid()
    plt.legend(['loss', 'val_loss'], loc='upper right')
    plt.savefig(os.path.join(out_dir, 'model_loss.png'))
    plt.close()


def write_curves(fit_history, out_dir):
    train_loss_hist = fit_history.history['loss']
    train_acc_hist = fit_history.history['acc']
    val_loss_hist = fit_history.history['val_loss']
    val_acc_hist = fit_history.history['val_acc']
    with open(os.path.join(out_dir, 'result.txt'), 'w') as txt_out:
        txt_out.write('epoch\tloss\tacc\tval_loss\tval_acc\n')
        for ep in range(len(train_acc_hist)):
            txt_out.write('{}\t{}\t{}\t{}\t{}\n'.format(ep, train_loss_hist[ep], train_acc_hist[ep], val_loss_hist[ep], val_acc_hist[ep]))


def load_clip_data(videos_dir, frame_reader, max_classes, out_dir, use_color=False, skip_frames=True):
    class_folders = os.listdir(videos_dir)
    video_clips = []
    labels_of_clips = []
    class_names = []

    pbar = tqdm(total=len(class_folders))
    for class_folder in class_folders:
        pbar.update(1)
        if class_folder == '.DS_Store':
            continue
        class_path = os.path.join(videos_dir, class_folder)
        for clip_folder_name in os.listdir(class_path):
            clip_dir_path = os.path.join(class_path, clip_folder_name)
            cname = frame_reader.class_from_folder(class_folder)
            if cname not in class_names:
                if len(class_names) >= max_classes:
                    continue
                class_names.append(cname)
            labels_of_clips.append(cname)
            video_clips.append(frame_reader.read_video(clip_dir_path, use_color=use_color, skip_frames=skip_frames))
    pbar.close()

    with open(os.path.join(out_dir, 'classes.txt'), 'w') as txt_out:
        for k in range(len(class_names)):
            txt_out.write('{}\n'.format(class_names[k]))

    for class_id, cname in enumerate(class_names):
        for k in range(len(labels_of_clips)):
            if cname == labels_of_clips[k]:
                labels_of_clips[k] = class_id

    if use_color:
        return np.array(video_clips).transpose((0, 2, 3, 4, 1)), labels_of_clips
    else:
        return np.array(video_clips).transpose((0, 2, 3, 1)), labels_of_clips


def batch_stream(train_X, test_X, train_Y, test_Y, n_classes, batch_len):
    img_h = 224
    img_w = 224
    steps_per_pass = math.floor(train_X.shape[0] / batch_len)
    while 1:
        for k in range(steps_per_pass):
            if k % 125 == 0:
                print(k)
            yield train_X[k * batch_len:(k + 1) * batch_len], train_Y[k * batch_len:(k + 1) * batch_len]


def main():
    arg_parser = argparse.ArgumentParser(description='train a small 3D CNN to classify UCF101 actions')
    arg_parser.add_argument('--batch', type=int, default=128)
    arg_parser.add_argument('--epoch', type=int, default=100)
    arg_parser.add_argument('--videos', type=str, default='UCF101', help='root folder with one sub-folder of frames per clip')
    arg_parser.add_argument('--nclass', type=int, default=101)
    arg_parser.add_argument('--output', type=str, required=True)
    arg_parser.add_argument('--color', type=bool, default=False)
    arg_parser.add_argument('--skip', type=bool, default=True)
    arg_parser.add_argument('--depth', type=int, default=10)
    opts = arg_parser.parse_args()

    img_h, img_w = 224, 224
    clip_depth = opts.depth
    n_classes = opts.nclass
    batch_len = opts.batch
    n_channels = 3 if opts.color else 1

    npz_file = 'dataset_{}_{}_{}.npz'.format(opts.nclass, opts.depth, opts.skip)
    frame_reader = FrameFolderReader(img_h, img_w, clip_depth)

    if os.path.exists(npz_file):
        npz_data = np.load(npz_file)
        X, Y = npz_data["X"], npz_data["Y"]
    else:
        clips_arr, clip_label_ids = load_clip_data(opts.videos, frame_reader, n_classes, opts.output, opts.color, opts.skip)
        print(clips_arr.shape)
        print(clips_arr.size)
        X = clips_arr.reshape((clips_arr.shape[0], img_h, img_w, clip_depth, n_channels))
        Y = np_utils.to_categorical(clip_label_ids, n_classes)
        X = X.astype('float32')
        np.savez(npz_file, X=X, Y=Y)
        print('clip arrays cached as an .npz file')
    print('X is {}\nY is {}'.format(X.shape, Y.shape))

    # three parallel 3D-conv branches merged by addition
    clip_in = Input(shape=(img_h, img_w, clip_depth, n_channels))
    trunk = Conv3D(16, kernel_size=(3, 3, 3), padding='same')(clip_in)
    trunk = LeakyReLU(alpha=.001)(trunk)
    trunk = Conv3D(32, kernel_size=(3, 3, 3), padding='same')(trunk)
    trunk = LeakyReLU(alpha=.001)(trunk)

    br_a = Conv3D(16, kernel_size=(1, 1, 1), padding='same')(trunk)
    br_a = LeakyReLU(alpha=.001)(br_a)
    br_a = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(br_a)
    br_a = Conv3D(16, kernel_size=(3, 3, 3), padding='same')(br_a)
    br_a = LeakyReLU(alpha=.001)(br_a)
    br_a = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(br_a)
    br_a = Conv3D(1, kernel_size=(1, 1, 1), padding='same')(br_a)
    br_a = LeakyReLU(alpha=.001)(br_a)

    br_b = Conv3D(8, kernel_size=(1, 1, 1), padding='same')(trunk)
    br_b = LeakyReLU(alpha=.001)(br_b)
    br_b = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(br_b)
    br_b = Conv3D(8, kernel_size=(3, 3, 3), padding='same')(br_b)
    br_b = LeakyReLU(alpha=.001)(br_b)
    br_b = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(br_b)
    br_b = Conv3D(1, kernel_size=(1, 1, 1), padding='same')(br_b)
    br_b = LeakyReLU(alpha=.001)(br_b)

    br_c = Conv3D(4, kernel_size=(1, 1, 1), padding='same')(trunk)
    br_c = LeakyReLU(alpha=.001)(br_c)
    br_c = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(br_c)
    br_c = Conv3D(4, kernel_size=(3, 3, 3), padding='same')(br_c)
    br_c = LeakyReLU(alpha=.001)(br_c)
    br_c = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(br_c)
    br_c = Conv3D(1, kernel_size=(1, 1, 1), padding='same')(br_c)
    br_c = LeakyReLU(alpha=.001)(br_c)

    summed = keras.layers.Add()([br_a, br_b, br_c])
    summed = MaxPooling3D(pool_size=(2, 2, 2), padding='same')(summed)
    summed = Flatten()(summed)
    dense_h = Dense(784)(summed)
    class_out = Dense(n_classes)(dense_h)
    print(class_out.shape)

    model = Model(clip_in, class_out)
    model.compile(loss=categorical_crossentropy, optimizer=Adam(), metrics=['accuracy'])
    model.summary()

    train_X, test_X, train_Y, test_Y = train_test_split(X, Y, test_size=0.2, random_state=43)
    print(train_X.shape)
    print(test_X.shape)

    ckpt_fmt = "saved_models/dk_3dcnnmodel-{epoch:02d}-{val_acc:.2f}.hd5"
    ckpt_cb = ModelCheckpoint(ckpt_fmt, monitor='val_acc', verbose=1, save_best_only=True, mode='max')
    cb_list = [ckpt_cb]

    # only a slice of the card is handed to this session
    gpu_cfg = tf.ConfigProto()
    gpu_cfg.gpu_options.per_process_gpu_memory_fraction = 0.3
    set_session(tf.Session(config=gpu_cfg))

    print(train_X.shape)
    print(train_Y.shape)
    fit_history = model.fit_generator(batch_stream(train_X, test_X, train_Y, test_Y, n_classes, batch_len),
                                  samples_per_epoch=train_X.shape[0], epochs=opts.epoch, verbose=1,
                                  callbacks=cb_list, shuffle=True)

    model.evaluate(test_X, test_Y, verbose=0)
    arch_json = model.to_json()
    if not os.path.isdir(opts.output):
        os.makedirs(opts.output)
    with open(os.path.join(opts.output, 'ucf101_3dcnnmodel.json'), 'w') as json_fh:
        json_fh.write(arch_json)
    model.save_weights(os.path.join(opts.output, 'ucf101_3dcnnmodel-gpu.hd5'))

    test_loss, test_acc = model.evaluate(test_X, test_Y, verbose=0)
    print('held-out loss:', test_loss)
    print('held-out accuracy:', test_acc)
    plot_curves(fit_history, opts.output)
    write_curves(fit_history, opts.output)


if __name__ == '__main__':
    main()
