from __future__ import print_function
import sklearn as sk
import tensorflow as tf
import numpy as np,numpy
from tensorflow.contrib import rnn
from sklearn.utils import shuffle
import os
import pandas as pd


# ---- windowed CSI container (cross_vali_input_data.py) ----
class CsiWindows(object):
    def __init__(self, images_in, labels_in, unused_fake=False):
        assert images_in.shape[0] == labels_in.shape[0], (
                "images %s vs labels %s" % (images_in.shape,
                                                        labels_in.shape))
        self._n = images_in.shape[0]
        images_in = images_in.reshape(images_in.shape[0],
                                images_in.shape[1] * images_in.shape[2])
        self._imgs = images_in
        self._lbls = labels_in
        self._epochs_done = 0
        self._cursor = 0
    @property
    def all_images(self):
        return self._imgs
    @property
    def all_labels(self):
        return self._lbls

    def take_batch(self, batch_len, unused_fake=False):
        lo = self._cursor
        self._cursor += batch_len
        if self._cursor > self._n:
            # one pass over the data is done
            self._epochs_done += 1
            # reorder randomly
            order = numpy.arange(self._n)
            numpy.random.shuffle(order)
            self._imgs = self._imgs[order]
            self._lbls = self._lbls[order]
            # restart at the front
            lo = 0
            self._cursor = batch_len
            assert batch_len <= self._n
        hi = self._cursor
        return self._imgs[lo:hi], self._lbls[lo:hi]

def read_activity_csvs():
    x_by_act = {}
    y_by_act = {}
    print("reading the activity CSV files")

    for i in ["bed", "fall", "pickup", "run", "sitdown", "standup", "walk"]:
        KEEP_EVERY = 2 #keep every second window (less overlap)
        n_rows = sum(1 for ln in open("./input_files/xx_1000_60_" + str(i) + ".csv"))
        rows_skipped = [x_in for x_in in range(1, n_rows) if x_in % KEEP_EVERY !=0]

        x_arr = np.array(pd.read_csv("./input_files/xx_1000_60_" + str(i) + ".csv", header=None, skiprows = rows_skipped))
        y_arr = np.array(pd.read_csv("./input_files/yy_1000_60_" + str(i) + ".csv", header=None, skiprows = rows_skipped))

        # drop windows labelled as no activity
        hit_rows, hit_cols = np.where(y_arr>0)
        x_arr = np.delete(x_arr, hit_rows[ np.where(hit_cols==0)],0)
        y_arr = np.delete(y_arr, hit_rows[ np.where(hit_cols==0)],0)

        x_arr = x_arr.reshape(len(x_arr),1000,90)

        # halve the sampling rate
        x_arr = x_arr[:,::2,:90]

        x_by_act[str(i)] = x_arr
        y_by_act[str(i)] = y_arr

        print(str(i), "read:", "x", x_arr.shape, "y",  y_arr.shape)

    return x_by_act["bed"], x_by_act["fall"], x_by_act["pickup"], x_by_act["run"], x_by_act["sitdown"], x_by_act["standup"], x_by_act["walk"], \
        y_by_act["bed"], y_by_act["fall"], y_by_act["pickup"], y_by_act["run"], y_by_act["sitdown"], y_by_act["standup"], y_by_act["walk"]


# ---- k-fold LSTM training (main script) ----
win_len = 500
thresh_pct = 60

# optimisation settings
lr_rate = 0.0001
max_steps = 2000
batch_len = 200
log_every = 100

# network shape
n_feat = 90 # CSI subcarrier values per time step
n_time = win_len # time steps per window
n_units = 200 # LSTM units
n_out = 7 # activity classes

# where results go
OUT_DIR_FMT = "LR{0}_BATCHSIZE{1}_NHIDDEN{2}/"
out_folder = OUT_DIR_FMT.format(lr_rate, batch_len, n_units)
if not os.path.exists(out_folder):
    os.makedirs(out_folder)

# graph inputs
x_in = tf.placeholder("float", [None, n_time, n_feat])
y_in = tf.placeholder("float", [None, n_out])

