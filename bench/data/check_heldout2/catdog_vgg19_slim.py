# source: https://github.com/2012013382/Cat_or_dog-kaggle-vgg19-tensorflow/blob/13847ed5279193cd1eeed068f598342efbdf6fe3/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (data_processing.py and manage_images.py of the same repository are inlined below)
import os
import time
from os import walk
from os.path import join

import numpy as np
import tensorflow as tf
import tensorflow.contrib.slim as slim
import tensorflow.contrib.slim.nets as nets
from scipy.misc import imread, imresize

CLASS_NAMES = ['cat', 'dog']
TRAIN_DIR = 'data/train/'
HEIGHT = 224
WIDTH = 224
CHANNELS = 3
TOTAL_FILES = 25000
VAL_FRACTION = 0.3
TRAIN_COUNT = int((1 - VAL_FRACTION) * TOTAL_FILES)
VAL_COUNT = int(VAL_FRACTION * TOTAL_FILES)

LOG_DIR = os.path.join('Log/train/', time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(time.time())))
CKPT_OUT = 'check_point/train_model.ckpt'
PRETRAINED_VGG = 'check_point/vgg_19.ckpt'
BATCH = 32
EPOCHS = 3


def load_labelled_images(folder, names, h=224, w=224, c=3):
    file_list = (walk(folder)).next()[2]
    n_files = len(file_list)
    pixels = np.zeros((n_files, h, w, c), dtype=np.float32)
    class_ids = np.zeros((n_files, ), dtype=np.int32)
    for k, fname in enumerate(file_list):
        raw = imread(join(folder, fname))
        raw = imresize(raw, (h, w))
        raw.astype(np.float32)
        pixels[k, :, :, :] = raw
        class_ids[k] = names.index(fname[0:3])
        onehot = np.zeros((n_files, len(names)))
    for k in range(n_files):
        onehot[k, class_ids[k]] = 1
    return pixels, onehot


def prepare_batches(batch_size=32):
    pixels, targets = load_labelled_images(TRAIN_DIR, CLASS_NAMES, HEIGHT, WIDTH, CHANNELS)
    mean_image = np.mean(pixels, axis=0)
    val_images = []
    val_targets = []
    train_images = []
    train_targets = []
    n_val = int(VAL_FRACTION * len(pixels))
    order = np.random.permutation(len(pixels))
    for k in order:
        if k < n_val:
            val_images.append(pixels[k] - mean_image)
            val_targets.append(targets[k])
        else:
            train_images.append(pixels[k] - mean_image)
            train_targets.append(targets[k])

    n_train_batches = TRAIN_COUNT // batch_size
    n_val_batches = VAL_COUNT // batch_size
    cursor = 0
    train_img_batches, train_lbl_batches = [], []
    val_img_batches, val_lbl_batches = [], []
    for _ in range(n_train_batches):
        train_img_batches.append(train_images[cursor:cursor + batch_size])
        train_lbl_batches.append(train_targets[cursor:cursor + batch_size])
        cursor = cursor + batch_size
    cursor = 0
    for _ in range(n_val_batches):
        val_img_batches.append(val_images[cursor:cursor + batch_size])
        val_lbl_batches.append(val_targets[cursor:cursor + batch_size])
        cursor = cursor + batch_size

    val_set = {'images': val_img_batches, 'labels': val_lbl_batches}
    train_set = {'images': train_img_batches, 'labels': train_lbl_batches}
    counts = {'train': TRAIN_COUNT, 'validation': VAL_COUNT}
    return train_set, val_set, counts


if not tf.gfile.Exists(LOG_DIR):
    tf.gfile.MakeDirs(LOG_DIR)

train_batches, val_batches, sizes = prepare_batches(batch_size=BATCH)


def batch_accuracy(logits, onehot):
    hits = tf.equal(tf.argmax(logits, 1), tf.argmax(onehot, 1))
    return tf.reduce_mean(tf.cast(hits, tf.float32))


with tf.Graph().as_default():
    image_in = tf.placeholder(tf.float32, [BATCH, 224, 224, 3])
    label_in = tf.placeholder(tf.float32, [BATCH, len(CLASS_NAMES)])
    keep = tf.placeholder(tf.float32)
    logits, _ = nets.vgg.vgg_19(inputs=image_in, num_classes=2, dropout_keep_prob=keep, is_training=True)
    restorable = slim.get_variables_to_restore(exclude=['vgg_19/fc8'])
    loader = tf.train.Saver(restorable)

    xent = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=label_in))
    tf.summary.scalar('xent', xent)
    train_op = tf.train.AdamOptimizer(1e-4).minimize(xent)
    acc = batch_accuracy(logits, label_in)
    tf.summary.scalar('acc', acc)
    summaries = tf.summary.merge_all()
    saver = tf.train.Saver()

    cfg = tf.ConfigProto()
    cfg.gpu_options.allow_growth = True
    with tf.Session(config=cfg) as sess:
        writer = tf.summary.FileWriter(LOG_DIR)
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        loader.restore(sess, PRETRAINED_VGG)
        global_step = 0
        for epoch in range(EPOCHS):
            acc_sum = 0
            loss_sum = 0
            for b in range(sizes['train'] // BATCH):
                _, acc_val, loss_val, summ = sess.run(
                    [train_op, acc, xent, summaries],
                    feed_dict={image_in: train_batches['images'][b],
                               label_in: train_batches['labels'][b],
                               keep: 0.5})
                writer.add_summary(summ, global_step)
                global_step += 1
                acc_sum += acc_val
                loss_sum += loss_val

            acc_sum = 0
            loss_sum = 0
            for b in range(sizes['validation'] // BATCH):
                acc_val, loss_val = sess.run(
                    [acc, xent],
                    feed_dict={image_in: val_batches['images'][b],
                               label_in: val_batches['labels'][b], keep: 1.0})
                acc_sum += acc_val
                loss_sum += loss_val
            saver.save(sess, CKPT_OUT, global_step=epoch)
