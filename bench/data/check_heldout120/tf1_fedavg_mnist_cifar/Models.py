import os
import tensorflow as tf
import numpy as np
from dataSets import DataSet


class Models(object):
    def __init__(self, arch, x_in):
        self.inputs = x_in
        self.arch = arch
        if self.arch == 'mnist_2nn':
            self.build_mlp(x_in)
        elif self.arch == 'mnist_cnn':
            self.build_mnist_cnn(x_in)
        elif self.arch == 'cifar10_cnn':
            self.build_cifar_cnn(x_in)


    def build_mlp(self, x_in):
        self.fc1 = self.dense(x_in, 784, 200, 'h1')
        self.fc2 = self.dense(self.fc1, 200, 200, 'h2')
        self.outputs = self.dense(self.fc2, 200, 10, 'last_layer', relu=False)

    def build_mnist_cnn(self, x_in):
        self.x_img  = tf.reshape(x_in, [-1, 28, 28, 1])
        self.c1 = self.conv(self.x_img, 1, 5, 1, 1, 32, 'cov1', True, 'SAME')
        self.p1 = self.pool(self.c1, 2, 2, 'pool1')
        self.c2 = self.conv(self.p1, 32, 5, 1, 1, 64, 'cov2', True, 'SAME')
        self.p2 = self.pool(self.c2, 2, 2, 'pool2')
        with tf.variable_scope('transform') as scope:
            self.p2_flat = tf.reshape(self.p2, [-1, 7 * 7 * 64])
        self.fc1 = self.dense(self.p2_flat, 7 * 7 * 64, 512, 'fc1')
        self.outputs = self.dense(self.fc1, 512, 10, 'last_layer', relu=False)

    def build_cifar_cnn(self, x_in):
        self.c1 = self.conv(x_in, 3, 5, 1, 1, 64, 'cov1', True, 'SAME')
        self.p1 = self.pool(self.c1, 3, 2, 'pool1')
        self.c2 = self.conv(self.p1, 64, 5, 1, 1, 64, 'cov2', True, 'SAME')
        self.p2 = self.pool(self.c2, 3, 2, 'pool2')
        with tf.variable_scope('transform') as scope:
            self.p2_flat = tf.reshape(self.p2, [-1, 6 * 6 * 64])
        self.fc1 = self.dense(self.p2_flat, 6 * 6 * 64, 384, 'fc1')
        self.fc2 = self.dense(self.fc1, 384, 192, 'fc2')
        self.outputs = self.dense(self.fc2, 192, 10, 'last_layer', relu=False)


    def dense(self, x_in, n_in, n_out, scope_name, relu=True):
        with tf.variable_scope(scope_name) as scope:
            w = tf.get_variable('weights', shape=[n_in, n_out], dtype=tf.float32, trainable=True)
            b = tf.get_variable('biases', shape=[n_out], dtype=tf.float32, trainable=True)
            pre_act = tf.nn.xw_plus_b(x_in, w, b)

            if relu == True:
                act = tf.nn.relu(pre_act)
                return act
            else:
                return pre_act


    def conv(self, x_in, c_in, k, sy, sx, c_out, scope_name, relu=True, padding='SAME'):
        with tf.variable_scope(scope_name) as scope:
            w = tf.get_variable('weights', shape=[k, k, c_in, c_out],
                                dtype=tf.float32, trainable=True)
            b = tf.get_variable('baises', shape=[c_out], dtype=tf.float32, trainable=True)
            z = tf.nn.conv2d(x_in, w, [1, sy, sx, 1], padding=padding)
            z_b = tf.nn.bias_add(z, b)

            if relu == True:
                act = tf.nn.relu(z_b)
                return act
            else:
                return z_b


    def pool(self, x_in, k, s, scope_name):
        with tf.variable_scope(scope_name) as scope:
            return tf.nn.max_pool(x_in, ksize=[1, k, k, 1], strides=[1, s, s, 1], padding='SAME')





if __name__=='__main__':

    # make the GPUs visible
    os.environ['CUDA_VISIBLE_DEVICES'] = '0,1,2,3,4,5,6,7'

    ds = DataSet('mnist', is_IID=1)

    with tf.variable_scope('inputs') as scope:
        x_ph = tf.placeholder(shape=[None, 784], dtype=tf.float32, name='input_images')
        y_ph = tf.placeholder(shape=[None, 10], dtype=tf.float32, name='true_label')

    mlp = Models('mnist_2nn', x_ph)
    probs = tf.nn.softmax(mlp.outputs)

    with tf.variable_scope('loss') as scope:
        xent = -tf.reduce_mean(y_ph*tf.log(probs), axis=1)

    with tf.variable_scope('train') as scope:
        sgd = tf.train.GradientDescentOptimizer(0.01)
        train_op = sgd.minimize(xent)

    with tf.variable_scope('validation') as scope:
        hits = tf.equal(tf.argmax(probs, axis=1), tf.argmax(y_ph, axis=1))
        acc = tf.reduce_mean(tf.cast(hits, 'float'))

    # ---- quick standalone check ---- #
    with tf.Session(config=tf.ConfigProto(
            log_device_placement=False, \
            allow_soft_placement=True, \
            gpu_options=tf.GPUOptions(allow_growth=True))) as sess:
        sess.run(tf.initialize_all_variables())

        for step in range(1000):
            xb, yb = ds.next_batch(100)
            sess.run(train_op, feed_dict={x_ph: xb, y_ph: yb})
            if step%20 == 0:
                xb = ds.test_data
                yb = ds.test_label
                print(sess.run(acc, feed_dict={x_ph: xb, y_ph: yb}))
