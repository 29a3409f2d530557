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
def to_sparse_triplet(label_seqs, val_dtype=np.int32):
    coords = []
    values_flat = []
    for r_i, s_seq in enumerate(label_seqs):
        coords.extend(zip([r_i] * len(s_seq), range(len(s_seq))))
        values_flat.extend(s_seq)
    coords = np.asarray(coords, dtype=np.int64)
    values_flat = np.asarray(values_flat, dtype=val_dtype)
    shape_dense = np.asarray([len(label_seqs), np.asarray(coords).max(0)[1] + 1], dtype=np.int64)
    return coords, values_flat, shape_dense


def sparse_to_lists(sp):
    coords_arr = sp[0][0]
    values_flat = sp[0][1]
    shape_dense = sp[0][2]
    rows_out = [[] for _ in range(shape_dense[0])]
    cur_row = []
    cursor = 0
    r_i = 0
    for k in range(len(coords_arr)):
        if coords_arr[k][0] != r_i:
            rows_out[r_i] = cur_row
            cur_row = []
            r_i = coords_arr[k][0]
        cur_row.append(values_flat[cursor])
        cursor = cursor + 1
    rows_out[r_i] = cur_row
    return rows_out


def token_sep():
    return '\t'


def edit_dist_raw(a_seq, b_seq):
    """Edit distance between two symbol sequences."""
    la, lb = len(a_seq), len(b_seq)
    if la > lb:
        a_seq, b_seq = b_seq, a_seq
        la, lb = lb, la
    r_i = range(la + 1)
    for i in range(1, lb + 1):
        prev_row, r_i = r_i, [i] + [0] * la
        for j in range(1, la + 1):
            add_cost, del_cost = prev_row[j] + 1, r_i[j - 1] + 1
            swap_cost = prev_row[j - 1]
            if a_seq[j - 1] != b_seq[i - 1]:
                swap_cost = swap_cost + 1
            r_i[j] = min(add_cost, del_cost, swap_cost)
    return r_i[la]


def symbol_error_count(hyp, truth, EOS_ID=-1, PAD_ID=-1):
    hyp_kept = [tk for tk in hyp if tk != EOS_ID and tk != PAD_ID]
    truth_kept = [tk for tk in truth if tk != EOS_ID and tk != PAD_ID]
    return edit_dist_raw(hyp_kept, truth_kept)


def scale_image(img_arr):
    return (255. - img_arr) / 255.


def resize_to_height(img_arr, target_h):
    scaled_w = int(float(target_h * img_arr.shape[1]) / img_arr.shape[0])
    return cv2.resize(img_arr, (scaled_w, target_h))


# ----------------------------------------------------------------------------
# PrIMuS corpus reader
# ----------------------------------------------------------------------------
class PrimusCorpus:
    GT_SEP = '-'
    PAD_VALUE = 0
    val_cache = None

    def __init__(self, root_dir, list_file, vocab_path, semantic_enc,
                 use_distorted=False, val_fraction=0.0):
        self.semantic_enc = semantic_enc
        self.use_distorted = use_distorted
        self.root_dir = root_dir

        with open(list_file, 'r') as f_txt:
            sample_names = f_txt.read().splitlines()
        self.cursor_pos = 0

        # symbol vocabulary
        self.sym_to_id = {}
        self.id_to_sym = {}
        with open(vocab_path, 'r') as f_txt:
            sym_lines = f_txt.read().splitlines()
        for tok_sym in sym_lines:
            if tok_sym not in self.sym_to_id:
                sym_id = len(self.sym_to_id)
                self.sym_to_id[tok_sym] = sym_id
                self.id_to_sym[sym_id] = tok_sym
        self.vocab_n = len(self.sym_to_id)

        # random train / validation partition
        random.shuffle(sample_names)
        n_val = int(len(sample_names) * val_fraction)
        self.train_names = sample_names[n_val:]
        self.val_names = sample_names[:n_val]
        print('train samples: ' + str(len(self.train_names)) +
              ', validation samples: ' + str(len(self.val_names)))

    def _label_file(self, base_path):
        return base_path + ('.semantic' if self.semantic_enc else '.agnostic')

    def next_train_batch(self, hp):
        images_b = []
        label_seqs = []
        for _ in range(hp['batch_size']):
            sample_name = self.train_names[self.cursor_pos]
            base_path = self.root_dir + '/' + sample_name + '/' + sample_name
            if self.use_distorted:
                score_img = cv2.imread(base_path + '_distorted.jpg', False)
            else:
                score_img = cv2.imread(base_path + '.png', False)
            score_img = resize_to_height(score_img, hp['img_height'])
            images_b.append(scale_image(score_img))

            with open(self._label_file(base_path), 'r') as f_txt:
                label_tokens = f_txt.readline().rstrip().split(token_sep())
            label_seqs.append([self.sym_to_id[tok] for tok in label_tokens])
            self.cursor_pos = (self.cursor_pos + 1) % len(self.train_names)

        max_w = max([im.shape[1] for im in images_b])
        batch_images = np.ones(shape=[hp['batch_size'], hp['img_height'], max_w,
                                 hp['img_channels']], dtype=np.float32) * self.PAD_VALUE
        for k, im in enumerate(images_b):
            batch_images[k, 0:im.shape[0], 0:im.shape[1], 0] = im

        width_factor = 1
        for k in range(hp['conv_blocks']):
            width_factor = width_factor * hp['conv_pooling_size'][k][1]
        seq_lengths_list = [batch_images.shape[2] / width_factor] * batch_images.shape[0]
        return {'inputs': batch_images, 'seq_lengths': np.asarray(seq_lengths_list), 'targets': label_seqs}

    def load_validation(self, hp):
        if self.val_cache is None:
            val_images = []
            val_labels = []
            # every validation incipit is decoded once and kept
            for sample_name in self.val_names:
                base_path = self.root_dir + '/' + sample_name + '/' + sample_name
                score_img = cv2.imread(base_path + '.png', False)
                score_img = resize_to_height(score_img, hp['img_height'])
                val_images.append(scale_image(score_img))

                with open(self._label_file(base_path), 'r') as f_txt:
                    label_tokens = f_txt.readline().rstrip().split(token_sep())
                val_labels.append([self.sym_to_id[tok] for tok in label_tokens])

            max_w = max([im.shape[1] for im in val_images])
            val_padded = np.ones(shape=[len(self.val_names), hp['img_height'], max_w,
                                    hp['img_channels']], dtype=np.float32) * self.PAD_VALUE
            for k, im in enumerate(val_images):
                val_padded[k, 0:im.shape[0], 0:im.shape[1], 0] = im

            width_factor = 1
            for k in range(hp['conv_blocks']):
                width_factor = width_factor * hp['conv_pooling_size'][k][1]
            seq_lengths_list = [val_padded.shape[2] / width_factor] * val_padded.shape[0]
            self.val_cache = {'inputs': val_padded,
                                    'seq_lengths': np.asarray(seq_lengths_list),
                                    'targets': val_labels}
        return self.val_cache, len(self.val_names)


