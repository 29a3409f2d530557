# streams image files through tf.data
import tensorflow as tf
import numpy as np
AUTOTUNE = tf.data.experimental.AUTOTUNE
import settings as S

class PathFeeder:

# keep the list of file paths and the batching options
  def __init__(self, paths, side, batch=8, shuffle_buf=1024):
    self.paths = paths
    self.side = side
    self.batch = batch
    self.shuffle_buf = shuffle_buf

# number of files
  def __len__(self):
    return len(self.paths)

# read one file and decode it to float pixels
  @staticmethod
  def load(path):
    raw = tf.io.read_file(path)
    raw = tf.image.decode_image(raw, channels=3)
    raw.set_shape([None, None,3])
    raw = tf.cast(raw, dtype=tf.float32)
    return raw

# bicubic resize, then scale into [0, 1]
  @staticmethod
  def fit_and_scale(pic, side):
    out = tf.image.resize(pic, [side, side], 'bicubic')
    out = out/255.0
    return out

# add integer-valued noise
  @staticmethod
  def corrupt(clean):
    lo = 0
    hi = S.sigma
    jitter = np.random.randint(lo, hi, clean.shape)
    dirty = clean + jitter/255.0
    dirty = tf.clip_by_value(dirty, 0.0, 1.0)
    return dirty

# one (noisy, clean) pair per path
  @tf.function
  def pair(self, path):
    pic = self.load(path)
    target = self.load(path)
    noisy = self.fit_and_scale(pic, self.side)
    target = self.fit_and_scale(target, self.side)
    noisy = self.corrupt(noisy)
    return noisy, target

# the tf.data pipeline
  def build(self):
    ds = tf.data.Dataset.from_tensor_slices(self.paths)
    ds = ds.shuffle(self.shuffle_buf, seed=2)
    ds = ds.map(
        self.pair,
        num_parallel_calls=AUTOTUNE
    )
    ds = ds.batch(self.batch, drop_remainder=True)
    #ds = ds.repeat()
    ds = ds.prefetch(AUTOTUNE)
    return ds
