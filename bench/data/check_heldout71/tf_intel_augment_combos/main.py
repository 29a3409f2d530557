import os

import matplotlib.pyplot as plt

from model import SceneConvNet
from model import FrozenVggNet
from read_data import SceneArrays
import tensorflow
from evaluate_choose import PickBest
from tensorflow.keras import optimizers


def save_curve_plot(png_path, fit_history, metric_name):
    plt.plot(fit_history.history[metric_name])
    plt.plot(fit_history.history['val_' + metric_name])
    plt.title('curve of ' + metric_name)
    plt.ylabel(metric_name)
    plt.xlabel('epoch')
    plt.legend(['fit', 'held-out'], loc='upper left')
    plt.savefig(png_path)
    plt.close()


train_folder = 'scenes/seg_train/seg_train'
heldout_folder = 'scenes/seg_test/seg_test'
arrays_dir = 'cached_arrays'
augmented_dir = 'cached_augmented'
settings_dir = 'settings'
previews_dir = 'previews'
checkpoints_dir = 'checkpoints'
curves_dir = 'curves'

if not os.path.exists(settings_dir):
    os.makedirs(settings_dir)

if not os.path.exists(previews_dir):
    os.makedirs(previews_dir)

if not os.path.exists(curves_dir):
    os.makedirs(curves_dir)

if not os.path.exists(checkpoints_dir):
    os.makedirs(checkpoints_dir)

side_w = 75
side_h = 75
all_variants = ['rot',
                'updown',
                'mirror',
                'skew',
                'rot_updown',
                'rot_mirror',
                'rot_skew',
                'mirror_updown',
                'skew_updown',
                'skew_mirror']

train_reader = SceneArrays(train_folder, arrays_dir, augmented_dir, settings_dir,
                           previews_dir, side_w, side_h, 'fit')
heldout_reader = SceneArrays(heldout_folder, arrays_dir, augmented_dir, settings_dir,
                             previews_dir, side_w, side_h, 'heldout')

if not os.path.exists(arrays_dir):
    os.makedirs(arrays_dir)
    train_reader.build_and_store()
    heldout_reader.build_and_store()

if not os.path.exists(augmented_dir):
    os.makedirs(augmented_dir)
    train_reader.build_variants(all_variants)

# a) fit the plain convnet on every variant mix
# b) pick the best mix
# c) reuse that mix for the pretrained backbone
# d) fit and score again


n_epochs = 150
lr_value = 0.0001
mini_batch = 256
n_classes = 6
shape_in = (side_w, side_h, 3)
all_histories = {}
# # [],
variant_mixes = [[],
                 ['rot'],
                 ['updown'],
                 ['mirror'],
                 ['skew'],
                 ['rot_updown'],
                 ['rot_mirror'],
                 ['rot_skew'],
                 ['mirror_updown'],
                 ['skew_updown'],
                 ['skew_mirror'],
                 ['skew', 'updown'],
                 ['skew', 'mirror'],
                 ['skew', 'rot'],
                 ['rot', 'mirror'],
                 ['rot', 'updown'],
                 ['updown', 'mirror']]

print('{} networks are scheduled'.format(3 + len(variant_mixes)))
print('The hand-built convnet is fitted once per variant mix, {} mixes in total.'.format(
    len(variant_mixes)))

# # hand-built convnet, 150 epochs for every mix of stored variants
heldout_x, heldout_y = heldout_reader.load_with_variants([])
heldout_pair = (heldout_x, heldout_y)
run_counter = 0
for mix in variant_mixes:
    run_counter += 1
    fit_x, fit_y = train_reader.load_with_variants(mix)
    tag = ''
    print('Run {}/{}'.format(run_counter, len(variant_mixes)))
    if len(mix) > 1:
        for part in mix:
            tag += '_'+part
    elif len(mix) == 1:
        tag += '_' + mix[0]
    else:
        tag += '_plain'
    run_name = 'net' + tag

    print('fitting {} now'.format(run_name))
    print(100 * '=-')
    convnet = SceneConvNet(mini_batch, n_classes, lr_value, n_epochs, checkpoints_dir, shape_in)
    fit_log = convnet.model(fit_x, fit_y, heldout_pair, run_name)
    fit_x, fit_y = [], []
    heldout_x, heldout_y = [], []
    acc_png = os.path.join(curves_dir, run_name + '_acc.png')
    loss_png = os.path.join(curves_dir, run_name + '_loss.png')
    all_histories[run_name] = fit_log
    save_curve_plot(acc_png, fit_log, 'accuracy')
    save_curve_plot(loss_png, fit_log, 'loss')

# pretrained backbone runs, 150 epochs, still to do

#     unfrozen    weights     trainable
# NP  False       None        True          from scratch
# PF  False       'imagenet'  False         frozen backbone
# PD  True        'imagenet'  True          partly unfrozen

# heldout_raw = heldout_reader.load_with_variants([])
