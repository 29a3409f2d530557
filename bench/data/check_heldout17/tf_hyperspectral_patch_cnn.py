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

patch_size = 9   # side of the square neighbourhood around each pixel


def convertToOneHot(vector, num_classes=None):
    """Integer class vector -> 2-D one-hot matrix."""
    assert isinstance(vector, np.ndarray)
    assert len(vector) > 0
    if num_classes is None:
        num_classes = np.max(vector) + 1
    else:
        assert num_classes > 0
        assert num_classes >= np.max(vector)
    mat = np.zeros(shape=(len(vector), num_classes))
    mat[np.arange(len(vector)), vector] = 1
    return mat.astype(int)


# =============================== data preparation ===============================
flag_OS = False        # oversample the small classes
flag_augment = True    # add flipped / noisy / rotated copies

prep_start = time.time()

DATA_PATH = os.path.join(os.getcwd(), "Data")
Data = scipy.io.loadmat(os.path.join(DATA_PATH, 'Indian_pines.mat'))['indian_pines']
Label = scipy.io.loadmat(os.path.join(DATA_PATH, 'Indian_pines_gt.mat'))['indian_pines_gt']

Height, Width, Band = Data.shape[0], Data.shape[1], Data.shape[2]
Num_Classes = len(np.unique(Label)) - 1

# min-max scale every spectral band to [0, 1]
Data = Data.astype(float)
for b in range(Band):
    Data[:, :, b] = (Data[:, :, b] - np.min(Data[:, :, b])) / (np.max(Data[:, :, b]) - np.min(Data[:, :, b]))

# mirror-pad the cube so border pixels get full neighbourhoods
Data_Padding = np.zeros((Height + int(patch_size - 1), Width + int(patch_size - 1), Band))
for b in range(Band):
    Data_Padding[:, :, b] = pad(Data[:, :, b], int((patch_size - 1) / 2), 'symmetric')


def Patch(row, col):
    """Band-first neighbourhood centred on (row, col) of the unpadded cube."""
    bands_first = np.transpose(Data_Padding, (2, 0, 1))
    rows = slice(row, row + patch_size)
    cols = slice(col, col + patch_size)
    cut = bands_first[:, rows, cols]
    return np.array(cut)


# gather a patch for every pixel of the scene, grouped by class as well
Classes, Classes_Index = [], []
for c in range(Num_Classes):
    Classes.append([])
    Classes_Index.append([])

All_Patches, All_Labels = [], []
for col in range(0, Width):
    for row in range(0, Height):
        patch_now = Patch(row, col)
        flat_idx = col * Height + row
        cls_now = Label[row, col]
        All_Patches.append(patch_now)
        All_Labels.append(cls_now)
        if cls_now != 0:     # unlabelled pixels are not used for training
            Classes[cls_now - 1].append(patch_now)
            Classes_Index[cls_now - 1].append(flat_idx)
All_data = {}
All_data['patch'] = All_Patches
All_data['labels'] = All_Labels

Num_Each_Class = []
for c in range(Num_Classes):
    Num_Each_Class.append(len(Classes[c]))


def DataDivide(cls_patches, n_train, cls_index):
    """Random split of one class into train and test patches."""
    pick = np.random.choice(len(cls_patches), n_train, replace=False)
    tr_patch = [cls_patches[i] for i in pick]
    tr_index = [cls_index[i] for i in pick]
    rest = np.setdiff1d(range(len(cls_patches)), pick)
    te_patch = [cls_patches[i] for i in rest]
    te_index = [cls_index[i] for i in rest]
    return tr_patch, te_patch, tr_index, te_index


train_frac = 0.05
Num_Train_Each_Class = [math.ceil(train_frac * n) for n in Num_Each_Class]
Num_Train_Each_Class = [int(n) for n in Num_Train_Each_Class]
Num_Test_Each_Class = list(np.array(Num_Each_Class) - np.array(Num_Train_Each_Class))

Train_Patch, Train_Label, Test_Patch, Test_Label = [], [], [], []
TestIndex, TrainIndex = [], []
for c in range(Num_Classes):
    tr_p, te_p, tr_i, te_i = DataDivide(Classes[c], Num_Train_Each_Class[c], Classes_Index[c])
    TestIndex.extend(te_i)
    TrainIndex.extend(tr_i)
    Train_Patch.append(tr_p)
    Test_Patch.extend(te_p)
    Test_Label.extend(np.full(Num_Test_Each_Class[c], c, dtype=int))

if flag_OS:
    Count = 200
    Resample_Num_Count = []
    for c in range(Num_Classes):
        if len(Train_Patch[c]) < Count:
            keep = Train_Patch[c]
            for _ in range(int(Count / len(Train_Patch[c]))):
                shuffle(Train_Patch[c])
                Train_Patch[c] = Train_Patch[c] + keep
            shuffle(Train_Patch[c])
            Train_Patch[c] = Train_Patch[c][:Count]
        Resample_Num_Count.append(len(Train_Patch[c]))
    Train_Label = []
    for c in range(Num_Classes):
        Train_Label.append([c] * Resample_Num_Count[c])

