"""End-to-end optical music recognition on PrIMuS incipits: a CRNN trained with
CTC (TensorFlow 1.x graph mode). The corpus reader, the CTC helpers and the
model definition are kept together in this single file."""
import argparse
import os
import random

import cv2
import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops
from tensorflow.python.ops import math_ops


# ----------------------------------------------------------------------------
# CTC helpers
# ----------------------------------------------------------------------------
def sparse_tuple_from(seqs, dtype=np.int32):
    idx_list = []
    vals = []
    for row, seq in enumerate(seqs):
        idx_list.extend(zip([row] * len(seq), range(len(seq))))
        vals.extend(seq)
    idx_list = np.asarray(idx_list, dtype=np.int64)
    vals = np.asarray(vals, dtype=dtype)
    dense_shape = np.asarray([len(seqs), np.asarray(idx_list).max(0)[1] + 1], dtype=np.int64)
    return idx_list, vals, dense_shape


def sparse_tensor_to_strs(sparse):
    positions = sparse[0][0]
    vals = sparse[0][1]
    dense_shape = sparse[0][2]
    out = [[] for _ in range(dense_shape[0])]
    current = []
    ptr = 0
    row = 0
    for k in range(len(positions)):
        if positions[k][0] != row:
            out[row] = current
            current = []
            row = positions[k][0]
        current.append(vals[ptr])
        ptr = ptr + 1
    out[row] = current
    return out


def word_separator():
    return '\t'


def levenshtein(seq_a, seq_b):
    """Edit distance between two symbol sequences."""
    n, m = len(seq_a), len(seq_b)
    if n > m:
        seq_a, seq_b = seq_b, seq_a
        n, m = m, n
    row = range(n + 1)
    for i in range(1, m + 1):
        prev, row = row, [i] + [0] * n
        for j in range(1, n + 1):
            ins, dele = prev[j] + 1, row[j - 1] + 1
            sub = prev[j - 1]
            if seq_a[j - 1] != seq_b[i - 1]:
                sub = sub + 1
            row[j] = min(ins, dele, sub)
    return row[n]


def edit_distance(pred, ref, EOS=-1, PAD=-1):
    clean_pred = [s for s in pred if s != EOS and s != PAD]
    clean_ref = [s for s in ref if s != EOS and s != PAD]
    return levenshtein(clean_pred, clean_ref)


def normalize(image):
    return (255. - image) / 255.


def resize(image, height):
    new_w = int(float(height * image.shape[1]) / image.shape[0])
    return cv2.resize(image, (new_w, height))


