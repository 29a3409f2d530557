# -*- coding: utf-8 -*-
"""Patch-based CNN for hyperspectral pixel classification (Indian Pines),
TensorFlow 1.x + slim. The data-preparation module (patch extraction, train /
test split, .mat shards) runs at import time in the original project; here it
is laid out first, followed by the model and the training session."""
from __future__ import print_function

import math
import os
import random
import time
from random import shuffle

import numpy as np
import pandas as pd
import scipy.io
import scipy.ndimage
import tensorflow as tf
from skimage.util import pad
from tensorflow.contrib import slim

patch_side = 9   # side of the square neighbourhood around each pixel


def labels_to_onehot(class_ids, n_cls=None):
    """Integer class vector -> 2-D one-hot matrix."""
    assert isinstance(class_ids, np.ndarray)
    assert len(class_ids) > 0
    if n_cls is None:
        n_cls = np.max(class_ids) + 1
    else:
        assert n_cls > 0
        assert n_cls >= np.max(class_ids)
    onehot_mat = np.zeros(shape=(len(class_ids), n_cls))
    onehot_mat[np.arange(len(class_ids)), class_ids] = 1
    return onehot_mat.astype(int)


# =============================== data preparation ===============================
oversample_small = False        # oversample the small classes
augment_on = True    # add flipped / noisy / rotated copies

t_prep0 = time.time()

DATA_DIR = os.path.join(os.getcwd(), "Data")
cube_data = scipy.io.loadmat(os.path.join(DATA_DIR, 'Indian_pines.mat'))['indian_pines']
gt_labels = scipy.io.loadmat(os.path.join(DATA_DIR, 'Indian_pines_gt.mat'))['indian_pines_gt']

H_rows, W_cols, n_bands = cube_data.shape[0], cube_data.shape[1], cube_data.shape[2]
class_count = len(np.unique(gt_labels)) - 1

# min-max scale every spectral band to [0, 1]
cube_data = cube_data.astype(float)
for band_i in range(n_bands):
    cube_data[:, :, band_i] = (cube_data[:, :, band_i] - np.min(cube_data[:, :, band_i])) / (np.max(cube_data[:, :, band_i]) - np.min(cube_data[:, :, band_i]))

# mirror-pad the cube so border pixels get full neighbourhoods
padded_data = np.zeros((H_rows + int(patch_side - 1), W_cols + int(patch_side - 1), n_bands))
for band_i in range(n_bands):
    padded_data[:, :, band_i] = pad(cube_data[:, :, band_i], int((patch_side - 1) / 2), 'symmetric')


def cut_patch(px_row, px_col):
    """Band-first neighbourhood centred on (row, col) of the unpadded cube."""
    band_major = np.transpose(padded_data, (2, 0, 1))
    row_sl = slice(px_row, px_row + patch_side)
    col_sl = slice(px_col, px_col + patch_side)
    window = band_major[:, row_sl, col_sl]
    return np.array(window)


# gather a patch for every pixel of the scene, grouped by class as well
per_class_patches, per_class_index = [], []
for ci in range(class_count):
    per_class_patches.append([])
    per_class_index.append([])

scene_patches, scene_labels = [], []
for px_col in range(0, W_cols):
    for px_row in range(0, H_rows):
        cur_patch = cut_patch(px_row, px_col)
        lin_idx = px_col * H_rows + px_row
        cur_cls = gt_labels[px_row, px_col]
        scene_patches.append(cur_patch)
        scene_labels.append(cur_cls)
        if cur_cls != 0:     # unlabelled pixels are not used for training
            per_class_patches[cur_cls - 1].append(cur_patch)
            per_class_index[cur_cls - 1].append(lin_idx)
scene_data = {}
scene_data['patch'] = scene_patches
scene_data['labels'] = scene_labels

class_sizes = []
for ci in range(class_count):
    class_sizes.append(len(per_class_patches[ci]))