# ----------------------------------------------------------------------------
# CRNN + CTC model
# ----------------------------------------------------------------------------
def lrelu(feat_t, slope=0.2, op_name=None):
    with ops.name_scope(op_name, "LeakyRelu", [feat_t, slope]):
        feat_t = ops.convert_to_tensor(feat_t, name="features")
        slope = ops.convert_to_tensor(slope, name="alpha")
        return math_ops.maximum(slope * feat_t, feat_t)


def make_hparams(image_h, vocab_n):
    hcfg = dict()
    hcfg['img_height'] = image_h
    hcfg['img_width'] = None
    hcfg['batch_size'] = 16
    hcfg['img_channels'] = 1
    hcfg['conv_blocks'] = 4
    hcfg['conv_filter_n'] = [32, 64, 128, 256]
    hcfg['conv_filter_size'] = [[3, 3], [3, 3], [3, 3], [3, 3]]
    hcfg['conv_pooling_size'] = [[2, 2], [2, 2], [2, 2], [2, 2]]
    hcfg['rnn_units'] = 512
    hcfg['rnn_layers'] = 2
    hcfg['vocabulary_size'] = vocab_n
    return hcfg


def build_crnn_ctc(hcfg):
    images_ph = tf.placeholder(shape=(None, hcfg['img_height'], hcfg['img_width'], hcfg['img_channels']),
                              dtype=tf.float32, name='model_input')
    in_dims = tf.shape(images_ph)
    width_div = 1
    height_div = 1

    act = images_ph
    for k in range(hcfg['conv_blocks']):
        act = tf.layers.conv2d(inputs=act, filters=hcfg['conv_filter_n'][k],
                             kernel_size=hcfg['conv_filter_size'][k], padding="same", activation=None)
        act = tf.layers.batch_normalization(act)
        act = lrelu(act)
        act = tf.layers.max_pooling2d(inputs=act, pool_size=hcfg['conv_pooling_size'][k],
                                    strides=hcfg['conv_pooling_size'][k])
        width_div = width_div * hcfg['conv_pooling_size'][k][1]
        height_div = height_div * hcfg['conv_pooling_size'][k][0]

    # columns become time steps (time-major)
    seq_features = tf.transpose(act, perm=[2, 0, 3, 1])
    feature_dim = hcfg['conv_filter_n'][-1] * (hcfg['img_height'] / height_div)
    feature_w = in_dims[2] / width_div
    seq_features = tf.reshape(seq_features, tf.stack([tf.cast(feature_w, 'int32'), in_dims[0],
                                        tf.cast(feature_dim, 'int32')]))
    tf.constant(hcfg['img_height'], name='input_height')
    tf.constant(width_div, name='width_reduction')

    keep_p = tf.placeholder(dtype=tf.float32, name="keep_prob")
    lstm_units = hcfg['rnn_units']
    lstm_depth = hcfg['rnn_layers']
    birnn_out, _ = tf.nn.bidirectional_dynamic_rnn(
        tf.contrib.rnn.MultiRNNCell(
            [tf.nn.rnn_cell.DropoutWrapper(tf.contrib.rnn.BasicLSTMCell(lstm_units), input_keep_prob=keep_p)
             for _ in range(lstm_depth)]),
        tf.contrib.rnn.MultiRNNCell(
            [tf.nn.rnn_cell.DropoutWrapper(tf.contrib.rnn.BasicLSTMCell(lstm_units), input_keep_prob=keep_p)
             for _ in range(lstm_depth)]),
        seq_features, dtype=tf.float32, time_major=True)
    birnn_out = tf.concat(birnn_out, 2)

    frame_logits = tf.contrib.layers.fully_connected(birnn_out, hcfg['vocabulary_size'] + 1, activation_fn=None)
    tf.add_to_collection("logits", frame_logits)

    seq_len_ph = tf.placeholder(tf.int32, [None], name='seq_lengths')
    target_sp = tf.sparse_placeholder(dtype=tf.int32, name='target')
    ctc_per_seq = tf.nn.ctc_loss(labels=target_sp, inputs=frame_logits, sequence_length=seq_len_ph, time_major=True)
    loss = tf.reduce_mean(ctc_per_seq)
    greedy_out, _ = tf.nn.ctc_greedy_decoder(frame_logits, seq_len_ph)
    return images_ph, seq_len_ph, target_sp, greedy_out, loss, keep_p


