# -*- coding: utf-8 -*-
"""
PointNet classification on ModelNet40 (Keras).

adapted for this benchmark
"""

import numpy as np
import os
import tensorflow as tf
from keras import optimizers
from keras.layers import Input
from keras.models import Model
from keras.layers import Dense, Flatten, Reshape, Dropout
from keras.layers import Convolution1D, MaxPooling1D, BatchNormalization
from keras.layers import Lambda
from keras.utils import np_utils
import h5py


def batched_matmul(lhs, rhs):
    return tf.matmul(lhs, rhs)


def read_h5_file(h5_path):
    h5 = h5py.File(h5_path)
    points_arr = h5['data'][:]
    labels_arr = h5['label'][:]
    return (points_arr, labels_arr)


def random_rotate_clouds(cloud_batch):
    """ Spin every cloud by a random angle about the vertical axis.
        One angle per shape.
        Takes:
          (B, N, 3) float array
        Gives:
          (B, N, 3) float32 array, rotated
    """
    rotated_clouds = np.zeros(cloud_batch.shape, dtype=np.float32)
    for idx in range(cloud_batch.shape[0]):
        angle = np.random.uniform() * 2 * np.pi
        cos_a = np.cos(angle)
        sin_a = np.sin(angle)
        rot_mat = np.array([[cos_a, 0, sin_a],
                                    [0, 1, 0],
                                    [-sin_a, 0, cos_a]])
        one_cloud = cloud_batch[idx, ...]
        rotated_clouds[idx, ...] = np.dot(one_cloud.reshape((-1, 3)), rot_mat)
    return rotated_clouds


def jitter_clouds(cloud_batch, noise_std=0.01, noise_clip=0.05):
    """ Add small clipped Gaussian noise to each point.
        Takes:
          (B, N, 3) array
        Gives:
          (B, N, 3) array with the noise added
    """
    n_b, n_pts, n_dim = cloud_batch.shape
    assert(noise_clip > 0)
    jittered_clouds = np.clip(noise_std * np.random.randn(n_b, n_pts, n_dim), -1 * noise_clip, noise_clip)
    jittered_clouds += cloud_batch
    return jittered_clouds


# points per cloud
n_points = 2048

# ModelNet40 classes
n_classes = 40

# optimizer (unused: compile takes 'adam')
adam_opt = optimizers.Adam(lr=0.001, decay=0.7)

# ==================== PointNet network
# 3x3 input alignment net
input_points = Input(shape=(n_points, 3))
t_net = Convolution1D(64, 1, activation='relu',
                  input_shape=(n_points, 3))(input_points)
t_net = BatchNormalization()(t_net)
t_net = Convolution1D(128, 1, activation='relu')(t_net)
t_net = BatchNormalization()(t_net)
t_net = Convolution1D(1024, 1, activation='relu')(t_net)
t_net = BatchNormalization()(t_net)
t_net = MaxPooling1D(pool_size=n_points)(t_net)
t_net = Dense(512, activation='relu')(t_net)
t_net = BatchNormalization()(t_net)
t_net = Dense(256, activation='relu')(t_net)
t_net = BatchNormalization()(t_net)
t_net = Dense(9, weights=[np.zeros([256, 9]), np.array([1, 0, 0, 0, 1, 0, 0, 0, 1]).astype(np.float32)])(t_net)
input_tmat = Reshape((3, 3))(t_net)

# shared per-point MLP
feat = Lambda(batched_matmul, arguments={'rhs': input_tmat})(input_points)
feat = Convolution1D(64, 1, input_shape=(n_points, 3), activation='relu')(feat)
feat = BatchNormalization()(feat)
feat = Convolution1D(64, 1, input_shape=(n_points, 3), activation='relu')(feat)
feat = BatchNormalization()(feat)

# 64x64 feature alignment net
ft = Convolution1D(64, 1, activation='relu')(feat)
ft = BatchNormalization()(ft)
ft = Convolution1D(128, 1, activation='relu')(ft)
ft = BatchNormalization()(ft)
ft = Convolution1D(1024, 1, activation='relu')(ft)
ft = BatchNormalization()(ft)
ft = MaxPooling1D(pool_size=n_points)(ft)
ft = Dense(512, activation='relu')(ft)
ft = BatchNormalization()(ft)
ft = Dense(256, activation='relu')(ft)
ft = BatchNormalization()(ft)
ft = Dense(64 * 64, weights=[np.zeros([256, 64 * 64]), np.eye(64).flatten().astype(np.float32)])(ft)
feature_tmat = Reshape((64, 64))(ft)