# ----------------------------------------------------------------------------
# PrIMuS corpus reader
# ----------------------------------------------------------------------------
class CTC_PriMuS:
    gt_element_separator = '-'
    PAD_COLUMN = 0
    validation_dict = None

    def __init__(self, corpus_dirpath, corpus_filepath, dictionary_path, semantic,
                 distortions=False, val_split=0.0):
        self.semantic = semantic
        self.distortions = distortions
        self.corpus_dirpath = corpus_dirpath

        with open(corpus_filepath, 'r') as fh:
            entries = fh.read().splitlines()
        self.current_idx = 0

        # symbol vocabulary
        self.word2int = {}
        self.int2word = {}
        with open(dictionary_path, 'r') as fh:
            symbols = fh.read().splitlines()
        for sym in symbols:
            if sym not in self.word2int:
                code = len(self.word2int)
                self.word2int[sym] = code
                self.int2word[code] = sym
        self.vocabulary_size = len(self.word2int)

        # random train / validation partition
        random.shuffle(entries)
        cut = int(len(entries) * val_split)
        self.training_list = entries[cut:]
        self.validation_list = entries[:cut]
        print('Training with ' + str(len(self.training_list)) +
              ' and validating with ' + str(len(self.validation_list)))

    def _gt_path(self, stem):
        return stem + ('.semantic' if self.semantic else '.agnostic')

    def nextBatch(self, params):
        pics = []
        seqs = []
        for _ in range(params['batch_size']):
            name = self.training_list[self.current_idx]
            stem = self.corpus_dirpath + '/' + name + '/' + name
            if self.distortions:
                pic = cv2.imread(stem + '_distorted.jpg', False)
            else:
                pic = cv2.imread(stem + '.png', False)
            pic = resize(pic, params['img_height'])
            pics.append(normalize(pic))

            with open(self._gt_path(stem), 'r') as fh:
                tokens = fh.readline().rstrip().split(word_separator())
            seqs.append([self.word2int[t] for t in tokens])
            self.current_idx = (self.current_idx + 1) % len(self.training_list)

        widest = max([p.shape[1] for p in pics])
        stacked = np.ones(shape=[params['batch_size'], params['img_height'], widest,
                                 params['img_channels']], dtype=np.float32) * self.PAD_COLUMN
        for k, p in enumerate(pics):
            stacked[k, 0:p.shape[0], 0:p.shape[1], 0] = p

        shrink = 1
        for k in range(params['conv_blocks']):
            shrink = shrink * params['conv_pooling_size'][k][1]
        seq_lens = [stacked.shape[2] / shrink] * stacked.shape[0]
        return {'inputs': stacked, 'seq_lengths': np.asarray(seq_lens), 'targets': seqs}

    def getValidation(self, params):
        if self.validation_dict is None:
            val_pics = []
            val_seqs = []
            # every validation incipit is decoded once and kept
            for name in self.validation_list:
                stem = self.corpus_dirpath + '/' + name + '/' + name
                pic = cv2.imread(stem + '.png', False)
                pic = resize(pic, params['img_height'])
                val_pics.append(normalize(pic))

                with open(self._gt_path(stem), 'r') as fh:
                    tokens = fh.readline().rstrip().split(word_separator())
                val_seqs.append([self.word2int[t] for t in tokens])

            widest = max([p.shape[1] for p in val_pics])
            padded = np.ones(shape=[len(self.validation_list), params['img_height'], widest,
                                    params['img_channels']], dtype=np.float32) * self.PAD_COLUMN
            for k, p in enumerate(val_pics):
                padded[k, 0:p.shape[0], 0:p.shape[1], 0] = p

            shrink = 1
            for k in range(params['conv_blocks']):
                shrink = shrink * params['conv_pooling_size'][k][1]
            seq_lens = [padded.shape[2] / shrink] * padded.shape[0]
            self.validation_dict = {'inputs': padded,
                                    'seq_lengths': np.asarray(seq_lens),
                                    'targets': val_seqs}
        return self.validation_dict, len(self.validation_list)


# ----------------------------------------------------------------------------
# CRNN + CTC model
# ----------------------------------------------------------------------------
def leaky_relu(features, alpha=0.2, name=None):
    with ops.name_scope(name, "LeakyRelu", [features, alpha]):
        features = ops.convert_to_tensor(features, name="features")
        alpha = ops.convert_to_tensor(alpha, name="alpha")
        return math_ops.maximum(alpha * features, features)


def default_model_params(img_height, vocabulary_size):
    cfg = dict()
    cfg['img_height'] = img_height
    cfg['img_width'] = None
    cfg['batch_size'] = 16
    cfg['img_channels'] = 1
    cfg['conv_blocks'] = 4
    cfg['conv_filter_n'] = [32, 64, 128, 256]
    cfg['conv_filter_size'] = [[3, 3], [3, 3], [3, 3], [3, 3]]
    cfg['conv_pooling_size'] = [[2, 2], [2, 2], [2, 2], [2, 2]]
    cfg['rnn_units'] = 512
    cfg['rnn_layers'] = 2
    cfg['vocabulary_size'] = vocabulary_size
    return cfg


