import numpy as np
import tensorflow as tf

from libs.sn import sn_weight


def scope_is_populated(var_scope):
  return len(tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES, scope=var_scope.name)) > 0


def conv_layer(inp, out_ch,
           kh=4, kw=4, sh=2, sw=2, init_std=None,
           scope_name="conv2d", use_sn=False, collect_into=None, return_vars=False, pad_mode="SAME"):
  # He-style init by default
  # std = sqrt(2 / fan-in), suited to ReLU
  n_in = kh * kw * inp.get_shape().as_list()[-1]
  n_out = kh * kw * out_ch
  if init_std is None:
    init_std = np.sqrt(2. / (n_in))

  with tf.variable_scope(scope_name) as var_scope:
    if scope_is_populated(var_scope):
      var_scope.reuse_variables()
    kernel = tf.get_variable("w", [kh, kw, inp.get_shape()[-1], out_ch],
                        initializer=tf.truncated_normal_initializer(stddev=init_std))
    if use_sn:
      conv_out = tf.nn.conv2d(inp, sn_weight(kernel, collect_into=collect_into),
                          strides=[1, sh, sw, 1], padding=pad_mode)
    else:
      conv_out = tf.nn.conv2d(inp, kernel, strides=[1, sh, sw, 1], padding=pad_mode)

    bias_vec = tf.get_variable("b", [out_ch], initializer=tf.constant_initializer(0.0))
    conv_out = tf.reshape(tf.nn.bias_add(conv_out, bias_vec), conv_out.get_shape())

    if return_vars:
      return conv_out, kernel, bias_vec
    else:
      return conv_out


def deconv_layer(inp, out_shape,
             kh=4, kw=4, sh=2, sw=2, init_std=None,
             scope_name="deconv2d", use_sn=False, collect_into=None, return_vars=False, pad_mode="SAME"):
  # same default init as the conv layer
  # std = sqrt(2 / fan-in)
  n_in = kh * kw * inp.get_shape().as_list()[-1]
  n_out = kh * kw * out_shape[-1]
  if init_std is None:
    init_std = np.sqrt(2. / (n_in))

  with tf.variable_scope(scope_name) as var_scope:
    if scope_is_populated(var_scope):
      var_scope.reuse_variables()
    # kernel layout: kh, kw, out channels, in channels
    kernel = tf.get_variable("w", [kh, kw, out_shape[-1], inp.get_shape()[-1]],
                        initializer=tf.truncated_normal_initializer(stddev=init_std))
    if use_sn:
      deconv_out = tf.nn.conv2d_transpose(inp, sn_weight(kernel, collect_into=collect_into),
                                      output_shape=out_shape,
                                      strides=[1, sh, sw, 1], padding=pad_mode)
    else:
      deconv_out = tf.nn.conv2d_transpose(inp, kernel, output_shape=out_shape,
                                      strides=[1, sh, sw, 1], padding=pad_mode)

    bias_vec = tf.get_variable("b", [out_shape[-1]], initializer=tf.constant_initializer(0))
    deconv_out = tf.reshape(tf.nn.bias_add(deconv_out, bias_vec), deconv_out.get_shape())
    if return_vars:
      return deconv_out, kernel, bias_vec
    else:
      return deconv_out


def leaky_act(x, slope=0.1):
  return tf.maximum(x, slope * x)


def dense_layer(inp, out_units, scope_name="linear", use_sn=False, collect_into=None, init_std=None, bias_init=0.0, use_bias=True,
           return_vars=False):
  in_shape = inp.get_shape().as_list()

  if init_std is None:
    init_std = np.sqrt(1. / (in_shape[1]))
  with tf.variable_scope(scope_name) as var_scope:
    if scope_is_populated(var_scope):
      var_scope.reuse_variables()
    kernel = tf.get_variable("w", [in_shape[1], out_units], tf.float32,
                             tf.truncated_normal_initializer(stddev=init_std))
    if use_bias:
      bias_vec = tf.get_variable("b", [out_units],
                             initializer=tf.constant_initializer(bias_init))
    if use_sn:
      prod = tf.matmul(inp, sn_weight(kernel, collect_into=collect_into))
    else:
      prod = tf.matmul(inp, kernel)
    if return_vars:
      if use_bias:
        return prod + bias_vec, kernel, bias_vec
      else:
        return prod, kernel, None
    else:
      if use_bias:
        return prod + bias_vec
      else:
        return prod


def bn_layer(inp, train_mode=True, decay_rate=0.9, eps=2e-5, inline_update=True, scope_name="batch_norm"):
  if inline_update:
    return tf.contrib.layers.batch_norm(inp,
                                        decay=decay_rate,
                                        center=True,
                                        scale=True,
                                        epsilon=eps,
                                        updates_collections=None,
                                        is_training=train_mode,
                                        scope=scope_name)
  else:
    return tf.contrib.layers.batch_norm(inp,
                                        decay=decay_rate,
                                        center=True,
                                        scale=True,
                                        epsilon=eps,
                                        is_training=train_mode,
                                        scope=scope_name)


def add_noise(inp, init_std):
    jitter = tf.random_normal(shape=tf.shape(inp), mean=0.0, stddev=init_std, dtype=tf.float32)
    return inp + jitter
