import tensorflow as tf
import tensorflow_datasets as tfds
from keras import layers

TUNE = tf.data.AUTOTUNE

flip_aug = layers.RandomFlip("horizontal")
rotate_aug = layers.RandomRotation(factor=0.1)
zoom_aug = layers.RandomZoom(height_factor=0.2, width_factor=0.2)
randaug = layers.RandAugment(value_range=(0, 1), num_ops=3, factor=0.5)

def to_unit_float(img, lbl):
    # img = tf.cast(img, tf.float32)
    img = tf.image.convert_image_dtype(img, tf.float32) # values now in [0, 1]
    return img, lbl

def cifar100_plain(batch_size, autotune=tf.data.AUTOTUNE):
    splits, info = tfds.load("cifar100", with_info=True, as_supervised=True)
    tr = splits["train"]
    te = splits["test"]

    tr = tr.shuffle(
      10 * batch_size, reshuffle_each_iteration=True
    ).map(to_unit_float, num_parallel_calls=autotune)
    
    tr = tr.batch(batch_size)

    te = te.map(to_unit_float, num_parallel_calls=autotune)
    te = te.batch(batch_size)
    
    # te = te.prefetch(autotune)
    return tr, te, info
   
def build_pipeline(ds, batch_size, target_image_shape, st_type=-1, shuffle=False, augment=False):
    def resize_scale(img, lbl):
        img = tf.cast(img, tf.float32)

        # bring every image to the model's input size
        img = tf.image.resize(img, [target_image_shape[0], target_image_shape[1]])
        
        if st_type >= 0:
            if st_type == 0:
                # plain [0, 1] scaling
                img = (img / 255.0)
            elif st_type == 1:
                # zero mean, unit variance per image
                img = tf.image.per_image_standardization(img)
        
        return img, lbl
    
    # resize and scale
    ds = ds.map(resize_scale, num_parallel_calls=TUNE)

    if shuffle:
        ds = ds.shuffle(1000)

    # group into batches
    ds = ds.batch(batch_size)

    # augment the training batches only
    if augment:
        # horizontal flips
        ds = ds.map(
            lambda a, b: (flip_aug(a), b),
            num_parallel_calls=TUNE,
        )

        # small rotations
        ds = ds.map(
            lambda a, b: (rotate_aug(a), b),
            num_parallel_calls=TUNE,
        )

        # zoom in and out
        ds = ds.map(
            lambda a, b: (zoom_aug(a), b),
            num_parallel_calls=TUNE,
        )

    # overlap input and compute
    ds = ds.prefetch(buffer_size=TUNE)

    return ds
  
def cifar100_pipelines(batch_size, target_image_shape, st_type=0, augment=False):
    splits, info = tfds.load("cifar100", with_info=True, as_supervised=True)
    tr = splits["train"]
    te = splits["test"]

    tr = build_pipeline(
        tr, 
        batch_size, 
        target_image_shape, 
        st_type=st_type, 
        shuffle=True, 
        augment=augment
    )
    te = build_pipeline(
        te, 
        batch_size, 
        target_image_shape, 
        st_type=st_type, 
        shuffle=False, 
        augment=False
    )

    return tr, te, info

def cifar100_split(batch_size, is_training=True, with_tpu=False):
    which = 'train' if is_training else 'test'
    ds, info = tfds.load('cifar100', split=which, with_info=True, as_supervised=True, try_gcs=False)

    if is_training:
      ds = ds.shuffle(10000)

    if with_tpu:
       ds = ds.batch(batch_size, drop_remainder=True)
    else:
      ds = ds.batch(batch_size)
    return ds, info