def ctc_crnn(cfg):
    image_in = tf.placeholder(shape=(None, cfg['img_height'], cfg['img_width'], cfg['img_channels']),
                              dtype=tf.float32, name='model_input')
    in_shape = tf.shape(image_in)
    w_red = 1
    h_red = 1

    h = image_in
    for k in range(cfg['conv_blocks']):
        h = tf.layers.conv2d(inputs=h, filters=cfg['conv_filter_n'][k],
                             kernel_size=cfg['conv_filter_size'][k], padding="same", activation=None)
        h = tf.layers.batch_normalization(h)
        h = leaky_relu(h)
        h = tf.layers.max_pooling2d(inputs=h, pool_size=cfg['conv_pooling_size'][k],
                                    strides=cfg['conv_pooling_size'][k])
        w_red = w_red * cfg['conv_pooling_size'][k][1]
        h_red = h_red * cfg['conv_pooling_size'][k][0]

    # columns become time steps (time-major)
    feats = tf.transpose(h, perm=[2, 0, 3, 1])
    feat_dim = cfg['conv_filter_n'][-1] * (cfg['img_height'] / h_red)
    feat_width = in_shape[2] / w_red
    feats = tf.reshape(feats, tf.stack([tf.cast(feat_width, 'int32'), in_shape[0],
                                        tf.cast(feat_dim, 'int32')]))
    tf.constant(cfg['img_height'], name='input_height')
    tf.constant(w_red, name='width_reduction')

    keep_prob = tf.placeholder(dtype=tf.float32, name="keep_prob")
    n_units = cfg['rnn_units']
    n_layers = cfg['rnn_layers']
    rnn_out, _ = tf.nn.bidirectional_dynamic_rnn(
        tf.contrib.rnn.MultiRNNCell(
            [tf.nn.rnn_cell.DropoutWrapper(tf.contrib.rnn.BasicLSTMCell(n_units), input_keep_prob=keep_prob)
             for _ in range(n_layers)]),
        tf.contrib.rnn.MultiRNNCell(
            [tf.nn.rnn_cell.DropoutWrapper(tf.contrib.rnn.BasicLSTMCell(n_units), input_keep_prob=keep_prob)
             for _ in range(n_layers)]),
        feats, dtype=tf.float32, time_major=True)
    rnn_out = tf.concat(rnn_out, 2)

    logits = tf.contrib.layers.fully_connected(rnn_out, cfg['vocabulary_size'] + 1, activation_fn=None)
    tf.add_to_collection("logits", logits)

    seq_len = tf.placeholder(tf.int32, [None], name='seq_lengths')
    targets = tf.sparse_placeholder(dtype=tf.int32, name='target')
    ctc = tf.nn.ctc_loss(labels=targets, inputs=logits, sequence_length=seq_len, time_major=True)
    loss = tf.reduce_mean(ctc)
    decoded, _ = tf.nn.ctc_greedy_decoder(logits, seq_len)
    return image_in, seq_len, targets, decoded, loss, keep_prob


# ----------------------------------------------------------------------------
# training script
# ----------------------------------------------------------------------------
config = tf.ConfigProto()
config.gpu_options.allow_growth = True
tf.reset_default_graph()
sess = tf.InteractiveSession(config=config)

cli = argparse.ArgumentParser(description='Train model.')
cli.add_argument('-corpus', dest='corpus', type=str, required=True, help='Corpus root.')
cli.add_argument('-set', dest='set', type=str, required=True, help='File listing the samples.')
cli.add_argument('-save_model', dest='save_model', type=str, required=True, help='Checkpoint prefix.')
cli.add_argument('-vocabulary', dest='voc', type=str, required=True, help='Vocabulary file.')
cli.add_argument('-semantic', dest='semantic', action="store_true", default=False)
opts = cli.parse_args()

corpus = CTC_PriMuS(opts.corpus, opts.set, opts.voc, opts.semantic, val_split=0.1)

img_height = 128
params = default_model_params(img_height, corpus.vocabulary_size)
max_epochs = 64000
dropout = 0.5

image_in, seq_len, targets, decoded, loss, keep_prob = ctc_crnn(params)
train_opt = tf.train.AdamOptimizer().minimize(loss)

saver = tf.train.Saver(max_to_keep=None)
sess.run(tf.global_variables_initializer())

for epoch in range(max_epochs):
    batch = corpus.nextBatch(params)
    _, loss_value = sess.run([train_opt, loss],
                             feed_dict={image_in: batch['inputs'],
                                        seq_len: batch['seq_lengths'],
                                        targets: sparse_tuple_from(batch['targets']),
                                        keep_prob: dropout})

    if epoch % 1000 == 0:
        print('Loss value at epoch ' + str(epoch) + ':' + str(loss_value))
        print('Validating...')
        val_batch, val_size = corpus.getValidation(params)

        pos = 0
        errors = 0
        symbols = 0
        counted = 0
        while pos < val_size:
            feed = {image_in: val_batch['inputs'][pos:pos + params['batch_size']],
                    seq_len: val_batch['seq_lengths'][pos:pos + params['batch_size']],
                    keep_prob: 1.0}
            pred = sess.run(decoded, feed)
            pred_strs = sparse_tensor_to_strs(pred)
            for k in range(len(pred_strs)):
                errors = errors + edit_distance(pred_strs[k], val_batch['targets'][pos + k])
                symbols = symbols + len(val_batch['targets'][pos + k])
                counted = counted + 1
            pos = pos + params['batch_size']

        print('[Epoch ' + str(epoch) + '] ' + str(1. * errors / counted) + ' (' +
              str(100. * errors / symbols) + ' SER) from ' + str(counted) + ' samples.')
        print('Saving the model...')
        saver.save(sess, opts.save_model, global_step=epoch)
        print('------------------------------')
