#! /usr/bin/env python

import tensorflow as tf
import numpy as np
import os
import time
import datetime
import re
from text_cnn import TextCNN
from tensorflow.contrib import learn

def normalize_sentence(s_text):
    """
    Normalise a sentence: keep basic characters, split off clitics and punctuation,
    collapse spaces, lower-case (the usual MR preprocessing).
    """
    s_text = re.sub(r"[^A-Za-z0-9(),!?\'\`]", " ", s_text)
    s_text = re.sub(r"\'s", " \'s", s_text)
    s_text = re.sub(r"\'ve", " \'ve", s_text)
    s_text = re.sub(r"n\'t", " n\'t", s_text)
    s_text = re.sub(r"\'re", " \'re", s_text)
    s_text = re.sub(r"\'d", " \'d", s_text)
    s_text = re.sub(r"\'ll", " \'ll", s_text)
    s_text = re.sub(r",", " , ", s_text)
    s_text = re.sub(r"!", " ! ", s_text)
    s_text = re.sub(r"\(", " \( ", s_text)
    s_text = re.sub(r"\)", " \) ", s_text)
    s_text = re.sub(r"\?", " \? ", s_text)
    s_text = re.sub(r"\s{2,}", " ", s_text)
    return s_text.strip().lower()


def read_polarity_data(pos_path, neg_path):
    """
    Read the positive and negative sentence files, clean each line
    and build one-hot polarity labels.
    """
    # read both files
    pos_lines = list(open(pos_path, "r").readlines())
    pos_lines = [ln.strip() for ln in pos_lines]
    neg_lines = list(open(neg_path, "r").readlines())
    neg_lines = [ln.strip() for ln in neg_lines]
    # cleaned sentences
    x_sentences = pos_lines + neg_lines
    x_sentences = [normalize_sentence(sent_s) for sent_s in x_sentences]
    # one-hot labels
    pos_labels = [[0, 1] for _ in pos_lines]
    neg_labels = [[1, 0] for _ in neg_lines]
    y_onehot = np.concatenate([pos_labels, neg_labels], 0)
    return [x_sentences, y_onehot]


def iter_batches(rows_data, batch_n, n_epochs, reshuffle=True):
    """
    Yield shuffled mini batches of data for num_epochs passes.
    """
    rows_data = np.array(rows_data)
    n_rows = len(rows_data)
    batches_per_epoch = int((len(rows_data)-1)/batch_n) + 1
    for epoch_i in range(n_epochs):
        # new order every epoch
        if reshuffle:
            order = np.random.permutation(np.arange(n_rows))
            ordered_data = rows_data[order]
        else:
            ordered_data = rows_data
        for b in range(batches_per_epoch):
            lo = b * batch_n
            hi = min((b + 1) * batch_n, n_rows)
            yield ordered_data[lo:hi]


# settings
# --------------------------------------------------

# data
tf.flags.DEFINE_float("dev_sample_percentage", .1, "held-out fraction of the training data")
tf.flags.DEFINE_string("positive_data_file", "./data/rt-polaritydata/rt-polarity.pos", "positive sentences")
tf.flags.DEFINE_string("negative_data_file", "./data/rt-polaritydata/rt-polarity.neg", "negative sentences")

# network
tf.flags.DEFINE_integer("embedding_dim", 128, "embedding width")
tf.flags.DEFINE_string("filter_sizes", "3,4,5", "convolution widths, comma separated")
tf.flags.DEFINE_integer("num_filters", 128, "filters per width")
tf.flags.DEFINE_float("dropout_keep_prob", 0.5, "dropout keep probability")
tf.flags.DEFINE_float("l2_reg_lambda", 0.0, "L2 penalty weight")

# training
tf.flags.DEFINE_integer("batch_size", 64, "rows per batch")
tf.flags.DEFINE_integer("num_epochs", 200, "training passes")
tf.flags.DEFINE_integer("evaluate_every", 100, "steps between dev evaluations")
tf.flags.DEFINE_integer("checkpoint_every", 100, "steps between checkpoints")
tf.flags.DEFINE_integer("num_checkpoints", 5, "checkpoints kept")
# session
tf.flags.DEFINE_boolean("allow_soft_placement", True, "let TF move ops to another device")
tf.flags.DEFINE_boolean("log_device_placement", False, "print where ops run")

CFG = tf.flags.FLAGS
CFG._parse_flags()
print("\nsettings:")
for key, val in sorted(CFG.__flags.items()):
    print("{}={}".format(key.upper(), val))
print("")


# data
# --------------------------------------------------

# read sentences
print("reading sentences...")
x_sentences, y_onehot = read_polarity_data(CFG.positive_data_file, CFG.negative_data_file)

# word ids
max_words = max([len(x_ids.split(" ")) for x_ids in x_sentences])
vocab_proc = learn.preprocessing.VocabularyProcessor(max_words)
x_ids = np.array(list(vocab_proc.fit_transform(x_sentences)))

# shuffle once with a fixed seed
np.random.seed(10)
order = np.random.permutation(np.arange(len(y_onehot)))
x_mixed = x_ids[order]
y_mixed = y_onehot[order]

# train / dev split
# (a single split; no cross-validation)
dev_cut = -1 * int(CFG.dev_sample_percentage * float(len(y_onehot)))
train_x, dev_x = x_mixed[:dev_cut], x_mixed[dev_cut:]
train_y, dev_y = y_mixed[:dev_cut], y_mixed[dev_cut:]
print("vocabulary: {:d} words".format(len(vocab_proc.vocabulary_)))
print("train {:d} / dev {:d}".format(len(train_y), len(dev_y)))