# output layer parameters
w_params = {
    'out': tf.Variable(tf.random_normal([n_units, n_out]))
}
b_params = {
    'out': tf.Variable(tf.random_normal([n_out]))
}

def lstm_logits(x_in, w_params, b_params):
    # time-major layout
    x_in = tf.transpose(x_in, [1, 0, 2])
    # flatten time and batch
    x_in = tf.reshape(x_in, [-1, n_feat])
    # one tensor per time step
    x_in = tf.split(x_in, n_time, 0)

    # LSTM cell
    cell = rnn.BasicLSTMCell(n_units, forget_bias=1.0)

    # run the unrolled RNN
    seq_out, _state = rnn.static_rnn(cell, x_in, dtype=tf.float32)

    return tf.matmul(seq_out[-1], w_params['out']) + b_params['out']

##### graph and folds #####
logits_t = lstm_logits(x_in, w_params, b_params)

ce_cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits = logits_t, labels = y_in))
train_optimizer_op = tf.train.AdamOptimizer(learning_rate=lr_rate).minimize(ce_cost)

hits = tf.equal(tf.argmax(logits_t,1), tf.argmax(y_in,1))
acc_op = tf.reduce_mean(tf.cast(hits, tf.float32))

init_op = tf.global_variables_initializer()
fold_scores = []
conf_total = [[0 for i in range(7)] for jj in range(7)]

#read the CSVs
bed_x, fall_x, pickup_x, run_x, sitdown_x, standup_x, walk_x, \
bed_y, fall_y, pickup_y, run_y, sitdown_y, standup_y, walk_y = read_activity_csvs()

#shuffle each activity
bed_x, bed_y = shuffle(bed_x, bed_y, random_state=0)
fall_x, fall_y = shuffle(fall_x, fall_y, random_state=0)
pickup_x, pickup_y = shuffle(pickup_x, pickup_y, random_state=0)
run_x, run_y = shuffle(run_x, run_y, random_state=0)
sitdown_x, sitdown_y = shuffle(sitdown_x, sitdown_y, random_state=0)
standup_x, standup_y = shuffle(standup_x, standup_y, random_state=0)
walk_x, walk_y = shuffle(walk_x, walk_y, random_state=0)

#number of folds
n_folds = 10

