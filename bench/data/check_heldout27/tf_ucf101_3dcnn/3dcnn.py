import argparse
import os

import matplotlib
matplotlib.use('AGG')
import matplotlib.pyplot as plt
import numpy as np
from keras.datasets import cifar10
from keras.layers import (Activation, Conv3D, Dense, Dropout, Flatten,
                          MaxPooling3D)
from keras.layers.advanced_activations import LeakyReLU
from keras.losses import categorical_crossentropy
from keras.models import Sequential
from keras.optimizers import Adam
from keras.utils import np_utils
from keras.utils.vis_utils import plot_model
from sklearn.model_selection import train_test_split

import videoto3d
from tqdm import tqdm


def draw_history_curves(fit_history, out_dir):
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


def write_history_table(fit_history, out_dir):
    loss_seq = fit_history.history['loss']
    train_acc = fit_history.history['acc']
    val_loss_seq = fit_history.history['val_loss']
    val_acc_seq = fit_history.history['val_acc']
    epoch_count = len(train_acc)

    with open(os.path.join(out_dir, 'result.txt'), 'w') as fh:
        fh.write('epoch\tloss\tacc\tval_loss\tval_acc\n')
        for i in range(epoch_count):
            fh.write('{}\t{}\t{}\t{}\t{}\n'.format(
                i, loss_seq[i], train_acc[i], val_loss_seq[i], val_acc_seq[i]))


def load_video_dataset(video_folder, clip_reader, n_classes, out_dir, rgb=False, spread=True):
    video_files = os.listdir(video_folder)
    X = []
    labels = []
    label_names = []

    progress = tqdm(total=len(video_files))

    for video_file in video_files:
        progress.update(1)
        if video_file == '.DS_Store':
            continue
        video_path = os.path.join(video_folder, video_file)
        label = clip_reader.ucf_class_of(video_file)
        if label not in label_names:
            if len(label_names) >= n_classes:
                continue
            label_names.append(label)
        labels.append(label)
        X.append(clip_reader.read_clip(video_path, rgb=rgb, spread=spread))

    progress.close()
    with open(os.path.join(out_dir, 'classes.txt'), 'w') as fh:
        for i in range(len(label_names)):
            fh.write('{}\n'.format(label_names[i]))

    for idx, label in enumerate(label_names):
        for i in range(len(labels)):
            if label == labels[i]:
                labels[i] = idx
    if rgb:
        return np.array(X).transpose((0, 2, 3, 4, 1)), labels
    else:
        return np.array(X).transpose((0, 2, 3, 1)), labels


def run():
    argp = argparse.ArgumentParser(
        description='action recognition with a small 3D convnet')
    argp.add_argument('--batch_size', type=int, default=128)
    argp.add_argument('--epochs', type=int, default=100)
    argp.add_argument('--video_dir', type=str, default='UCF101',
                        help='folder holding the video files')
    argp.add_argument('--n_classes', type=int, default=101)
    argp.add_argument('--out_dir', type=str, required=True)
    argp.add_argument('--rgb', type=bool, default=False)
    argp.add_argument('--spread', type=bool, default=True)
    argp.add_argument('--clip_depth', type=int, default=10)
    opts = argp.parse_args()

    img_h, img_w, n_frames = 32, 32, opts.clip_depth
    n_channels = 3 if opts.rgb else 1
    cache_npz_file = 'dataset_{}_{}_{}.npz'.format(
        opts.n_classes, opts.clip_depth, opts.spread)

    clip_reader = videoto3d.ClipReader(img_h, img_w, n_frames)
    num_labels = opts.n_classes
    if os.path.exists(cache_npz_file):
        cached_data = np.load(cache_npz_file)
        X, Y = cached_data["X"], cached_data["Y"]
    else:
        x, y = load_video_dataset(opts.video_dir, clip_reader, opts.n_classes,
                        opts.out_dir, opts.rgb, opts.spread)
        X = x.reshape((x.shape[0], img_h, img_w, n_frames, n_channels))
        Y = np_utils.to_categorical(y, num_labels)

        X = X.astype('float32')
        np.savez(cache_npz_file, X=X, Y=Y)
        print('dataset cached to the npz file')
    print('X_shape:{}\nY_shape:{}'.format(X.shape, Y.shape))

    # build the network
    model = Sequential()
    model.add(Conv3D(32, kernel_size=(3, 3, 3), input_shape=(
        X.shape[1:]), border_mode='same'))
    model.add(Activation('relu'))
    model.add(Conv3D(32, kernel_size=(3, 3, 3), border_mode='same'))
    model.add(Activation('softmax'))
    model.add(MaxPooling3D(pool_size=(3, 3, 3), border_mode='same'))
    model.add(Dropout(0.25))

    model.add(Conv3D(64, kernel_size=(3, 3, 3), border_mode='same'))
    model.add(Activation('relu'))
    model.add(Conv3D(64, kernel_size=(3, 3, 3), border_mode='same'))
    model.add(Activation('softmax'))
    model.add(MaxPooling3D(pool_size=(3, 3, 3), border_mode='same'))
    model.add(Dropout(0.25))

    model.add(Flatten())
    model.add(Dense(512, activation='sigmoid'))
    model.add(Dropout(0.5))
    model.add(Dense(num_labels, activation='softmax'))

    model.compile(loss=categorical_crossentropy,
                  optimizer=Adam(), metrics=['accuracy'])
    model.summary()
    plot_model(model, show_shapes=True,
               to_file=os.path.join(opts.out_dir, 'model.png'))

    train_X, test_X, train_Y, test_Y = train_test_split(
        X, Y, test_size=0.2, random_state=43)

    fit_history = model.fit(train_X, train_Y, validation_data=(test_X, test_Y), batch_size=opts.batch_size,
                        epochs=opts.epochs, verbose=1, shuffle=True)
    model.evaluate(test_X, test_Y, verbose=0)
    model_spec = model.to_json()
    if not os.path.isdir(opts.out_dir):
        os.makedirs(opts.out_dir)
    with open(os.path.join(opts.out_dir, 'ucf101_3dcnnmodel.json'), 'w') as spec_file:
        spec_file.write(model_spec)
    model.save_weights(os.path.join(opts.out_dir, 'ucf101_3dcnnmodel.hd5'))

    loss_seq, train_acc = model.evaluate(test_X, test_Y, verbose=0)
    print('held-out loss:', loss_seq)
    print('held-out accuracy:', train_acc)
    draw_history_curves(fit_history, opts.out_dir)
    write_history_table(fit_history, opts.out_dir)


if __name__ == '__main__':
    run()
