import tensorflow as tf
import tensorflow.nn as nn
import numpy as np
import matplotlib.pyplot as plt
from feature_extract import FeatureParser
from sklearn.metrics import precision_recall_fscore_support

n_iters = 2000

class FeedForward():
    def __init__(self, n_dim, n_classes, lr):
        self.hp = {}
        self.hp['n_dim'] = n_dim
        self.hp['n_classes'] = n_classes
        self.hp['learning_rate'] = lr
        self.hp['std'] = 1 / np.sqrt(n_dim)
        self.hp['h1'] = 500
        self.hp['h2'] = 1000
        self.hp['h3'] = 700

    def train_layers(self, train_x, train_y, test_x, test_y):
        w = {}

        X = tf.placeholder(tf.float32, [None, self.hp['n_dim']])
        Y = tf.placeholder(tf.float32, [None, self.hp['n_classes']])
        keep = tf.placeholder(tf.float32) # dropout keep prob

        w['W1'] = tf.Variable(tf.random_normal([self.hp['n_dim'], self.hp['h1']], mean = 0, stddev=self.hp['std']))
        w['b1'] = tf.Variable(tf.random_normal([self.hp['h1']], mean = 0, stddev=self.hp['std']))
        w['a1'] = nn.sigmoid(tf.matmul(X, w['W1']) + w['b1'])
        w['d1'] = nn.dropout(w['a1'], keep)

        w['W2'] = tf.Variable(tf.random_normal([self.hp['h1'], self.hp['h2']], mean = 0, stddev=self.hp['std']))
        w['b2'] = tf.Variable(tf.random_normal([self.hp['h2']], mean=0, stddev=self.hp['std']))
        w['a2'] = nn.relu(tf.matmul(w['d1'], w['W2']) + w['b2'])
        w['d2'] = nn.dropout(w['a2'], keep)

        w['W3'] = tf.Variable(tf.random_normal([self.hp['h2'], self.hp['h3']], mean = 0, stddev=self.hp['std']))
        w['b3'] = tf.Variable(tf.random_normal([self.hp['h3']], mean=0, stddev=self.hp['std']))
        w['a3'] = nn.tanh(tf.matmul(w['d2'], w['W3']) + w['b3'])
        w['d3'] = nn.dropout(w['a3'], keep)

        w['Wo'] = tf.Variable(tf.random_normal([self.hp['h3'], self.hp['n_classes']], mean=0, stddev=self.hp['std']))
        w['bo'] = tf.Variable(tf.random_normal([self.hp['n_classes']], mean=0, stddev=self.hp['std']))

        probs = nn.softmax(tf.matmul(w['d3'], w['Wo']) + w['bo'])

        xent = tf.reduce_mean(-tf.reduce_sum(Y * tf.log(probs), reduction_indices=[1]))
        step = tf.train.AdamOptimizer(self.hp['learning_rate']).minimize(xent)

        hit = tf.equal(tf.argmax(probs, 1), tf.argmax(Y, 1))
        acc_op = tf.reduce_mean(tf.cast(hit, tf.float32))

        losses = np.empty(shape=[1], dtype=float)
        truth, guess = None, None

        # labels to one-hot rows
        fp = FeatureParser()
        train_y = fp.one_hot_encode(train_y)
        test_y = fp.one_hot_encode(test_y)        

        print('one-hot train labels{}'.format(train_y))

        print('training...')
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for it in range(n_iters):
                _, lval, aval = sess.run([step, xent, acc_op], feed_dict={X:train_x, Y:train_y, keep: 0.5})
                losses = np.append(losses, lval)
                if it % 50 == 0:
                    print('iter', it, 'loss:', lval, 'train acc:', aval)
            
            guess = sess.run(tf.argmax(probs, 1), feed_dict={X: test_x, keep: 1.0})
            truth = sess.run(tf.argmax(test_y, 1))

            print("test accuracy: ", round(sess.run(acc_op, feed_dict={X: test_x, Y: test_y, keep:1.0}), 3))

        fig = plt.figure(figsize=(10, 8))
        plt.plot(losses)
        plt.xlabel('iteration')
        plt.ylabel('loss')
        plt.axis([0, n_iters, 0, np.max(losses)])
        plt.show()

        p, r, f_score, s = precision_recall_fscore_support(truth, guess, average='micro')
        print('F score:', round(f_score, 3))