# session
with tf.Session() as session:
    for i in range(n_folds):

        train_loss_hist = []
        train_acc_hist = []
        val_loss_hist = []
        val_acc_hist = []

        #rotate each activity by one fold
        bed_x = np.roll(bed_x, int(len(bed_x) / n_folds), axis=0)
        bed_y = np.roll(bed_y, int(len(bed_y) / n_folds), axis=0)
        fall_x = np.roll(fall_x, int(len(fall_x) / n_folds), axis=0)
        fall_y = np.roll(fall_y, int(len(fall_y) / n_folds), axis=0)
        pickup_x = np.roll(pickup_x, int(len(pickup_x) / n_folds), axis=0)
        pickup_y = np.roll(pickup_y, int(len(pickup_y) / n_folds), axis=0)
        run_x = np.roll(run_x, int(len(run_x) / n_folds), axis=0)
        run_y = np.roll(run_y, int(len(run_y) / n_folds), axis=0)
        sitdown_x = np.roll(sitdown_x, int(len(sitdown_x) / n_folds), axis=0)
        sitdown_y = np.roll(sitdown_y, int(len(sitdown_y) / n_folds), axis=0)
        standup_x = np.roll(standup_x, int(len(standup_x) / n_folds), axis=0)
        standup_y = np.roll(standup_y, int(len(standup_y) / n_folds), axis=0)
        walk_x = np.roll(walk_x, int(len(walk_x) / n_folds), axis=0)
        walk_y = np.roll(walk_y, int(len(walk_y) / n_folds), axis=0)

        #fold split
        train_x_csi = np.r_[bed_x[int(len(bed_x) / n_folds):], fall_x[int(len(fall_x) / n_folds):], pickup_x[int(len(pickup_x) / n_folds):], \
                        run_x[int(len(run_x) / n_folds):], sitdown_x[int(len(sitdown_x) / n_folds):], standup_x[int(len(standup_x) / n_folds):], walk_x[int(len(walk_x) / n_folds):]]

        train_y_csi = np.r_[bed_y[int(len(bed_y) / n_folds):], fall_y[int(len(fall_y) / n_folds):], pickup_y[int(len(pickup_y) / n_folds):], \
                        run_y[int(len(run_y) / n_folds):], sitdown_y[int(len(sitdown_y) / n_folds):], standup_y[int(len(standup_y) / n_folds):], walk_y[int(len(walk_y) / n_folds):]]

        train_y_csi = train_y_csi[:,1:]

        val_x_csi = np.r_[bed_x[:int(len(bed_x) / n_folds)], fall_x[:int(len(fall_x) / n_folds)], pickup_x[:int(len(pickup_x) / n_folds)], \
                        run_x[:int(len(run_x) / n_folds)], sitdown_x[:int(len(sitdown_x) / n_folds)], standup_x[:int(len(standup_x) / n_folds)], walk_x[:int(len(walk_x) / n_folds)]]

        val_y_csi = np.r_[bed_y[:int(len(bed_y) / n_folds)], fall_y[:int(len(fall_y) / n_folds)], pickup_y[:int(len(pickup_y) / n_folds)], \
                        run_y[:int(len(run_y) / n_folds)], sitdown_y[:int(len(sitdown_y) / n_folds)], standup_y[:int(len(standup_y) / n_folds)], walk_y[:int(len(walk_y) / n_folds)]]

        val_y_csi = val_y_csi[:,1:]

        #wrap in batch iterators
        train_windows = CsiWindows(train_x_csi, train_y_csi)
        val_windows = CsiWindows(val_x_csi, val_y_csi)
        print(train_x_csi.shape, train_y_csi.shape, val_x_csi.shape, val_y_csi.shape)
        ckpt_saver = tf.train.Saver()
        session.run(init_op)
        step_i = 1

        # step until the budget runs out
        while step_i < max_steps:
            batch_xs, batch_ys = train_windows.take_batch(batch_len)
            val_x_all = val_windows.all_images[:]
            val_y_all = val_windows.all_labels[:]
            batch_xs = batch_xs.reshape((batch_len, n_time, n_feat))
            val_x_all = val_x_all.reshape((-1, n_time, n_feat))
            # one optimiser step
            session.run(train_optimizer_op, feed_dict={x_in: batch_xs, y_in: batch_ys})

            # accuracy on the batch
            batch_acc = session.run(acc_op, feed_dict={x_in: batch_xs, y_in: batch_ys})
            val_acc = session.run(acc_op, feed_dict={x_in: val_x_all, y_in: val_y_all})
            # loss on the batch
            batch_loss = session.run(ce_cost, feed_dict={x_in: batch_xs, y_in: batch_ys})
            val_loss = session.run(ce_cost, feed_dict={x_in: val_x_all, y_in: val_y_all})

            train_acc_hist.append(batch_acc)
            train_loss_hist.append(batch_loss)
            val_acc_hist.append(val_acc)
            val_loss_hist.append(val_loss)

            if step_i % log_every == 0:
                print("step " + str(step_i) + ", batch loss " + "{:.6f}".format(batch_loss) +
                      ", held-out acc " + "{:.5f}".format(val_acc))
            step_i += 1

        fold_scores.append(val_acc * 100)
        y_hat_op = tf.argmax(logits_t, 1)
        val_acc_final, y_hat = session.run([acc_op, y_hat_op], feed_dict={x_in: val_x_all, y_in: val_y_all})
        y_ref = np.argmax(val_y_all,1)
        conf_fold = sk.metrics.confusion_matrix(y_ref, y_hat)
        conf_total = conf_total + conf_fold

    print("all folds done")
    print("%.1f%% (+/- %.1f%%)" % (np.mean(fold_scores), np.std(fold_scores)))
    ckpt_saver.save(session, out_folder + "model.ckpt")

    np.savetxt(out_folder + "confusion_matrix.txt", conf_total, delimiter=",", fmt='%d')
    np.savetxt(out_folder + "accuracy.txt", (np.mean(fold_scores), np.std(fold_scores)), delimiter=".", fmt='%.1f')
