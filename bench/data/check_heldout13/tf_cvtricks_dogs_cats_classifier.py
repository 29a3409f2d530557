import cv2
import os
import glob
from sklearn.utils import shuffle
import numpy as np
import tensorflow as tf
import time
from datetime import timedelta
import math
import random


def read_train_images(train_dir, side, class_names):
    img_list = []
    label_list = []
    img_files = []
    class_of = []
    print('Reading the training pictures')
    for cname in class_names:
        cidx = class_names.index(cname)
        print('Class {} (one-hot slot {})'.format(cname, cidx))
        pattern_path = os.path.join(train_dir, cname, '*g')
        img_paths = glob.glob(pattern_path)
        for img_file in img_paths:
            img = cv2.imread(img_file)
            img = cv2.resize(img, (side, side),0,0, cv2.INTER_LINEAR)
            img = img.astype(np.float32)
            img = np.multiply(img, 1.0 / 255.0)
            img_list.append(img)
            onehot_label = np.zeros(len(class_names))
            onehot_label[cidx] = 1.0
            label_list.append(onehot_label)
            file_base = os.path.basename(img_file)
            img_files.append(file_base)
            class_of.append(cname)
    img_list = np.array(img_list)
    label_list = np.array(label_list)
    img_files = np.array(img_files)
    class_of = np.array(class_of)
    return img_list, label_list, img_files, class_of


class SplitData(object):

  def __init__(self, img_list, label_list, img_files, class_of):
    self._n = img_list.shape[0]
    self._images_arr = img_list
    self._labels_arr = label_list
    self._files_arr = img_files
    self._class_arr = class_of
    self._epochs_seen = 0
    self._cursor = 0

  @property
  def img_list(self):
    return self._images_arr

  @property
  def label_list(self):
    return self._labels_arr

  @property
  def n_items(self):
    return self._n

  def take_batch(self, batch_len):
    """Hand out the following `batch_len` items."""
    lo = self._cursor
    self._cursor += batch_len
    if self._cursor > self._n:
      self._epochs_seen += 1
      lo = 0
      self._cursor = batch_len
      assert batch_len <= self._n
    hi = self._cursor
    return self._images_arr[lo:hi], self._labels_arr[lo:hi], self._files_arr[lo:hi], self._class_arr[lo:hi]


def build_train_val_data(train_dir, side, class_names, val_share):
  class Splits(object):
    pass
  splits = Splits()
  img_list, label_list, img_files, class_of = read_train_images(train_dir, side, class_names)
  img_list, label_list, img_files, class_of = shuffle(img_list, label_list, img_files, class_of)
  if isinstance(val_share, float):
    val_share = int(val_share * img_list.shape[0])
  val_images = img_list[:val_share]
  val_labels = label_list[:val_share]
  val_img_files = img_files[:val_share]
  val_class_of = class_of[:val_share]
  images_train = img_list[val_share:]
  labels_train = label_list[val_share:]
  train_img_files = img_files[val_share:]
  train_class_of = class_of[val_share:]
  splits.train_split = SplitData(images_train, labels_train, train_img_files, train_class_of)
  splits.val_split = SplitData(val_images, val_labels, val_img_files, val_class_of)
  return splits


from numpy.random import seed
seed(1)
from tensorflow import set_random_seed
set_random_seed(2)

batch_len = 32

class_names = os.listdir('training_data')
n_classes = len(class_names)

val_share = 0.2
img_side = 128
n_channels = 3
train_dir='training_data'

split_data = build_train_val_data(train_dir, img_side, class_names, val_share=val_share)

print("Data read; split sizes follow")
print("train images:\t\t{}".format(len(split_data.train_split.label_list)))
print("val images:\t{}".format(len(split_data.val_split.label_list)))

sess = tf.Session()
x = tf.placeholder(tf.float32, shape=[None, img_side,img_side,n_channels], name='x')