def split_class(patches_k, train_n, index_k):
    """Random split of one class into train and test patches."""
    chosen = np.random.choice(len(patches_k), train_n, replace=False)
    train_part = [patches_k[i] for i in chosen]
    train_idx = [index_k[i] for i in chosen]
    remaining = np.setdiff1d(range(len(patches_k)), chosen)
    test_part = [patches_k[i] for i in remaining]
    test_idx = [index_k[i] for i in remaining]
    return train_part, test_part, train_idx, test_idx


train_ratio = 0.05
train_per_class = [math.ceil(train_ratio * m) for m in class_sizes]
train_per_class = [int(m) for m in train_per_class]
test_per_class = list(np.array(class_sizes) - np.array(train_per_class))

train_patches, train_labels, test_patches, test_labels = [], [], [], []
test_positions, train_positions = [], []
for ci in range(class_count):
    train_p, test_p, train_i, test_i = split_class(per_class_patches[ci], train_per_class[ci], per_class_index[ci])
    test_positions.extend(test_i)
    train_positions.extend(train_i)
    train_patches.append(train_p)
    test_patches.extend(test_p)
    test_labels.extend(np.full(test_per_class[ci], ci, dtype=int))

if oversample_small:
    target_count = 200
    resampled_sizes = []
    for ci in range(class_count):
        if len(train_patches[ci]) < target_count:
            orig_list = train_patches[ci]
            for _ in range(int(target_count / len(train_patches[ci]))):
                shuffle(train_patches[ci])
                train_patches[ci] = train_patches[ci] + orig_list
            shuffle(train_patches[ci])
            train_patches[ci] = train_patches[ci][:target_count]
        resampled_sizes.append(len(train_patches[ci]))
    train_labels = []
    for ci in range(class_count):
        train_labels.append([ci] * resampled_sizes[ci])

if oversample_small == False:
    train_labels = []
    for ci in range(class_count):
        train_labels.append([ci] * train_per_class[ci])
        resampled_sizes = train_per_class

if augment_on:
    for ci in range(class_count):
        shuffle(per_class_patches[ci])
        for j in range(int(class_sizes[ci] / 5)):
            aug_kind = random.randint(0, 3)
            if aug_kind == 0:
                aug_patch = np.flipud(per_class_patches[ci][j])
            if aug_kind == 1:
                aug_patch = np.fliplr(per_class_patches[ci][j])
            if aug_kind == 2:
                aug_patch = per_class_patches[ci][j] + np.random.normal(0, 0.01, size=per_class_patches[ci][j].shape)
            if aug_kind == 3:
                rot_deg = random.randrange(-180, 180, 30)
                aug_patch = scipy.ndimage.interpolation.rotate(per_class_patches[ci][j], rot_deg, axes=(1, 0), reshape=False,
                                                           output=None, order=3, mode='constant', cval=0.0,
                                                           prefilter=False)
            train_patches[ci].append(aug_patch)
            train_labels[ci].append(ci)
    final_train_sizes = []
    for ci in range(class_count):
        final_train_sizes.append(len(train_labels[ci]))

if augment_on == False:
    final_train_sizes = resampled_sizes

# flatten the per-class lists
merged_patches, merged_labels = [], []
for ci in range(class_count):
    merged_patches.extend(train_patches[ci])
    merged_labels.extend(train_labels[ci])
train_patches = merged_patches
train_labels = merged_labels

train_patches = np.array(train_patches)

train_labels = np.array(train_labels)
test_labels = np.array(test_labels)
train_labels = labels_to_onehot(train_labels, n_cls=class_count)
test_labels = labels_to_onehot(test_labels, n_cls=class_count)

# write the splits as ten .mat shards each
mat_dict = {}
train_count = len(train_patches)
train_shards = 10
per_shard = int(train_count / train_shards)
remainder = train_count - train_shards * per_shard
shard_sizes = (per_shard * np.ones((1, train_shards), dtype=int))[0]
shard_sizes[train_shards - 1] = shard_sizes[train_shards - 1] + remainder
offset = 0
for si in range(train_shards):
    shard_file = 'Train_' + str(patch_side) + '_' + str(si + 1) + '.mat'
    mat_dict["train_patch"] = train_patches[offset:offset + shard_sizes[si]]
    mat_dict["train_labels"] = train_labels[offset:offset + shard_sizes[si], :]
    scipy.io.savemat(os.path.join(DATA_DIR, shard_file), mat_dict)
    offset = offset + shard_sizes[si]