# ----------------------------------------------------------------------------
# training script
# ----------------------------------------------------------------------------
tf_cfg = tf.ConfigProto()
tf_cfg.gpu_options.allow_growth = True
tf.reset_default_graph()
tf_sess = tf.InteractiveSession(config=tf_cfg)

arg_p = argparse.ArgumentParser(description='Fit the CRNN-CTC recogniser on PrIMuS.')
arg_p.add_argument('-corpus', dest='root', type=str, required=True, help='Folder holding the PrIMuS samples.')
arg_p.add_argument('-set', dest='list_file', type=str, required=True, help='Text file with one sample name per line.')
arg_p.add_argument('-save_model', dest='ckpt_prefix', type=str, required=True, help='Where to write checkpoints (prefix).')
arg_p.add_argument('-vocabulary', dest='vocab_file', type=str, required=True, help='Symbol list, one per line.')
arg_p.add_argument('-semantic', dest='semantic_enc', action="store_true", default=False)
cli_args = arg_p.parse_args()

primus = PrimusCorpus(cli_args.root, cli_args.list_file, cli_args.vocab_file, cli_args.semantic_enc, val_fraction=0.1)

image_h = 128
hp = make_hparams(image_h, primus.vocab_n)
epoch_limit = 64000
drop_keep = 0.5

images_ph, seq_len_ph, target_sp, greedy_out, loss, keep_p = build_crnn_ctc(hp)
train_step = tf.train.AdamOptimizer().minimize(loss)

ckpt_saver = tf.train.Saver(max_to_keep=None)
tf_sess.run(tf.global_variables_initializer())

for epoch in range(epoch_limit):
    train_batch = primus.next_train_batch(hp)
    _, loss_now = tf_sess.run([train_step, loss],
                             feed_dict={images_ph: train_batch['inputs'],
                                        seq_len_ph: train_batch['seq_lengths'],
                                        target_sp: to_sparse_triplet(train_batch['targets']),
                                        keep_p: drop_keep})

    if epoch % 1000 == 0:
        print('epoch ' + str(epoch) + ' loss: ' + str(loss_now))
        print('running validation')
        val_data, val_count = primus.load_validation(hp)

        start_i = 0
        err_total = 0
        sym_total = 0
        n_seen = 0
        while start_i < val_count:
            val_feed = {images_ph: val_data['inputs'][start_i:start_i + hp['batch_size']],
                    seq_len_ph: val_data['seq_lengths'][start_i:start_i + hp['batch_size']],
                    keep_p: 1.0}
            hyp = tf_sess.run(greedy_out, val_feed)
            hyp_seqs = sparse_to_lists(hyp)
            for k in range(len(hyp_seqs)):
                err_total = err_total + symbol_error_count(hyp_seqs[k], val_data['targets'][start_i + k])
                sym_total = sym_total + len(val_data['targets'][start_i + k])
                n_seen = n_seen + 1
            start_i = start_i + hp['batch_size']

        print('validation @ ' + str(epoch) + ': ' + str(1. * err_total / n_seen) + ' (' +
              str(100. * err_total / sym_total) + ' % symbol errors) over ' + str(n_seen) + ' incipits')
        print('writing checkpoint')
        ckpt_saver.save(tf_sess, cli_args.ckpt_prefix, global_step=epoch)
        print('==============================')