# training
# --------------------------------------------------

with tf.Graph().as_default():
    sess_cfg = tf.ConfigProto(
      allow_soft_placement=CFG.allow_soft_placement,
      log_device_placement=CFG.log_device_placement)
    session = tf.Session(config=sess_cfg)
    with session.as_default():
        text_model = TextCNN(
            sequence_length=train_x.shape[1],
            num_classes=train_y.shape[1],
            vocab_size=len(vocab_proc.vocabulary_),
            embedding_size=CFG.embedding_dim,
            filter_sizes=list(map(int, CFG.filter_sizes.split(","))),
            num_filters=CFG.num_filters,
            l2_reg_lambda=CFG.l2_reg_lambda)

        # optimiser and step
        step_var = tf.Variable(0, name="global_step", trainable=False)
        adam_optimizer = tf.train.AdamOptimizer(1e-3)
        grad_pairs = adam_optimizer.compute_gradients(text_model.loss)
        train_update = adam_optimizer.apply_gradients(grad_pairs, global_step=step_var)

        # gradient histograms and sparsity
        grad_summ_list = []
        for grad_t, var_t in grad_pairs:
            if grad_t is not None:
                grad_hist = tf.summary.histogram("{}/grad/hist".format(var_t.name), grad_t)
                grad_zero_frac = tf.summary.scalar("{}/grad/sparsity".format(var_t.name), tf.nn.zero_fraction(grad_t))
                grad_summ_list.append(grad_hist)
                grad_summ_list.append(grad_zero_frac)
        grad_summ = tf.summary.merge(grad_summ_list)

        # run folder
        stamp = str(int(time.time()))
        run_dir = os.path.abspath(os.path.join(os.path.curdir, "runs", stamp))
        print("output folder: {}\n".format(run_dir))

        # scalar summaries
        loss_summ = tf.summary.scalar("loss", text_model.loss)
        acc_summ = tf.summary.scalar("accuracy", text_model.accuracy)

        # training summaries
        train_summ_op = tf.summary.merge([loss_summ, acc_summ, grad_summ])
        train_summ_dir = os.path.join(run_dir, "summaries", "train")
        train_summ_writer = tf.summary.FileWriter(train_summ_dir, session.graph)

        # dev summaries
        dev_summ_op = tf.summary.merge([loss_summ, acc_summ])
        dev_summ_dir = os.path.join(run_dir, "summaries", "dev")
        dev_summ_writer = tf.summary.FileWriter(dev_summ_dir, session.graph)

        # checkpoint folder (the saver needs it to exist)
        ckpt_dir = os.path.abspath(os.path.join(run_dir, "checkpoints"))
        ckpt_prefix = os.path.join(ckpt_dir, "model")
        if not os.path.exists(ckpt_dir):
            os.makedirs(ckpt_dir)
        ckpt_saver = tf.train.Saver(tf.global_variables(), max_to_keep=CFG.num_checkpoints)

        # store the vocabulary
        vocab_proc.save(os.path.join(run_dir, "vocab"))

        # initialise variables
        session.run(tf.global_variables_initializer())

        def run_train_step(x_batch_ids, y_batch_onehot):
            """
            One optimiser step on a batch.
            """
            feed_map = {
              text_model.input_x: x_batch_ids,
              text_model.input_y: y_batch_onehot,
              text_model.dropout_keep_prob: CFG.dropout_keep_prob
            }
            _, step_now, summ, loss_v, acc_v = session.run(
                [train_update, step_var, train_summ_op, text_model.loss, text_model.accuracy],
                feed_map)
            now_str = datetime.datetime.now().isoformat()
            print("{}: step {}, loss {:g}, acc {:g}".format(now_str, step_now, loss_v, acc_v))
            train_summ_writer.add_summary(summ, step_now)

        def run_dev_step(x_batch_ids, y_batch_onehot, summ_writer=None):
            """
            Loss and accuracy on the dev split.
            """
            feed_map = {
              text_model.input_x: x_batch_ids,
              text_model.input_y: y_batch_onehot,
              text_model.dropout_keep_prob: 1.0
            }
            step_now, summ, loss_v, acc_v = session.run(
                [step_var, dev_summ_op, text_model.loss, text_model.accuracy],
                feed_map)
            now_str = datetime.datetime.now().isoformat()
            print("{}: step {}, loss {:g}, acc {:g}".format(now_str, step_now, loss_v, acc_v))
            if summ_writer:
                summ_writer.add_summary(summ, step_now)

        # batch stream
        batch_stream = iter_batches(
            list(zip(train_x, train_y)), CFG.batch_size, CFG.num_epochs)
        # step through it, evaluating and saving now and then
        for batch_rows in batch_stream:
            x_batch_ids, y_batch_onehot = zip(*batch_rows)
            run_train_step(x_batch_ids, y_batch_onehot)
            cur_step = tf.train.global_step(session, step_var)
            if cur_step % CFG.evaluate_every == 0:
                print("\ndev evaluation:")
                run_dev_step(dev_x, dev_y, summ_writer=dev_summ_writer)
                print("")
            if cur_step % CFG.checkpoint_every == 0:
                ckpt_path = ckpt_saver.save(session, ckpt_prefix, global_step=cur_step)
                print("checkpoint written: {}\n".format(ckpt_path))
