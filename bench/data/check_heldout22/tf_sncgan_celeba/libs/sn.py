import tensorflow as tf
import warnings


SKIP_UPDATE = 'NO_OPS'


def _unit_norm(vec, tiny=1e-12):
  return vec / (tf.reduce_sum(vec ** 2) ** 0.5 + tiny)


def sn_weight(kernel, u_vec=None, n_power_steps=1, collect_into=None, return_sigma=False):
  # one power step per call is normally sufficient
  kernel_dims = kernel.shape.as_list()
  kernel_2d = tf.reshape(kernel, [-1, kernel_dims[-1]])
  if u_vec is None:
    u_vec = tf.get_variable("u", [1, kernel_dims[-1]], initializer=tf.truncated_normal_initializer(), trainable=False)
  def power_step(step, u_cur, v_cur):
    v_next = _unit_norm(tf.matmul(u_cur, tf.transpose(kernel_2d)))
    u_next = _unit_norm(tf.matmul(v_next, kernel_2d))
    return step + 1, u_next, v_next
  _, u_last, v_last = tf.while_loop(
    cond=lambda step, _1, _2: step < n_power_steps,
    body=power_step,
    loop_vars=(tf.constant(0, dtype=tf.int32),
               u_vec, tf.zeros(dtype=tf.float32, shape=[1, kernel_2d.shape.as_list()[0]]))
  )
  if collect_into is None:
    warnings.warn('With no collection given, u is refreshed each time the kernel is evaluated, which'
                  ' may be unwanted; pass a collection to control it.')
    top_sv = tf.matmul(tf.matmul(v_last, kernel_2d), tf.transpose(u_last))[0, 0]
    # (equivalent: sum of (u W^T) * v)
    kernel_sn = kernel_2d / top_sv
    with tf.control_dependencies([u_vec.assign(u_last)]):
      kernel_sn = tf.reshape(kernel_sn, kernel_dims)
  else:
    top_sv = tf.matmul(tf.matmul(v_last, kernel_2d), tf.transpose(u_last))[0, 0]
    # (equivalent: sum of (u W^T) * v)
    kernel_sn = kernel_2d / top_sv
    kernel_sn = tf.reshape(kernel_sn, kernel_dims)
    # the NO_OPS marker skips registering the u update, e.g. on the critic's second
    # call when the first one already registered it.
    if collect_into != SKIP_UPDATE:
      tf.add_to_collection(collect_into, u_vec.assign(u_last))
  if return_sigma:
    return kernel_sn, top_sv
  else:
    return kernel_sn
