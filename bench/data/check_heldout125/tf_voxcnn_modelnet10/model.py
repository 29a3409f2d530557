# -*- coding: utf-8 -*-
"""
cfg dict and a small 3-D conv net

(benchmark copy)

"""
import tensorflow as tf
import os
import sys

cfg = {
    "n_batch": 256,
    "n_classes": 10,
    "n_epoch": 1000,
    "img_W": 30,
    "img_H": 30,
    "img_D": 30,
    "img_C": 1,
    "lr": 1e-4,
    "n_filters": 128,
    "dim_dense": 1024,
    'padding': 'same',
    "keep_prob_ratio": 0.8,
    "fine_tune": False
}

class VoxNet():
    def __init__(self, vox_in, y_in, cfg, keep):
        self.config = cfg
        self.inputs = vox_in
        self.labels = y_in
        self.keep_prob = keep
    
        # 3x3x3 conv at full 30^3
        c1 = tf.layers.conv3d(inputs=self.inputs, filters=16, kernel_size=[3,3,3], padding='same', activation=tf.nn.relu)
        # 3x3x3 conv at full 30^3
        c2 = tf.layers.conv3d(inputs=c1, filters=32, kernel_size=[3,3,3], padding='same', activation=tf.nn.relu)
        # halve to 15^3
        p3 = tf.layers.max_pooling3d(inputs=c2, pool_size=[2, 2, 2], strides=2)
        p3 = tf.nn.dropout(p3, self.keep_prob)

        # 3x3x3 conv at 15^3
        c4 = tf.layers.conv3d(inputs=p3, filters=64, kernel_size=[3,3,3], padding='same', activation=tf.nn.relu)
        # 3x3x3 conv at 15^3
        c5 = tf.layers.conv3d(inputs=c4, filters=128, kernel_size=[3,3,3], padding='same', activation=tf.nn.relu)
        # halve to 7^3
        p6 = tf.layers.max_pooling3d(inputs=c5, pool_size=[2, 2, 2], strides=2)
        p6 = tf.nn.dropout(p6, self.keep_prob)

        bn6 = tf.layers.batch_normalization(inputs=p6, training=True)

        side = int(cfg['img_W'] / 4)
        flat = tf.reshape(bn6, [-1, side*side*side*cfg['n_filters']])
        fc = tf.layers.dense(inputs=flat, units=cfg['dim_dense'], activation=tf.nn.relu)

        logits_np = tf.layers.dense(inputs=fc, units=cfg['n_classes'])
        self.output = logits_np
        self.proba = tf.nn.softmax(logits_np)
        
        hits = tf.equal(tf.argmax(self.proba, 1), tf.argmax(self.labels, 1))
        self.accuracy = tf.reduce_mean(tf.cast(hits, 'float'))
        
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(logits=logits_np, labels=self.labels))
        self.loss = loss
        
        optimizer = tf.train.AdamOptimizer(cfg['lr']).minimize(loss)
        self.train_op = optimizer

        self.saver = tf.train.Saver(var_list=tf.trainable_variables(), max_to_keep=50)

           
    def save(self, session, folder, step):
        fname = 'voxnet.ckpt'
        ckpt_path = os.path.join(folder, fname)
        print('saving weights in {} ...'.format(folder), end="")
        sys.stdout.flush()

        if not os.path.exists(folder):
            os.makedirs(folder)

        self.saver.save(session, ckpt_path, global_step=step)
        print(' saved.')

    def load(self, session, folder):
        print("looking for weights in {} ...".format(folder),
              end="")

        state = tf.train.get_checkpoint_state(folder)
        if state:
            print("  got: {}".format(state.model_checkpoint_path))
            gstep = int(state.model_checkpoint_path
                              .split('/')[-1]
                              .split('-')[-1])
            print("  step: {}".format(gstep))
            print("  loading...", end="")
            self.saver.restore(session, state.model_checkpoint_path)
            print(" loaded.")
            return gstep, session
        else:
            print(" nothing to load.")
            return None, session