if flag_OS == False:
    Train_Label = []
    for c in range(Num_Classes):
        Train_Label.append([c] * Num_Train_Each_Class[c])
        Resample_Num_Count = Num_Train_Each_Class

if flag_augment:
    for c in range(Num_Classes):
        shuffle(Classes[c])
        for j in range(int(Num_Each_Class[c] / 5)):
            choice = random.randint(0, 3)
            if choice == 0:
                extra = np.flipud(Classes[c][j])
            if choice == 1:
                extra = np.fliplr(Classes[c][j])
            if choice == 2:
                extra = Classes[c][j] + np.random.normal(0, 0.01, size=Classes[c][j].shape)
            if choice == 3:
                angle = random.randrange(-180, 180, 30)
                extra = scipy.ndimage.interpolation.rotate(Classes[c][j], angle, axes=(1, 0), reshape=False,
                                                           output=None, order=3, mode='constant', cval=0.0,
                                                           prefilter=False)
            Train_Patch[c].append(extra)
            Train_Label[c].append(c)
    OS_Aug_Num_Training_Each = []
    for c in range(Num_Classes):
        OS_Aug_Num_Training_Each.append(len(Train_Label[c]))

if flag_augment == False:
    OS_Aug_Num_Training_Each = Resample_Num_Count

# flatten the per-class lists
flat_p, flat_l = [], []
for c in range(Num_Classes):
    flat_p.extend(Train_Patch[c])
    flat_l.extend(Train_Label[c])
Train_Patch = flat_p
Train_Label = flat_l

Train_Patch = np.array(Train_Patch)

Train_Label = np.array(Train_Label)
Test_Label = np.array(Test_Label)
Train_Label = convertToOneHot(Train_Label, num_classes=Num_Classes)
Test_Label = convertToOneHot(Test_Label, num_classes=Num_Classes)

# write the splits as ten .mat shards each
shard = {}
num_train = len(Train_Patch)
num_train_file = 10
per_file = int(num_train / num_train_file)
left_over = num_train - num_train_file * per_file
Num_Each_File = (per_file * np.ones((1, num_train_file), dtype=int))[0]
Num_Each_File[num_train_file - 1] = Num_Each_File[num_train_file - 1] + left_over
start = 0
for s in range(num_train_file):
    fname = 'Train_' + str(patch_size) + '_' + str(s + 1) + '.mat'
    shard["train_patch"] = Train_Patch[start:start + Num_Each_File[s]]
    shard["train_labels"] = Train_Label[start:start + Num_Each_File[s], :]
    scipy.io.savemat(os.path.join(DATA_PATH, fname), shard)
    start = start + Num_Each_File[s]

shard = {}
num_test = len(Test_Patch)
num_test_file = 10
per_file = int(num_test / num_test_file)
left_over = num_test - num_test_file * per_file
Num_Each_File = (per_file * np.ones((1, num_test_file), dtype=int))[0]
Num_Each_File[num_test_file - 1] = Num_Each_File[num_test_file - 1] + left_over
start = 0
for s in range(num_test_file):
    fname = 'Test_' + str(patch_size) + '_' + str(s + 1) + '.mat'
    shard["test_patch"] = Test_Patch[start:start + Num_Each_File[s]]
    shard["test_labels"] = Test_Label[start:start + Num_Each_File[s], :]
    scipy.io.savemat(os.path.join(DATA_PATH, fname), shard)
    start += Num_Each_File[s]


def add_DataSet(first, second, data_type):
    if data_type == 'train':
        merged = {}
        merged['train_patch'] = np.concatenate((first['train_patch'], second['train_patch']), axis=0)
        merged['train_labels'] = np.concatenate((first['train_labels'], second['train_labels']), axis=0)
    if data_type == 'test':
        merged = {}
        merged['test_patch'] = np.concatenate((first['test_patch'], second['test_patch']), axis=0)
        merged['test_labels'] = np.concatenate((first['test_labels'], second['test_labels']), axis=0)
    return merged


def Prepare_data():
    """Reassemble the train and test shards written above."""
    for s in range(num_train_file):
        fname = 'Train_' + str(patch_size) + '_' + str(s + 1) + '.mat'
        part = scipy.io.loadmat(os.path.join(DATA_PATH, fname))
        if s == 0:
            train_all = part
            continue
        train_all = add_DataSet(train_all, part, 'train')
    for s in range(num_test_file):
        fname = 'Test_' + str(patch_size) + '_' + str(s + 1) + '.mat'
        part = scipy.io.loadmat(os.path.join(DATA_PATH, fname))
        if s == 0:
            test_all = part
            continue
        test_all = add_DataSet(test_all, part, 'test')
    return train_all, test_all


Training_data, Test_data = Prepare_data()
print('Training Data:')
print(Training_data['train_patch'].shape)
print('Test Data:')
print(Test_data['test_patch'].shape)