# conv net over the log-mel windows of the urban sound corpus
class ConvNet():
    def __init__(self, n_dim, n_classes, lr, frames, bands, num_ch, batch_size, k_size, hidden, depth):
        self.hp = {}
        self.hp['n_dim'] = n_dim
        self.hp['n_classes'] = n_classes
        self.hp['learning_rate'] = lr
        self.hp['std'] = 1 / np.sqrt(n_dim)
        self.hp['frames'] = frames
        self.hp['bands'] = bands
        self.hp['num_channels'] = num_ch
        self.hp['batch_size'] = batch_size
        self.hp['k_size'] = k_size
        self.hp['num_hidden'] = hidden
        self.hp['depth'] = depth

    def weight_variable(self, shape):
        init = tf.truncated_normal(shape, stddev=0.1, dtype=tf.float64)
        return tf.Variable(init)

    def bias_variable(self, shape):
        init = tf.constant(1.0, shape = shape)
        return tf.Variable(init)

    def conv2d(self, x, W):
        return nn.conv2d(x, W, strides=[1,2,2,1], padding='SAME')

    def apply_convolution(self, x, k_size, num_ch, depth):
        kern = self.weight_variable([k_size, k_size, num_ch, depth])
        bias = self.bias_variable([depth])
        return nn.relu(tf.add(self.conv2d(x, kern), bias))

    def apply_max_pool(self, x, k_size, stride_size):
        return nn.max_pool(x, k_size=[1, k_size, k_size, 1], strides=[1, stride_size, stride_size, 1], padding='SAME')

    def train_layers(self, train_x, train_y, test_x, test_y):
        X = tf.placeholder(tf.float32, shape=[None, self.hp['bands'], self.hp['frames'], self.hp['num_channels']])
        Y = tf.placeholder(tf.float32, shape=[None, self.hp['n_classes']])

        conv = self.apply_convolution(train_x, self.hp['k_size'], self.hp['num_channels'], self.hp['depth'])

        shp = conv.get_shape().as_list()
        conv_flat = tf.reshape(conv, [-1, shp[1] * shp[2], shp[3]])

        fw = self.weight_variable(shp[1] * shp[2] * self.hp['depth'], self.hp['num_hidden'])
        fb = self.bias_variable([self.hp['num_hidden']])
        hid = nn.sigmoid(tf.add(tf.matmul(conv_flat, fw), fb))

        ow = self.weight_variable([self.hp['num_hidden'], self.hp['n_classes']])
        ob = bias_variable([self.hp['n_classes']])
        probs = nn.softmax(tf.matmul(hid, ow) + ob)

        xent = tf.reduce_mean(-tf.reduce_sum(Y * tf.log(probs), reduction_indices=[1]))
        #xent = -tf.reduce_sum(Y * tf.log(probs))
        step = tf.train.AdamOptimizer(learning_rate=self.hp['learning_rate']).minimize(xent)
        hit = tf.equal(tf.argmax(probs, 1), tf.argmax(Y, 1))
        acc_op = tf.reduce_mean(tf.cast(hit, tf.float32))

        losses = np.empty(shape=[1], dtype=float)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())

            for i in range(n_iters):
                off = (i * self.hp['batch_size']) % (train_y.shape[0] - batch_size)
                bx = train_x[off:(off + batch_size), :, :, :]
                by = train_y[off:(off + batch_size), :]

                _, lval = sess.run([step, xent], feed_dict={X: bx, Y: by})
                losses = np.append(losses, lval)

            print('test accuracy: ', round(sess.run(acc_op, feed_dict={X: test_x, Y: test_y}), 3))
            fig = plt.figure(figsize=(15,10))
            plt.plot(losses)
            plt.axis([0, n_iters, o, np.max(losses)])
            plt.show()
