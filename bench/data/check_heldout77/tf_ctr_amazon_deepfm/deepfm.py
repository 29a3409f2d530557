#coding:utf-8
from __future__ import print_function
import tensorflow as tf
from input import BatchFeeder
import numpy as np
from model import FitMixin

class DeepFM(FitMixin):
    def __init__(self, **kwargs):
        self.uid = tf.placeholder(tf.int32, [None, ])
        self.tid = tf.placeholder(tf.int32, [None, ])
        self.y = tf.placeholder(tf.float32, [None,])
        self.hist_i = tf.placeholder(tf.int32, [None, None])
        self.hist_len = tf.placeholder(tf.int32, [None, ])

        dim = 16
        user_w = tf.get_variable("uid_emb", shape=[kwargs['user_count'], dim])
        item_w = tf.get_variable("tid_emb", shape=[kwargs['item_count'], dim])
        cate_w = tf.get_variable("cate_emb", shape=[kwargs['cate_count'], dim])

        item_cate = tf.convert_to_tensor(kwargs['cate_list'], dtype=tf.int64)


        parts = [
            tf.nn.embedding_lookup(user_w, self.uid),
            tf.nn.embedding_lookup(item_w, self.tid),
            tf.reduce_sum(tf.nn.embedding_lookup(item_w, self.hist_i), axis=1),
            tf.nn.embedding_lookup(cate_w, tf.gather(item_cate, self.tid)),
            tf.reduce_sum(tf.nn.embedding_lookup(cate_w, tf.gather(item_cate, self.hist_i)), axis=1),
        ]
        mlp_in = tf.concat(parts, axis=1)
        mlp_h = tf.layers.dense(inputs=mlp_in, units=64, activation=tf.nn.relu)
        mlp_out = tf.reduce_sum(tf.layers.dense(inputs=mlp_h, units=1, activation=None), axis=1)

        fm_out = tf.reduce_sum( parts[0]* parts[1] + parts[0] *  parts[3] + parts[1] * parts[2] + parts[
            3] * parts[4], axis=1)


        # crossed feature: item x item is too big for one machine, so cate x cate only
        # item_cross_dim = kwargs['item_count'] ** 2
        cross_dim = kwargs['cate_count'] ** 2
        # print(item_cross_dim, cross_dim)

        # item_cross = self.hist_i * self.tid
        cate_cross = tf.gather(item_cate, self.hist_i) * tf.expand_dims(tf.gather(item_cate, self.tid), 1)
        print(cate_cross)
        # item_cross_w = tf.get_variable("item_cross_emb", shape=[item_cross_dim, 1])
        cross_w = tf.get_variable("cate_cross_emb", shape=[cross_dim, 1])
        cross_out = tf.reduce_sum(tf.nn.embedding_lookup(cross_w, cate_cross), axis=[1, 2]) #  + tf.reduce_sum(tf.nn.embedding_lookup(item_cross_w, item_cross), axis=[1, 2])

        self.logits = mlp_out + fm_out + cross_out
        self.loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=self.logits, labels=self.y))

        self.opt = tf.train.AdagradOptimizer(0.1)

        self.global_step = tf.Variable(0, trainable=False, name='grobal_step')
        self.train_op = self.opt.minimize(self.loss, global_step=self.global_step)

        self.auc, self.auc_update_op = tf.metrics.auc(labels=self.y, predictions=tf.nn.sigmoid(self.logits))