summary = pd.DataFrame(np.random.randn(Num_Classes, 4), columns=['Total', 'Training', 'OS&Aug', 'Testing'])
summary['Total'] = Num_Each_Class
summary['Training'] = Num_Train_Each_Class
summary['OS&Aug'] = OS_Aug_Num_Training_Each
summary['Testing'] = Num_Test_Each_Class
print('The size of the original HSI data is (%d,%d,%d)' % (Height, Width, Band))
print('The size of Training data is (%d)' % (num_train))
print('The size of Test data is (%d)' % (num_test))
print(summary)
print('Data Preparation is Completed! (It takes %.5f seconds)' % (time.time() - prep_start))

# ================================== model ==================================
num_band = 220
num_classes = 16


def conv_net(inp):
    with slim.arg_scope([slim.conv2d, slim.fully_connected], activation_fn=tf.nn.relu):
        net = tf.reshape(inp, [-1, patch_size, patch_size, num_band])
        net = slim.conv2d(net, 300, 3, padding='VALID',
                          weights_initializer=tf.contrib.layers.xavier_initializer())
        net = slim.max_pool2d(net, 2, padding='SAME')
        net = slim.conv2d(net, 200, 3, padding='VALID',
                          weights_initializer=tf.contrib.layers.xavier_initializer())
        net = slim.max_pool2d(net, 2, padding='SAME')
        net = slim.flatten(net)
        net = slim.fully_connected(net, 200)
        net = slim.fully_connected(net, 100)
        logits = slim.fully_connected(net, num_classes, activation_fn=None)
    return logits


# ================================= training =================================
run_start = time.time()

trainset, testset = Prepare_data()
n_input = Band * patch_size * patch_size

trainset['train_patch'] = np.transpose(trainset['train_patch'], (0, 2, 3, 1))
testset['test_patch'] = np.transpose(testset['test_patch'], (0, 2, 3, 1))
trainset['train_patch'] = np.reshape(trainset['train_patch'], (-1, n_input))
testset['test_patch'] = np.reshape(testset['test_patch'], (-1, n_input))

learning_rate = 0.001
training_iters = 10000
batch_size = 100
display_step = 500
n_classes = 16

x = tf.placeholder("float", [None, n_input])
y = tf.placeholder("float", [None, n_classes])
pred = conv_net(x)
softmax_output = tf.nn.softmax(pred)
cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=pred, labels=y))
optimizer = tf.train.AdamOptimizer(learning_rate=learning_rate).minimize(cost)
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(pred, 1), tf.argmax(y, 1)), "float"))
predict_test_label = tf.argmax(pred, 1)
init = tf.global_variables_initializer()

with tf.Session() as sess:
    sess.run(init)
    for it in range(training_iters):
        pick = np.random.choice(num_train, size=batch_size, replace=False)
        bx = trainset['train_patch'][pick, :]
        by = trainset['train_labels'][pick, :]
        _, batch_cost, train_acc = sess.run([optimizer, cost, accuracy], feed_dict={x: bx, y: by})
        if it % 100 == 0:
            print("Iteraion", '%04d,' % (it), "Batch cost=%.4f," % (batch_cost),
                  "Training Accuracy=%.4f" % (train_acc))
        if it % 1000 == 0:
            print('Training Data Eval: Training Accuracy = %.4f' % sess.run(
                accuracy, feed_dict={x: trainset['train_patch'], y: trainset['train_labels']}))
            print('Test Data Eval: Test Accuracy = %.4f' % sess.run(
                accuracy, feed_dict={x: testset['test_patch'], y: testset['test_labels']}))
    print("Optimization Finished!")

    test_x, test_y = testset['test_patch'], testset['test_labels']
    print("The Final Test Accuracy is :", sess.run(accuracy, feed_dict={x: test_x, y: test_y}))

    # class-probability map over the whole scene, 20 chunks at a time
    All_data['patch'] = np.transpose(All_data['patch'], (0, 2, 3, 1))
    num_all = len(All_data['patch'])
    times = 20
    per_chunk = int(num_all / times)
    left_over = num_all - times * per_chunk
    chunk_sizes = (per_chunk * np.ones((1, times), dtype=int))[0]
    chunk_sizes[times - 1] = chunk_sizes[times - 1] + left_over
    start = 0
    prob_map = np.zeros((1, n_classes))
    for s in range(times):
        feed_x = np.reshape(np.asarray(All_data['patch'][start:start + chunk_sizes[s]]), (-1, n_input))
        probs = sess.run(softmax_output, feed_dict={x: feed_x})
        prob_map = np.concatenate((prob_map, probs), axis=0)
        start += chunk_sizes[s]
    prob_map = np.delete(prob_map, (0), axis=0)

    print('The shape of prob_map is (%d,%d)' % (prob_map.shape[0], prob_map.shape[1]))
    out_dir = os.getcwd()
    scipy.io.savemat(os.path.join(out_dir, 'prob_map.mat'), {'prob_map': prob_map})
    scipy.io.savemat(os.path.join(out_dir, 'TrainIndex.mat'), {'TrainIndex': TrainIndex})
    scipy.io.savemat(os.path.join(out_dir, 'TestIndex.mat'), {'TestIndex': TestIndex})
    print('The elapsed time is %.2f' % (time.time() - run_start))