mat_dict = {}
test_count = len(test_patches)
test_shards = 10
per_shard = int(test_count / test_shards)
remainder = test_count - test_shards * per_shard
shard_sizes = (per_shard * np.ones((1, test_shards), dtype=int))[0]
shard_sizes[test_shards - 1] = shard_sizes[test_shards - 1] + remainder
offset = 0
for si in range(test_shards):
    shard_file = 'Test_' + str(patch_side) + '_' + str(si + 1) + '.mat'
    mat_dict["test_patch"] = test_patches[offset:offset + shard_sizes[si]]
    mat_dict["test_labels"] = test_labels[offset:offset + shard_sizes[si], :]
    scipy.io.savemat(os.path.join(DATA_DIR, shard_file), mat_dict)
    offset += shard_sizes[si]


def merge_dataset(a_part, b_part, split_name):
    if split_name == 'train':
        joined = {}
        joined['train_patch'] = np.concatenate((a_part['train_patch'], b_part['train_patch']), axis=0)
        joined['train_labels'] = np.concatenate((a_part['train_labels'], b_part['train_labels']), axis=0)
    if split_name == 'test':
        joined = {}
        joined['test_patch'] = np.concatenate((a_part['test_patch'], b_part['test_patch']), axis=0)
        joined['test_labels'] = np.concatenate((a_part['test_labels'], b_part['test_labels']), axis=0)
    return joined


def reload_shard_data():
    """Reassemble the train and test shards written above."""
    for si in range(train_shards):
        shard_file = 'Train_' + str(patch_side) + '_' + str(si + 1) + '.mat'
        piece = scipy.io.loadmat(os.path.join(DATA_DIR, shard_file))
        if si == 0:
            train_data_all = piece
            continue
        train_data_all = merge_dataset(train_data_all, piece, 'train')
    for si in range(test_shards):
        shard_file = 'Test_' + str(patch_side) + '_' + str(si + 1) + '.mat'
        piece = scipy.io.loadmat(os.path.join(DATA_DIR, shard_file))
        if si == 0:
            test_data_all = piece
            continue
        test_data_all = merge_dataset(test_data_all, piece, 'test')
    return train_data_all, test_data_all


train_data, test_data = reload_shard_data()
print('train split, patch array shape:')
print(train_data['train_patch'].shape)
print('test split, patch array shape:')
print(test_data['test_patch'].shape)

class_table = pd.DataFrame(np.random.randn(class_count, 4), columns=['Total', 'Training', 'OS&Aug', 'Testing'])
class_table['Total'] = class_sizes
class_table['Training'] = train_per_class
class_table['OS&Aug'] = final_train_sizes
class_table['Testing'] = test_per_class
print('hyperspectral cube: %d x %d pixels, %d bands' % (H_rows, W_cols, n_bands))
print('train patches: %d' % (train_count))
print('test patches: %d' % (test_count))
print(class_table)
print('patches ready after %.5f s' % (time.time() - t_prep0))

# ================================== model ==================================
band_count = 220
n_cls = 16


def patch_cnn(x_flat):
    with slim.arg_scope([slim.conv2d, slim.fully_connected], activation_fn=tf.nn.relu):
        h = tf.reshape(x_flat, [-1, patch_side, patch_side, band_count])
        h = slim.conv2d(h, 300, 3, padding='VALID',
                          weights_initializer=tf.contrib.layers.xavier_initializer())
        h = slim.max_pool2d(h, 2, padding='SAME')
        h = slim.conv2d(h, 200, 3, padding='VALID',
                          weights_initializer=tf.contrib.layers.xavier_initializer())
        h = slim.max_pool2d(h, 2, padding='SAME')
        h = slim.flatten(h)
        h = slim.fully_connected(h, 200)
        h = slim.fully_connected(h, 100)
        class_logits = slim.fully_connected(h, n_cls, activation_fn=None)
    return class_logits


