"""Character-level text generator: a two-layer LSTM trained on one plain-text
corpus (TensorFlow 1.x graph API). In "train" mode it learns next-character
prediction, in "talk" mode it samples text from a saved checkpoint."""
import argparse
import os
import random
import time

import numpy as np
import tensorflow as tf


class ModelNetwork:
    """Stacked LSTM with a linear read-out; the number of unrolled steps is
    dynamic, so the same graph serves training batches and one-step sampling."""

    def __init__(self, in_size, lstm_size, num_layers, out_size, session,
                 learning_rate=0.003, name="rnn"):
        self.scope = name
        self.in_size = in_size
        self.lstm_size = lstm_size
        self.num_layers = num_layers
        self.out_size = out_size
        self.session = session
        self.learning_rate = tf.constant(learning_rate)
        # state carried between calls of run_step
        self.lstm_last_state = np.zeros((self.num_layers * 2 * self.lstm_size,))

        with tf.variable_scope(self.scope):
            self.xinput = tf.placeholder(tf.float32, shape=(None, None, self.in_size), name="xinput")
            self.lstm_init_value = tf.placeholder(tf.float32, shape=(None, self.num_layers * 2 * self.lstm_size),
                                                  name="lstm_init_value")
            self.lstm_cells = [tf.contrib.rnn.BasicLSTMCell(self.lstm_size, forget_bias=1.0, state_is_tuple=False)
                               for _ in range(self.num_layers)]
            self.lstm = tf.contrib.rnn.MultiRNNCell(self.lstm_cells, state_is_tuple=False)
            rnn_out, self.lstm_new_state = tf.nn.dynamic_rnn(self.lstm, self.xinput,
                                                             initial_state=self.lstm_init_value,
                                                             dtype=tf.float32)
            # dense projection back to the alphabet
            self.rnn_out_W = tf.Variable(tf.random_normal((self.lstm_size, self.out_size), stddev=0.01))
            self.rnn_out_B = tf.Variable(tf.random_normal((self.out_size,), stddev=0.01))
            flat = tf.reshape(rnn_out, [-1, self.lstm_size])
            logits = tf.matmul(flat, self.rnn_out_W) + self.rnn_out_B
            bt_shape = tf.shape(rnn_out)
            self.final_outputs = tf.reshape(tf.nn.softmax(logits), (bt_shape[0], bt_shape[1], self.out_size))

            self.y_batch = tf.placeholder(tf.float32, (None, None, self.out_size))
            y_flat = tf.reshape(self.y_batch, [-1, self.out_size])
            self.cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=y_flat))
            self.train_op = tf.train.RMSPropOptimizer(self.learning_rate, 0.9).minimize(self.cost)

    def run_step(self, x, init_zero_state=True):
        """Feed a single encoded character and return the next-char distribution."""
        if init_zero_state:
            start_state = np.zeros((self.num_layers * 2 * self.lstm_size,))
        else:
            start_state = self.lstm_last_state
        probs, new_state = self.session.run([self.final_outputs, self.lstm_new_state],
                                            feed_dict={self.xinput: [x], self.lstm_init_value: [start_state]})
        self.lstm_last_state = new_state[0]
        return probs[0][0]

    def train_batch(self, xbatch, ybatch):
        """xbatch / ybatch: (batch, steps, alphabet) one-hot arrays."""
        zero_state = np.zeros((xbatch.shape[0], self.num_layers * 2 * self.lstm_size))
        cost, _ = self.session.run([self.cost, self.train_op],
                                   feed_dict={self.xinput: xbatch, self.y_batch: ybatch,
                                              self.lstm_init_value: zero_state})
        return cost


def embed_to_vocab(data_, vocab):
    """Encode a string as a (len(string), len(vocab)) one-hot matrix."""
    encoded = np.zeros((len(data_), len(vocab)))
    row = 0
    for ch in data_:
        onehot = [0.0] * len(vocab)
        onehot[vocab.index(ch)] = 1.0
        encoded[row, :] = onehot
        row += 1
    return encoded


def decode_embed(array, vocab):
    return vocab[array.index(1)]


def load_data(input):
    text = ""
    with open(input, 'r') as fh:
        text += fh.read()
    text = text.lower()
    alphabet = sorted(list(set(text)))
    encoded = embed_to_vocab(text, alphabet)
    return encoded, alphabet


def check_restore_parameters(sess, saver):
    """Resume from the newest checkpoint if one exists."""
    state = tf.train.get_checkpoint_state(os.path.dirname('saved/checkpoint'))
    if state and state.model_checkpoint_path:
        saver.restore(sess, state.model_checkpoint_path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input_file", type=str, default="data/shakespeare.txt", help="Text file to load.")
    ap.add_argument("--test_prefix", type=str, default="The ", help="Prompt used when sampling.")
    ap.add_argument("--ckpt_file", type=str, default="saved/model.ckpt", help="Checkpoint to load.")
    ap.add_argument("--mode", type=str, default="talk", choices=set(("talk", "train")),
                    help="Execution mode: talk or train.")
    args = ap.parse_args()

    ckpt_file = None
    prompt = args.test_prefix
    if args.ckpt_file:
        ckpt_file = args.ckpt_file

    data, vocab = load_data(args.input_file)

    in_size = out_size = len(vocab)
    lstm_size = 256
    num_layers = 2
    batch_size = 64
    time_steps = 100
    NUM_TRAIN_BATCHES = 20000
    LEN_TEST_TEXT = 500

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    sess = tf.InteractiveSession(config=config)
    net = ModelNetwork(in_size=in_size, lstm_size=lstm_size, num_layers=num_layers, out_size=out_size,
                       session=sess, learning_rate=0.003, name="char_rnn_network")
    sess.run(tf.global_variables_initializer())
    saver = tf.train.Saver(tf.global_variables())

    if args.mode == "train":
        check_restore_parameters(sess, saver)
        t_prev = time.time()
        xb = np.zeros((batch_size, time_steps, in_size))
        yb = np.zeros((batch_size, time_steps, in_size))
        starts = range(data.shape[0] - time_steps - 1)

        for step in range(NUM_TRAIN_BATCHES):
            # random windows of time_steps consecutive characters
            offsets = random.sample(starts, batch_size)
            for t in range(time_steps):
                cur = [o + t for o in offsets]
                nxt = [o + t + 1 for o in offsets]
                xb[:, t, :] = data[cur, :]
                yb[:, t, :] = data[nxt, :]

            cst = net.train_batch(xb, yb)
            if (step % 100) == 0:
                t_now = time.time()
                elapsed = t_now - t_prev
                t_prev = t_now
                print("batch: {}  loss: {}  speed: {} batches / s".format(step, cst, 100 / elapsed))
                saver.save(sess, ckpt_file)

    elif args.mode == "talk":
        saver.restore(sess, ckpt_file)
        prompt = prompt.lower()
        for k in range(len(prompt)):
            dist = net.run_step(embed_to_vocab(prompt[k], vocab), k == 0)

        print("Sentence:")
        generated = prompt
        for _ in range(LEN_TEST_TEXT):
            nxt_id = np.random.choice(range(len(vocab)), p=dist)
            generated += vocab[nxt_id]
            dist = net.run_step(embed_to_vocab(vocab[nxt_id], vocab), False)
        print(generated)


if __name__ == "__main__":
    main()
