import tensorflow as tf
import tensorflow_datasets as tfds
import jax.numpy as jnp

class DigitStream(object):
    def __init__(self, batch_size, shuffle=False):
        self.batch_size = batch_size
        self.cache_dir = '/tmp/tfds'

    def train_batches(self):
        # as_supervised=True yields (image, label) pairs rather than dicts
        ds = tfds.load(name='mnist', split='train', as_supervised=True, data_dir=self.cache_dir)
        # per-example scaling inside the tf.data graph
        ds = ds.map(self.scale)
        ds = ds.batch(self.batch_size).prefetch(1)
        # hand batches to JAX as NumPy arrays
        return tfds.as_numpy(ds)

    def scale(self, image, label):
        """uint8 pixels -> float32 in [-1, 1]."""
        return (tf.cast(image, tf.float32) / 127.5 - 1.0), label