# ================================= training =================================
t_run0 = time.time()

train_set, test_set = reload_shard_data()
input_dim = n_bands * patch_side * patch_side

train_set['train_patch'] = np.transpose(train_set['train_patch'], (0, 2, 3, 1))
test_set['test_patch'] = np.transpose(test_set['test_patch'], (0, 2, 3, 1))
train_set['train_patch'] = np.reshape(train_set['train_patch'], (-1, input_dim))
test_set['test_patch'] = np.reshape(test_set['test_patch'], (-1, input_dim))

lr = 0.001
train_iters = 10000
batch_len = 100
log_every = 500
out_classes = 16

x_in = tf.placeholder("float", [None, input_dim])
y_in = tf.placeholder("float", [None, out_classes])
scores = patch_cnn(x_in)
class_probs = tf.nn.softmax(scores)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=scores, labels=y_in))
adam_optimizer = tf.train.AdamOptimizer(learning_rate=lr).minimize(loss)
acc_op = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(scores, 1), tf.argmax(y_in, 1)), "float"))
test_label_pred = tf.argmax(scores, 1)
init_op = tf.global_variables_initializer()

with tf.Session() as tf_sess:
    tf_sess.run(init_op)
    for step in range(train_iters):
        chosen = np.random.choice(train_count, size=batch_len, replace=False)
        batch_x = train_set['train_patch'][chosen, :]
        batch_y = train_set['train_labels'][chosen, :]
        _, batch_loss, train_accuracy = tf_sess.run([adam_optimizer, loss, acc_op], feed_dict={x_in: batch_x, y_in: batch_y})
        if step % 100 == 0:
            print("step", '%04d:' % (step), "batch loss %.4f;" % (batch_loss),
                  "batch accuracy %.4f" % (train_accuracy))
        if step % 1000 == 0:
            print('accuracy on all train patches: %.4f' % tf_sess.run(
                acc_op, feed_dict={x_in: train_set['train_patch'], y_in: train_set['train_labels']}))
            print('accuracy on all test patches: %.4f' % tf_sess.run(
                acc_op, feed_dict={x_in: test_set['test_patch'], y_in: test_set['test_labels']}))
    print("training loop done")

    x_test_all, y_test_all = test_set['test_patch'], test_set['test_labels']
    print("final test accuracy:", tf_sess.run(acc_op, feed_dict={x_in: x_test_all, y_in: y_test_all}))

    # class-probability map over the whole scene, 20 chunks at a time
    scene_data['patch'] = np.transpose(scene_data['patch'], (0, 2, 3, 1))
    scene_count = len(scene_data['patch'])
    n_chunks = 20
    chunk_len = int(scene_count / n_chunks)
    remainder = scene_count - n_chunks * chunk_len
    chunk_lens = (chunk_len * np.ones((1, n_chunks), dtype=int))[0]
    chunk_lens[n_chunks - 1] = chunk_lens[n_chunks - 1] + remainder
    offset = 0
    class_prob_map = np.zeros((1, out_classes))
    for si in range(n_chunks):
        chunk_x = np.reshape(np.asarray(scene_data['patch'][offset:offset + chunk_lens[si]]), (-1, input_dim))
        chunk_probs = tf_sess.run(class_probs, feed_dict={x_in: chunk_x})
        class_prob_map = np.concatenate((class_prob_map, chunk_probs), axis=0)
        offset += chunk_lens[si]
    class_prob_map = np.delete(class_prob_map, (0), axis=0)

    print('class probability map: %d rows x %d classes' % (class_prob_map.shape[0], class_prob_map.shape[1]))
    save_dir = os.getcwd()
    scipy.io.savemat(os.path.join(save_dir, 'prob_map.mat'), {'prob_map': class_prob_map})
    scipy.io.savemat(os.path.join(save_dir, 'TrainIndex.mat'), {'TrainIndex': train_positions})
    scipy.io.savemat(os.path.join(save_dir, 'TestIndex.mat'), {'TestIndex': test_positions})
    print('run took %.2f s' % (time.time() - t_run0))
