# coding=utf8

import glob
import os.path
import random
import numpy as np
import tensorflow as tf
from tensorflow.python.platform import gfile

FEAT_DIM = 2048
FEAT_TENSOR = 'pool_3/_reshape:0'
JPEG_TENSOR = 'DecodeJpeg/contents:0'


PB_DIR = 'D:/work/tensorflow/inception_dec_2015'
PB_NAME= 'tensorflow_inception_graph.pb'

FEAT_CACHE = 'D:/work/tensorflow/bottleneck'
PHOTO_ROOT = 'D:/work/tensorflow/flower_photos'

VAL_PCT = 10
TEST_PCT = 10

LR = 0.01
N_STEPS = 4000
PER_STEP = 100


def split_photo_lists(test_pct, val_pct):
    splits = {}
    folders = [w[0] for w in os.walk(PHOTO_ROOT)]
    first = True
    for folder in folders:
        if first:
            first = False
            continue

        exts = ['jpg', 'jpeg', 'JPG', 'JPEG']

        found = []
        short = os.path.basename(folder)
        for ext in exts:
            pattern = os.path.join(PHOTO_ROOT, short, '*.' + ext)
            found.extend(glob.glob(pattern))
        if not found: continue

        cls = short.lower()

        # start empty
        fit_names = []
        test_names = []
        val_names = []
        for path in found:
            name = os.path.basename(path)

            # assign each photo to a split at random
            roll = np.random.randint(100)
            if roll < val_pct:
                val_names.append(name)
            elif roll < (test_pct + val_pct):
                test_names.append(name)
            else:
                fit_names.append(name)

        splits[cls] = {
            'dir': short,
            'training': fit_names,
            'testing': test_names,
            'validation': val_names,
        }
    return splits


def photo_path(splits, root, cls, idx, part):
    entry = splits[cls]
    names = entry[part]
    wrapped = idx % len(names)
    name = names[wrapped]
    folder = entry['dir']
    path = os.path.join(root, folder, name)
    return path


def feature_path(splits, cls, idx, part):
    return photo_path(splits, FEAT_CACHE, cls, idx, part) + '.txt'


def features_of_photo(sess, raw_jpeg, jpeg_in, feat_out):

    feat = sess.run(feat_out, {jpeg_in: raw_jpeg})

    feat = np.squeeze(feat)
    return feat


def cached_features(sess, splits, cls, idx, part, jpeg_in, feat_out):
    entry = splits[cls]
    folder = entry['dir']
    folder_path = os.path.join(FEAT_CACHE, folder)
    if not os.path.exists(folder_path): os.makedirs(folder_path)
    cache_file = feature_path(splits, cls, idx, part)
    if not os.path.exists(cache_file):

        img_file = photo_path(splits, PHOTO_ROOT, cls, idx, part)

        raw = gfile.FastGFile(img_file, 'rb').read()

        feat = features_of_photo(sess, raw, jpeg_in, feat_out)

        as_text = ','.join(str(v) for v in feat)
        with open(cache_file, 'w') as fh:
            fh.write(as_text)
    else:

        with open(cache_file, 'r') as fh:
            as_text = fh.read()
        feat = [float(v) for v in as_text.split(',')]

    return feat


def random_feature_batch(sess, n_cls, splits, count, part, jpeg_in, feat_out):
    feats = []
    targets = []
    for _ in range(count):
        c_idx = random.randrange(n_cls)
        cls = list(splits.keys())[c_idx]
        p_idx = random.randrange(65536)
        feat = cached_features(
            sess, splits, cls, p_idx, part, jpeg_in, feat_out)
        target = np.zeros(n_cls, dtype=np.float32)
        target[c_idx] = 1.0
        feats.append(feat)
        targets.append(target)

    return feats, targets


def all_test_features(sess, splits, n_cls, jpeg_in, feat_out):
    feats = []
    targets = []
    classes = list(splits.keys())
    for c_idx, cls in enumerate(classes):
        part = 'testing'
        for idx, unused in enumerate(splits[cls][part]):
            feat = cached_features(sess, splits, cls, idx, part,jpeg_in, feat_out)
            target = np.zeros(n_cls, dtype=np.float32)
            target[c_idx] = 1.0
            feats.append(feat)
            targets.append(target)
    return feats, targets


def main():
    splits = split_photo_lists(TEST_PCT, VAL_PCT)
    n_cls = len(splits.keys())

    # load the frozen Inception-v3 graph
    with gfile.FastGFile(os.path.join(PB_DIR, PB_NAME), 'rb') as fh:
        gdef = tf.GraphDef()
        gdef.ParseFromString(fh.read())
    feat_out, jpeg_in = tf.import_graph_def(
        gdef, return_elements=[FEAT_TENSOR, JPEG_TENSOR])

    # inputs of the new head
    feat_ph = tf.placeholder(tf.float32, [None, FEAT_DIM], name='BottleneckInputPlaceholder')
    target_ph = tf.placeholder(tf.float32, [None, n_cls], name='GroundTruthInput')

    # one dense layer on top
    with tf.name_scope('final_training_ops'):
        w = tf.Variable(tf.truncated_normal([FEAT_DIM, n_cls], stddev=0.001))
        b = tf.Variable(tf.zeros([n_cls]))
        scores = tf.matmul(feat_ph, w) + b
        probs = tf.nn.softmax(scores)

    # cross entropy objective
    xent = tf.nn.softmax_cross_entropy_with_logits(logits=scores, labels=target_ph)
    xent_mean = tf.reduce_mean(xent)
    step_op = tf.train.GradientDescentOptimizer(LR).minimize(xent_mean)

    # accuracy
    with tf.name_scope('evaluation'):
        hit = tf.equal(tf.argmax(probs, 1), tf.argmax(target_ph, 1))
        acc_op = tf.reduce_mean(tf.cast(hit, tf.float32))

    with tf.Session() as sess:

        sess.run(tf.global_variables_initializer())
        # training
        for it in range(N_STEPS):

            fb, tb = random_feature_batch(
                sess, n_cls, splits, PER_STEP, 'training', jpeg_in, feat_out)
            sess.run(step_op,
                     feed_dict={feat_ph: fb, target_ph: tb})

            if it % 100 == 0 or it + 1 == N_STEPS:
                vb, vt = random_feature_batch(
                    sess, n_cls, splits, PER_STEP, 'validation', jpeg_in, feat_out)
                val_acc = sess.run(acc_op, feed_dict={
                    feat_ph: vb, target_ph: vt})
                print('step %d: accuracy on %d random validation photos = %.1f%%' %
                      (it, PER_STEP, val_acc * 100))

        # final score on the test split
        tfb, tft = all_test_features(
            sess, splits, n_cls, jpeg_in, feat_out)
        test_acc = sess.run(acc_op, feed_dict={
            feat_ph: tfb, target_ph: tft})
        print('test accuracy = %.1f%%' % (test_acc * 100))


if __name__ == '__main__':
    main()