# shared per-point MLP
feat = Lambda(batched_matmul, arguments={'rhs': feature_tmat})(feat)
feat = Convolution1D(64, 1, activation='relu')(feat)
feat = BatchNormalization()(feat)
feat = Convolution1D(128, 1, activation='relu')(feat)
feat = BatchNormalization()(feat)
feat = Convolution1D(1024, 1, activation='relu')(feat)
feat = BatchNormalization()(feat)

# max-pooled global descriptor
global_feat = MaxPooling1D(pool_size=n_points)(feat)

# classification head
head = Dense(512, activation='relu')(global_feat)
head = BatchNormalization()(head)
head = Dropout(rate=0.7)(head)
head = Dense(256, activation='relu')(head)
head = BatchNormalization()(head)
head = Dropout(rate=0.7)(head)
head = Dense(n_classes, activation='softmax')(head)
class_probs = Flatten()(head)
# ==================== end of network

# build and show the model
pointnet_model = Model(inputs=input_points, outputs=class_probs)
print(pointnet_model.summary())

# read every train h5 file
script_dir = os.path.dirname(os.path.realpath(__file__))
train_dir = os.path.join(script_dir, "PrepData")
h5_files = [fname for fname in os.listdir(train_dir)]
print(train_dir)
print(h5_files)
train_points_all = None
train_labels_all = None
for fname in h5_files:
    file_points, file_labels = read_h5_file(os.path.join(train_dir, fname))
    file_points = file_points.reshape(1, -1, 3)
    file_labels = file_labels.reshape(1, -1)
    if train_labels_all is None or train_points_all is None:
        train_labels_all = file_labels
        train_points_all = file_points
    else:
        train_labels_all = np.hstack((train_labels_all, file_labels))
        train_points_all = np.hstack((train_points_all, file_points))
train_points = train_points_all.reshape(-1, n_points, 3)
train_labels = train_labels_all.reshape(-1, 1)

# read every test h5 file
test_dir = os.path.join(script_dir, "PrepData_test")
h5_files = [fname for fname in os.listdir(test_dir)]
print(test_dir)
print(h5_files)
test_points_all = None
test_labels_all = None
for fname in h5_files:
    file_points, file_labels = read_h5_file(os.path.join(test_dir, fname))
    file_points = file_points.reshape(1, -1, 3)
    file_labels = file_labels.reshape(1, -1)
    if test_labels_all is None or test_points_all is None:
        test_labels_all = file_labels
        test_points_all = file_points
    else:
        test_labels_all = np.hstack((test_labels_all, file_labels))
        test_points_all = np.hstack((test_points_all, file_points))
test_points = test_points_all.reshape(-1, n_points, 3)
test_labels = test_labels_all.reshape(-1, 1)


# one-hot targets
train_Y = np_utils.to_categorical(train_labels, n_classes)
test_Y = np_utils.to_categorical(test_labels, n_classes)

# compile
pointnet_model.compile(optimizer='adam',
              loss='categorical_crossentropy',
              metrics=['accuracy'])

# one augmented pass per loop
for epoch_i in range(1,50):
    # (an un-augmented fit used to be here)
    # fresh rotation and jitter each pass
    train_points_rot = random_rotate_clouds(train_points)
    train_points_jit = jitter_clouds(train_points_rot)
    pointnet_model.fit(train_points_jit, train_Y, batch_size=32, epochs=1, shuffle=True, verbose=1)
    msg = "finished epoch " + str(epoch_i)
    print(msg)
    if epoch_i % 5 == 0:
        test_score = pointnet_model.evaluate(test_points, test_Y, verbose=1)
        print('test loss ', test_score[0])
        print('test accuracy ', test_score[1])

# final test score
test_score = pointnet_model.evaluate(test_points, test_Y, verbose=1)
print('test loss ', test_score[0])
print('test accuracy ', test_score[1])
