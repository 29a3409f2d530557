"""Character-level text generator: a two-layer LSTM trained on one plain-text
corpus (TensorFlow 1.x graph API). In "train" mode it learns next-character
prediction, in "talk" mode it samples text from a saved checkpoint."""
import argparse
import os
import random
import time

import numpy as np
import tensorflow as tf


class CharLSTMNet:
    """Stacked LSTM with a linear read-out; the number of unrolled steps is
    dynamic, so the same graph serves training batches and one-step sampling."""

    def __init__(self, n_in, hidden_units, depth, n_out, sess_handle,
                 lr=0.003, scope_name="rnn"):
        self.var_scope = scope_name
        self.n_in = n_in
        self.hidden_units = hidden_units
        self.depth = depth
        self.n_out = n_out
        self.sess_handle = sess_handle
        self.lr_const = tf.constant(lr)
        # recurrent state kept between step_once calls
        self.carried_state = np.zeros((self.depth * 2 * self.hidden_units,))

        with tf.variable_scope(self.var_scope):
            self.x_in = tf.placeholder(tf.float32, shape=(None, None, self.n_in), name="x_in")
            self.state_in = tf.placeholder(tf.float32, shape=(None, self.depth * 2 * self.hidden_units),
                                                  name="state_in")
            self.cells = [tf.contrib.rnn.BasicLSTMCell(self.hidden_units, forget_bias=1.0, state_is_tuple=False)
                               for _ in range(self.depth)]
            self.stacked_cell = tf.contrib.rnn.MultiRNNCell(self.cells, state_is_tuple=False)
            seq_out, self.state_out = tf.nn.dynamic_rnn(self.stacked_cell, self.x_in,
                                                             initial_state=self.state_in,
                                                             dtype=tf.float32)
            # dense projection back to the alphabet
            self.proj_W = tf.Variable(tf.random_normal((self.hidden_units, self.n_out), stddev=0.01))
            self.proj_b = tf.Variable(tf.random_normal((self.n_out,), stddev=0.01))
            seq_flat = tf.reshape(seq_out, [-1, self.hidden_units])
            scores = tf.matmul(seq_flat, self.proj_W) + self.proj_b
            out_dims = tf.shape(seq_out)
            self.char_probs = tf.reshape(tf.nn.softmax(scores), (out_dims[0], out_dims[1], self.n_out))

            self.target_batch = tf.placeholder(tf.float32, (None, None, self.n_out))
            target_flat = tf.reshape(self.target_batch, [-1, self.n_out])
            self.loss_t = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=scores, labels=target_flat))
            self.train_step = tf.train.RMSPropOptimizer(self.lr_const, 0.9).minimize(self.loss_t)

    def step_once(self, x_step, reset_state=True):
        """Feed a single encoded character and return the next-char distribution."""
        if reset_state:
            init_state = np.zeros((self.depth * 2 * self.hidden_units,))
        else:
            init_state = self.carried_state
        next_probs, state_after = self.sess_handle.run([self.char_probs, self.state_out],
                                            feed_dict={self.x_in: [x_step], self.state_in: [init_state]})
        self.carried_state = state_after[0]
        return next_probs[0][0]

    def train_one_batch(self, batch_x, batch_y):
        """batch_x / batch_y: one-hot arrays shaped (batch, steps, charset)."""
        init_zeros = np.zeros((batch_x.shape[0], self.depth * 2 * self.hidden_units))
        loss_val, _ = self.sess_handle.run([self.loss_t, self.train_step],
                                   feed_dict={self.x_in: batch_x, self.target_batch: batch_y,
                                              self.state_in: init_zeros})
        return loss_val


def one_hot_text(text_in, charset):
    """Turn text into a one-hot matrix of len(text) rows and len(charset) columns."""
    one_hot = np.zeros((len(text_in), len(charset)))
    pos = 0
    for c in text_in:
        vec = [0.0] * len(charset)
        vec[charset.index(c)] = 1.0
        one_hot[pos, :] = vec
        pos += 1
    return one_hot