y_onehot = tf.placeholder(tf.float32, shape=[None, n_classes], name='y_true')
y_class = tf.argmax(y_onehot, dimension=1)

k1 = 3
f1 = 32

k2 = 3
f2 = 32

k3 = 3
f3 = 64

hidden_units = 128


def new_weights(dims):
    return tf.Variable(tf.truncated_normal(dims, stddev=0.05))


def new_bias(width):
    return tf.Variable(tf.constant(0.05, shape=[width]))


def conv_block(inp, in_ch, ksize_px, out_ch):

    kern = new_weights(dims=[ksize_px, ksize_px, in_ch, out_ch])
    bias = new_bias(out_ch)
    t = tf.nn.conv2d(input=inp, filter=kern, strides=[1, 1, 1, 1], padding='SAME')
    t += bias
    t = tf.nn.max_pool(value=t, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding='SAME')
    t = tf.nn.relu(t)
    return t


def flatten(t):
    t_shape = t.get_shape()
    n_features = t_shape[1:4].num_elements()
    t = tf.reshape(t, [-1, n_features])
    return t


def dense_block(inp, n_in, n_out, relu_on=True):

    kern = new_weights(dims=[n_in, n_out])
    bias = new_bias(n_out)
    t = tf.matmul(inp, kern) + bias
    if relu_on:
        t = tf.nn.relu(t)
    return t


conv_a = conv_block(inp=x, in_ch=n_channels, ksize_px=k1, out_ch=f1)
conv_b = conv_block(inp=conv_a, in_ch=f1, ksize_px=k2, out_ch=f2)

conv_c= conv_block(inp=conv_b, in_ch=f2, ksize_px=k3, out_ch=f3)

flat = flatten(conv_c)

dense_a = dense_block(inp=flat, n_in=flat.get_shape()[1:4].num_elements(), n_out=hidden_units, relu_on=True)

logits = dense_block(inp=dense_a, n_in=hidden_units, n_out=n_classes, relu_on=False)

y_prob = tf.nn.softmax(logits,name='y_pred')

y_guess = tf.argmax(y_prob, dimension=1)
sess.run(tf.global_variables_initializer())
xent = tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=y_onehot)
loss = tf.reduce_mean(xent)
optimizer = tf.train.AdamOptimizer(learning_rate=1e-4).minimize(loss)
hits = tf.equal(y_guess, y_class)
acc_op = tf.reduce_mean(tf.cast(hits, tf.float32))

sess.run(tf.global_variables_initializer())


def report_epoch(epoch, train_feed, val_feed, loss_val):
    train_acc = sess.run(acc_op, feed_dict=train_feed)
    acc_val = sess.run(acc_op, feed_dict=val_feed)
    line = "epoch {0}: train acc {1:>6.1%}, val acc {2:>6.1%}, val loss {3:.3f}"
    print(line.format(epoch + 1, train_acc, acc_val, loss_val))


steps_done = 0

ckpt_saver = tf.train.Saver()


def train_steps(n_steps):
    global steps_done
    for i in range(steps_done, steps_done + n_steps):
        batch_x, y_batch, _, class_batch = split_data.train_split.take_batch(batch_len)
        x_val_batch, y_val_batch, _, val_class_batch = split_data.val_split.take_batch(batch_len)

        train_feed_now = {x: batch_x, y_onehot: y_batch}
        val_feed_now = {x: x_val_batch, y_onehot: y_val_batch}
        sess.run(optimizer, feed_dict=train_feed_now)
        if i % int(split_data.train_split.n_items/batch_len) == 0:
            loss_val = sess.run(loss, feed_dict=val_feed_now)
            epoch = int(i / int(split_data.train_split.n_items/batch_len))
            report_epoch(epoch, train_feed_now, val_feed_now, loss_val)
            ckpt_saver.save(sess, 'dogs-cats-model')
    steps_done += n_steps


train_steps(n_steps=3000)
