import numpy as np
from math import ceil

from libs.ops import *

def same_pad_out(dim, step):
  return int(ceil(float(dim) / float(step)))

class ConvGenerator(object):
  def __init__(self, noise_dim=128, batch_size=64, inner_act=tf.nn.relu, final_act=tf.nn.tanh, with_bn=True, noise_kind='normal', scope_label='generator', image_size_height=128, image_size_width=128, step=2, drop_rate=None, **kwargs):
    self.noise_dim = noise_dim
    self.n_batch = batch_size
    self.inner_act = inner_act
    self.final_act = final_act
    self.with_bn = with_bn
    self.noise_kind = noise_kind
    self.scope_label = scope_label
    self.img_h = image_size_height
    self.img_w = image_size_width
    self.step = step
    self.drop_rate = drop_rate

  def __call__(self, z, y=None, step=2, train_mode=True, **kwargs):
    with tf.variable_scope(self.scope_label):
      full_h, full_w = self.img_h, self.img_w
      half_h, half_w = same_pad_out(full_h, 2), same_pad_out(full_w, 2)
      quarter_h, quarter_w = same_pad_out(half_h, 2), same_pad_out(half_w, 2)
      eighth_h, eighth_w = same_pad_out(quarter_h, 2), same_pad_out(quarter_w, 2)

      if self.with_bn:
        if y is not None:
          gen_in = tf.concat(axis=1, values=[z, y])
        else:
          gen_in = z

        if self.drop_rate:
          gen_in = tf.layers.dropout(gen_in, rate=self.drop_rate)

        fc0  = self.inner_act(bn_layer(dense_layer(gen_in, eighth_h * eighth_w * 512, scope_name='l0', init_std=0.02), scope_name='bn0', train_mode=train_mode))
        fc0  = tf.reshape(fc0, [self.n_batch, eighth_h, eighth_w, 512])
        if self.drop_rate:
          fc0 = tf.layers.dropout(fc0, rate=self.drop_rate)

        up1 = self.inner_act(bn_layer(deconv_layer( fc0, [self.n_batch,  quarter_h, quarter_w, 256], scope_name='dc1', init_std=0.02), scope_name='bn1', train_mode=train_mode))
        if self.drop_rate:
          up1 = tf.layers.dropout(up1, rate=self.drop_rate)

        up2 = self.inner_act(bn_layer(deconv_layer(up1, [self.n_batch, half_h, half_w, 128], scope_name='dc2', init_std=0.02), scope_name='bn2', train_mode=train_mode))
        if self.drop_rate:
          up2 = tf.layers.dropout(up2, rate=self.drop_rate)

        up3 = self.inner_act(bn_layer(deconv_layer(up2, [self.n_batch, full_h, full_w,  64], scope_name='dc3', init_std=0.02), scope_name='bn3', train_mode=train_mode))
        if self.drop_rate:
          up3 = tf.layers.dropout(up3, rate=self.drop_rate)

        up4 = self.final_act(deconv_layer(up3, [self.n_batch, full_h, full_w, 3], 3, 3, 1, 1, scope_name='dc4', init_std=0.02))
        if self.drop_rate:
          up4 = tf.layers.dropout(up4, rate=self.drop_rate)

      else:
        fc0  = self.inner_act(dense_layer(z, 4 * 4 * 512, scope_name='l0', init_std=0.02))
        fc0  = tf.reshape(fc0, [self.n_batch, 4, 4, 512])
        up1 = self.inner_act(deconv_layer(fc0, [self.n_batch, 8, 8, 256], scope_name='dc1', init_std=0.02))
        up2 = self.inner_act(deconv_layer(up1, [self.n_batch, 16, 16, 128], scope_name='dc2', init_std=0.02))
        up3 = self.inner_act(deconv_layer(up2, [self.n_batch, 32, 32, 64], scope_name='dc3', init_std=0.02))
        up4 = self.final_act(deconv_layer(up3, [self.n_batch, 32, 32, 3], 3, 3, 1, 1, scope_name='dc4', init_std=0.02))

      x = up4
    return x

  def sample_noise(self):
    if self.noise_kind == 'normal':
      return np.random.randn(self.n_batch, self.noise_dim).astype(np.float32)
    elif self.noise_kind == 'uniform' :
      return np.random.uniform(-1, 1, (self.n_batch, self.noise_dim)).astype(np.float32)
    else:
      raise NotImplementedError


class SNCritic(object):
  def __init__(self, batch_size=64, inner_act=leaky_act, n_logits=1, scope_label='critic', use_sn=True, noise_std=None, drop_rate=None, **kwargs):
    self.n_batch = batch_size
    self.inner_act = inner_act
    self.n_logits = n_logits
    self.scope_label = scope_label
    self.use_sn = use_sn
    self.noise_std = noise_std
    self.drop_rate = drop_rate

  def __call__(self, x, y=None, z=None, collect_into=tf.GraphKeys.UPDATE_OPS, **kwargs):
    with tf.variable_scope(self.scope_label):

      if self.noise_std:
        x = add_noise(x, init_std=self.noise_std)

      if self.drop_rate:
        x = tf.layers.dropout(x, rate=self.drop_rate)

      h0a = conv_layer(   x,  64, 3, 3, 1, 1, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c0_0')
      if y is not None:
        h0a = tf.concat([h0a, tf.tile(tf.reshape(y, [-1, 1, 1, y.get_shape().as_list()[-1]]),
                                                                [1, tf.shape(h0a)[1], tf.shape(h0a)[2], 1])], axis=3)
      h0a = self.inner_act(h0a)

      if self.drop_rate:
        h0a = tf.layers.dropout(h0a, rate=self.drop_rate)

      h0b = self.inner_act(conv_layer(h0a, 128, 4, 4, 2, 2, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c0_1'))
      if self.drop_rate:
        h0b = tf.layers.dropout(h0b, rate=self.drop_rate)

      h1a = self.inner_act(conv_layer(h0b, 128, 3, 3, 1, 1, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c1_0'))
      if self.drop_rate:
        h1a = tf.layers.dropout(h1a, rate=self.drop_rate)
      h1b = self.inner_act(conv_layer(h1a, 256, 4, 4, 2, 2, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c1_1'))
      if self.drop_rate:
        h1b = tf.layers.dropout(h1b, rate=self.drop_rate)

      h2a = self.inner_act(conv_layer(h1b, 256, 3, 3, 1, 1, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c2_0'))
      if self.drop_rate:
        h2a = tf.layers.dropout(h2a, rate=self.drop_rate)
      h2b = self.inner_act(conv_layer(h2a, 512, 4, 4, 2, 2, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c2_1'))
      if self.drop_rate:
        h2b = tf.layers.dropout(h2b, rate=self.drop_rate)

      h3a = self.inner_act(conv_layer(h2b, 512, 3, 3, 1, 1, use_sn=self.use_sn, collect_into=collect_into, init_std=0.02, scope_name='c3_0'))
      h3a = tf.reshape(h3a, [self.n_batch, -1])
      if y is not None:
        h3a = tf.concat(axis=1, values=[h3a, y])
      if self.drop_rate:
        h3a = tf.layers.dropout(h3a, rate=self.drop_rate)

      logit_out = dense_layer(h3a, self.n_logits, use_sn=True, collect_into=collect_into, init_std=0.02, scope_name='l4')
      if self.drop_rate:
        logit_out = tf.layers.dropout(logit_out, rate=self.drop_rate)

    return tf.reshape(logit_out, [-1])
