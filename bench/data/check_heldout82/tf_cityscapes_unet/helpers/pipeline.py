import tensorflow as tf
from helpers.pairs import decode_pair

def make_pipeline(frame_paths, label_paths, batch_size):
    ds = tf.data.Dataset.from_tensor_slices((frame_paths, label_paths))
    ds = ds.map(decode_pair, num_parallel_calls=tf.data.AUTOTUNE)
    ds = ds.batch(batch_size, drop_remainder=True)
    return ds
