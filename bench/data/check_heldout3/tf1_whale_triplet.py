# source: https://github.com/pavelkrolevets/i_love_whales/blob/285bceaf29aada424868449c8ff7ea007976aa1a/Whale_triplet_upd.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import print_function
import tensorflow as tf
import numpy as np
from sklearn import preprocessing
import pandas as pd

n_epochs = 5
batch_size = 128

train_images = np.load('./data/X_train.npy')

table = pd.read_csv('./data/train.csv')
whale_ids = table['Id']
encoder = preprocessing.LabelEncoder()
train_ids = encoder.fit_transform(whale_ids)


def embed_net(images):
    images = tf.reshape(images, shape=[-1, 100, 100, 1])

    c1 = tf.layers.conv2d(inputs=images, filters=32, kernel_size=[7, 7], padding="same", activation=tf.nn.relu)
    b1 = tf.layers.batch_normalization(c1)
    p1 = tf.layers.max_pooling2d(inputs=b1, pool_size=[2, 2], strides=2)

    c2a = tf.layers.conv2d(inputs=p1, filters=32, kernel_size=[1, 1], padding="same", activation=tf.nn.relu)
    c2 = tf.layers.conv2d(inputs=c2a, filters=64, kernel_size=[3, 3], padding="same", activation=tf.nn.relu)
    b2 = tf.layers.batch_normalization(c2)
    p2 = tf.layers.max_pooling2d(inputs=b2, pool_size=[2, 2], strides=2)

    c3a = tf.layers.conv2d(inputs=p2, filters=32, kernel_size=[1, 1], padding="same", activation=tf.nn.relu)
    c3 = tf.layers.conv2d(inputs=c3a, filters=64, kernel_size=[3, 3], padding="same", activation=tf.nn.relu)
    b3 = tf.layers.batch_normalization(c3)

    c4a = tf.layers.conv2d(inputs=b3, filters=32, kernel_size=[1, 1], padding="same", activation=tf.nn.relu)
    c4 = tf.layers.conv2d(inputs=c4a, filters=64, kernel_size=[3, 3], padding="same", activation=tf.nn.relu)
    b4 = tf.layers.batch_normalization(c4)
    p3 = tf.layers.max_pooling2d(inputs=b4, pool_size=[2, 2], strides=2)

    c5 = tf.layers.conv2d(inputs=p3, filters=64, kernel_size=[3, 3], padding="same", activation=tf.nn.relu)
    p4 = tf.layers.max_pooling2d(inputs=c5, pool_size=[2, 2], strides=2)

    flat = tf.reshape(p4, [-1, 6 * 6 * 64])
    d1 = tf.layers.dense(inputs=flat, units=128, activation=tf.nn.relu)
    r1 = tf.layers.dropout(d1)
    d2 = tf.layers.dense(inputs=r1, units=128, activation=tf.nn.relu)
    r2 = tf.layers.dropout(d2)
    emb = tf.layers.dense(inputs=r2, units=128)
    return tf.nn.l2_normalize(emb, dim=1, epsilon=1e-12)


def triplet_cost(emb, ids):
    per_anchor = tf.contrib.losses.metric_learning.triplet_semihard_loss(ids, emb, margin=1.0)
    return tf.reduce_mean(per_anchor, name='triplet')


def make_step(cost, step):
    tf.summary.scalar("cost", cost)
    lr = tf.train.exponential_decay(0.01, step, 100, 0.9, staircase=True)
    opt = tf.train.AdamOptimizer(lr)
    return opt.minimize(cost, global_step=step)


x_in = tf.placeholder("float", [None, 100, 100, 1], name='x_in')
y_in = tf.placeholder('float', [None], name='y_in')

emb = embed_net(x_in)
tf.identity(emb, name="inference")

cost = triplet_cost(emb, y_in)
step = tf.Variable(0, name='global_step', trainable=False)
step_op = make_step(cost, step)
saver = tf.train.Saver()

images_feed = tf.placeholder(train_images.dtype, train_images.shape)
ids_feed = tf.placeholder(train_ids.dtype, train_ids.shape)

train_ds = tf.data.Dataset.from_tensor_slices((images_feed, ids_feed))
batched = train_ds.batch(batch_size)

iterator = batched.make_initializable_iterator()
next_batch = iterator.get_next()

sess = tf.Session()
sess.run(tf.global_variables_initializer())

with tf.device('/cpu:0'):
    with sess.as_default():
        for epoch in range(n_epochs):
            n_batches = int(train_images.shape[0] / batch_size)
            sess.run(iterator.initializer, feed_dict={images_feed: train_images,
                                                      ids_feed: train_ids})
            for b in range(n_batches):
                bx, by = sess.run(next_batch)
                sess.run(step_op, feed_dict={x_in: bx, y_in: by})
                last_cost = sess.run(cost, feed_dict={x_in: bx, y_in: by})
            saver.save(sess, "model_logs/model-checkpoint", global_step=step, write_meta_graph=True)
