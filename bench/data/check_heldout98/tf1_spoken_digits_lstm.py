import librosa
from os import listdir
import numpy as np
from sklearn.model_selection import train_test_split
import tensorflow as tf


def read_clips(folder):
    names = listdir(folder)
    feats = []
    for name in names:
        wave, rate = librosa.load(folder + name)
        feats.append(librosa.feature.mfcc(wave, sr=rate))
    return np.array(feats)


ones = read_clips('./voice_123/one/')
twos = read_clips('./voice_123/two/')
threes = read_clips('./voice_123/three/')
feats = np.concatenate((ones, twos, threes), axis=0)
feats.shape
is_one = np.concatenate((np.ones(10), np.zeros(10), np.zeros(10)))
is_two = np.concatenate((np.zeros(10), np.ones(10), np.zeros(10)))
is_three = np.concatenate((np.zeros(10), np.zeros(10), np.ones(10)))
targets = np.concatenate((is_one[:, None], is_two[:, None], is_three[:, None]), axis=1)
fx, tx, fy, ty = train_test_split(feats, targets, test_size=0.1, random_state=42)
fx = fx.swapaxes(1,0)
tx = tx.swapaxes(1,0)
fy.shape
x_ph = tf.placeholder(dtype=tf.float32,shape=[None, None, 87])
y_ph = tf.placeholder(dtype=tf.float32, shape=[None, 3])


def unrolled_lstm(seq, n_out, n_hidden, n_steps):
    last = tf.Variable((0, 0), trainable=False, validate_shape=False, dtype=tf.float32)
    cell = tf.nn.rnn_cell.LSTMCell(n_hidden, activation="tanh")
    carry = cell.zero_state(batch_size=n_out, dtype=tf.float32)
    for t in range(n_steps):
        last, carry = cell(seq[t], carry)
    return last


net = unrolled_lstm(x_ph, 27, 256, 20)
net = tf.layers.dense(net, 128, activation='relu')
net = tf.layers.dense(net, 64, activation='relu')
net = tf.layers.dense(net, 32, activation='relu')
net = tf.layers.dense(net, 3, activation='relu')

xent = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_ph, logits=net))
step_op = tf.train.AdamOptimizer(learning_rate=0.0001).minimize(xent)
init_op = tf.global_variables_initializer()

with tf.Session() as sess:
    sess.run(init_op)
    for it in range(2000):
        _, obj = sess.run([step_op,xent], feed_dict={x_ph: fx, y_ph:fy})
        if it%2 == 0:
            same = tf.equal(tf.argmax(net,1),tf.argmax(y_ph,1))
            acc = tf.reduce_mean(tf.cast(same,tf.float32))
            print('step {}'.format(it))
            print('loss: ', str(obj))
            print('train accuracy:')
            print(sess.run(acc,feed_dict={x_ph: fx, y_ph: fy}))
