import jax.numpy as jnp
import tensorflow_datasets as tfds     # TFDS provides the digits

def MNIST():
  """Read the MNIST splits fully into memory."""
  builder = tfds.builder('mnist')
  builder.download_and_prepare()
  tr = tfds.as_numpy(builder.as_dataset(split='train', batch_size=-1))
  te = tfds.as_numpy(builder.as_dataset(split='test', batch_size=-1))
  tr['image'] = jnp.float32(tr['image']) / 255.
  te['image'] = jnp.float32(te['image']) / 255.
  
  return tr, te
