from patch_utils import (
  load_h5, 
  build_patches, 
  write_image,
  stitch
)

import time
import os
import matplotlib.pyplot as plt

import numpy as np
import tensorflow as tf

try:
  xrange
except:
  xrange = range

class SRCNN(object):

  def __init__(self, 
               sess, 
               image_size=33,
               label_size=21, 
               batch_size=128,
               c_dim=1, 
               checkpoint_dir=None, 
               sample_dir=None):

    self.sess = sess
    self.is_grayscale = (c_dim == 1)
    self.image_size = image_size
    self.label_size = label_size
    self.batch_size = batch_size

    self.c_dim = c_dim

    self.checkpoint_dir = checkpoint_dir
    self.sample_dir = sample_dir
    self.build_model()

  def build_model(self):
    self.images = tf.placeholder(tf.float32, [None, self.image_size, self.image_size, self.c_dim], name='images')
    self.labels = tf.placeholder(tf.float32, [None, self.label_size, self.label_size, self.c_dim], name='labels')
    
    self.weights = {
      'w1': tf.Variable(tf.random_normal([9, 9, 1, 64], stddev=1e-3), name='w1'),
      'w2': tf.Variable(tf.random_normal([1, 1, 64, 32], stddev=1e-3), name='w2'),
      'w3': tf.Variable(tf.random_normal([5, 5, 32, 1], stddev=1e-3), name='w3')
    }
    self.biases = {
      'b1': tf.Variable(tf.zeros([64]), name='b1'),
      'b2': tf.Variable(tf.zeros([32]), name='b2'),
      'b3': tf.Variable(tf.zeros([1]), name='b3')
    }

    self.pred = self.model()

    # mean squared error
    self.loss = tf.reduce_mean(tf.square(self.labels - self.pred))

    self.saver = tf.train.Saver()

  def train(self, cfg):
    if cfg.is_train:
      build_patches(self.sess, cfg)
    else:
      rows, cols = build_patches(self.sess, cfg)

    if cfg.is_train:     
      h5_path = os.path.join('./{}'.format(cfg.checkpoint_dir), "train.h5")
    else:
      h5_path = os.path.join('./{}'.format(cfg.checkpoint_dir), "test.h5")

    inputs, targets = load_h5(h5_path)

    # plain SGD as in the paper
    self.train_op = tf.train.GradientDescentOptimizer(cfg.learning_rate).minimize(self.loss)

    tf.initialize_all_variables().run()
    
    n_steps = 0
    t0 = time.time()

    if self.load(self.checkpoint_dir):
      print(" restored weights")
    else:
      print(" no weights to restore")

    if cfg.is_train:
      print("training")

      for ep in xrange(cfg.epoch):
        # slice the arrays into batches
        n_batches = len(inputs) // cfg.batch_size
        for b in xrange(0, n_batches):
          xb = inputs[b*cfg.batch_size : (b+1)*cfg.batch_size]
          yb = targets[b*cfg.batch_size : (b+1)*cfg.batch_size]

          n_steps += 1
          _, err = self.sess.run([self.train_op, self.loss], feed_dict={self.images: xb, self.labels: yb})

          if n_steps % 10 == 0:
            print("epoch [%2d] step [%2d] time [%4.4f] loss [%.8f]" \
              % ((ep+1), n_steps, time.time()-t0, err))

          if n_steps % 500 == 0:
            self.save(cfg.checkpoint_dir, n_steps)

    else:
      print("testing")

      out = self.pred.eval({self.images: inputs, self.labels: targets})

      out = stitch(out, [rows, cols])
      out = out.squeeze()
      out_path = os.path.join(os.getcwd(), cfg.sample_dir)
      out_path = os.path.join(out_path, "test_image.png")
      write_image(out, out_path)

  def model(self):
    h1 = tf.nn.relu(tf.nn.conv2d(self.images, self.weights['w1'], strides=[1,1,1,1], padding='VALID') + self.biases['b1'])
    h2 = tf.nn.relu(tf.nn.conv2d(h1, self.weights['w2'], strides=[1,1,1,1], padding='VALID') + self.biases['b2'])
    h3 = tf.nn.conv2d(h2, self.weights['w3'], strides=[1,1,1,1], padding='VALID') + self.biases['b3']
    return h3

  def save(self, ckpt_root, step):
    fname = "SRCNN.model"
    sub = "%s_%s" % ("srcnn", self.label_size)
    ckpt_root = os.path.join(ckpt_root, sub)

    if not os.path.exists(ckpt_root):
        os.makedirs(ckpt_root)

    self.saver.save(self.sess,
                    os.path.join(ckpt_root, fname),
                    global_step=step)

  def load(self, ckpt_root):
    print(" looking for weights")
    sub = "%s_%s" % ("srcnn", self.label_size)
    ckpt_root = os.path.join(ckpt_root, sub)

    state = tf.train.get_checkpoint_state(ckpt_root)
    if state and state.model_checkpoint_path:
        base = os.path.basename(state.model_checkpoint_path)
        self.saver.restore(self.sess, os.path.join(ckpt_root, base))
        return True
    else:
        return False
