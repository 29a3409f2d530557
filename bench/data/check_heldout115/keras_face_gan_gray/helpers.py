import numpy as np

def stretch(arr, lo, hi, arr_lo=None, arr_hi=None):
      if arr_lo is None:
            arr_lo = np.min(arr)
      if arr_hi is None:
            arr_hi = np.max(arr)
      span = arr_hi - arr_lo
      arr = ((arr - arr_lo) / span) * (hi - lo) + lo
      return arr

def log_scalars(cb, keys, vals, step):
      import tensorflow as tf
      """Send scalars to TensorBoard"""
      for key, val in zip(keys, vals):
        summ = tf.Summary()
        entry = summ.value.add()
        entry.simple_value = val
        entry.tag = key
        cb.writer.add_summary(summ, step)
        cb.writer.flush()
