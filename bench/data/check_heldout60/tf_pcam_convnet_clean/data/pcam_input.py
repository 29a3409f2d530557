import tensorflow as tf
import tensorflow_datasets as tfds

from typing import Tuple

BATCH        = 256          # a size most GPUs take comfortably
SHUF_BUFFER  = 50_000       # large buffer, keeps the classes mixed
TUNE         = tf.data.AUTOTUNE
KEEP_IN_RAM  = True         # turn off on small machines

class PcamInput:
    def __init__(self, ds_name: str = "patch_camelyon", seed: int = 42):
        self.ds_name = ds_name
        self.seed = seed
        self._open_splits()

    @staticmethod
    def _scale(img: tf.Tensor, lab: tf.Tensor) -> Tuple[tf.Tensor, tf.Tensor]:
        img = tf.cast(img, tf.float32) / 255.0
        return img, lab
    
    def _pipeline(self, ds: tf.data.Dataset, *, training: bool = False
                   ) -> tf.data.Dataset:
        if training:
            ds = ds.shuffle(SHUF_BUFFER, seed = self.seed)

        if KEEP_IN_RAM:
            ds = ds.cache()

        ds = (
            ds.map(self._scale, num_parallel_calls=TUNE)
              .batch(BATCH, drop_remainder=training)
              .prefetch(TUNE)
        )
        return ds

    def _open_splits(self):
        (self.ds_tr, self.ds_va, self.ds_te), self.meta = tfds.load(
            self.ds_name,
            split=["train", "validation", "test"],
            shuffle_files=True,
            as_supervised=True,
            with_info=True,
            download=True
        )
        BATCH = 32
        TUNE = tf.data.AUTOTUNE

        self.ds_tr = self.ds_tr.shuffle(1024).batch(BATCH).prefetch(TUNE)
        self.ds_va = self.ds_va.batch(BATCH).prefetch(TUNE)
        self.ds_te = self.ds_te.batch(BATCH).prefetch(TUNE)

    def train_split(self):
        return self.ds_tr

    def val_split(self):
        return self.ds_va

    def test_split(self):
        return self.ds_te
    
    def metadata(self):
        return self.meta
    
    def image_shape(self):
        return self.meta.features['image'].shape
    
    def class_count(self):
        return self.meta.features['label'].num_classes

if __name__ == "__main__":
    src = PcamInput()
    print(src.metadata())