def index_to_char(vec_list, charset):
    return charset[vec_list.index(1)]


def read_text_data(text_path):
    raw = ""
    with open(text_path, 'r') as f_in:
        raw += f_in.read()
    raw = raw.lower()
    symbols = sorted(list(set(raw)))
    one_hot = one_hot_text(raw, symbols)
    return one_hot, symbols


def maybe_restore(tf_sess, ckpt_saver):
    """Resume from the newest checkpoint if one exists."""
    ckpt_state = tf.train.get_checkpoint_state(os.path.dirname('saved/checkpoint'))
    if ckpt_state and ckpt_state.model_checkpoint_path:
        ckpt_saver.restore(tf_sess, ckpt_state.model_checkpoint_path)


def main():
    arg_parser = argparse.ArgumentParser()
    arg_parser.add_argument("--input_file", type=str, default="data/shakespeare.txt", help="Plain-text corpus to read.")
    arg_parser.add_argument("--test_prefix", type=str, default="The ", help="Seed text for generation.")
    arg_parser.add_argument("--ckpt_file", type=str, default="saved/model.ckpt", help="Checkpoint path to restore.")
    arg_parser.add_argument("--mode", type=str, default="talk", choices=set(("talk", "train")),
                    help="What to do: train the net or talk (sample).")
    opts = arg_parser.parse_args()

    ckpt_path = None
    seed_text = opts.test_prefix
    if opts.ckpt_file:
        ckpt_path = opts.ckpt_file

    text_data, charset = read_text_data(opts.input_file)

    n_in = n_out = len(charset)
    hidden_units = 256
    depth = 2
    batch_rows = 64
    seq_len = 100
    TRAIN_STEPS = 20000
    TEST_CHARS = 500

    tf_cfg = tf.ConfigProto()
    tf_cfg.gpu_options.allow_growth = True
    tf_sess = tf.InteractiveSession(config=tf_cfg)
    char_net = CharLSTMNet(n_in=n_in, hidden_units=hidden_units, depth=depth, n_out=n_out,
                       sess_handle=tf_sess, lr=0.003, scope_name="char_rnn_network")
    tf_sess.run(tf.global_variables_initializer())
    ckpt_saver = tf.train.Saver(tf.global_variables())

    if opts.mode == "train":
        maybe_restore(tf_sess, ckpt_saver)
        last_t = time.time()
        x_window = np.zeros((batch_rows, seq_len, n_in))
        y_window = np.zeros((batch_rows, seq_len, n_in))
        start_ids = range(text_data.shape[0] - seq_len - 1)

        for it in range(TRAIN_STEPS):
            # pick batch_rows random windows of seq_len consecutive characters
            picks = random.sample(start_ids, batch_rows)
            for s in range(seq_len):
                idx_in = [off + s for off in picks]
                idx_out = [off + s + 1 for off in picks]
                x_window[:, s, :] = text_data[idx_in, :]
                y_window[:, s, :] = text_data[idx_out, :]

            batch_loss = char_net.train_one_batch(x_window, y_window)
            if (it % 100) == 0:
                now_t = time.time()
                dt = now_t - last_t
                last_t = now_t
                print("step {} | loss {} | {} batches per second".format(it, batch_loss, 100 / dt))
                ckpt_saver.save(tf_sess, ckpt_path)

    elif opts.mode == "talk":
        ckpt_saver.restore(tf_sess, ckpt_path)
        seed_text = seed_text.lower()
        for k in range(len(seed_text)):
            next_dist = char_net.step_once(one_hot_text(seed_text[k], charset), k == 0)

        print("Generated text:")
        out_text = seed_text
        for _ in range(TEST_CHARS):
            char_id = np.random.choice(range(len(charset)), p=next_dist)
            out_text += charset[char_id]
            next_dist = char_net.step_once(one_hot_text(charset[char_id], charset), False)
        print(out_text)


if __name__ == "__main__":
    main()
