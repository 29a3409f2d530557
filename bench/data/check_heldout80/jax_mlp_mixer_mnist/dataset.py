import tensorflow as tf
import jax.numpy as jnp

def augment_rgb(img, target):
    img = tf.image.resize_with_crop_or_pad(img, 40, 40)
    img = tf.image.random_crop(img, [32, 32, 3])
    img = tf.image.random_flip_left_right(img)
    img = tf.cast(img, tf.float32) / 255.0
    return img, tf.squeeze(target)

def augment_gray(img, target):
    img = tf.image.resize(img, [32, 32])
    # keep the single grey channel as it is
    img = tf.cast(img, tf.float32) / 255.0
    return img, tf.squeeze(target)

def build_batches(batch_size=16, train=True, dataset_name="cifar10"):
    if dataset_name == "cifar10":
        (tr_x, tr_y), (te_x, te_y) = tf.keras.datasets.cifar10.load_data()
        pair = (tr_x, tr_y) if train else (te_x, te_y)
        pipe = tf.data.Dataset.from_tensor_slices(pair)
        pipe = pipe.map(augment_rgb).batch(batch_size).prefetch(tf.data.AUTOTUNE)
    elif dataset_name == "mnist":
        (tr_x, tr_y), (te_x, te_y) = tf.keras.datasets.mnist.load_data()
        tr_x = tr_x[..., None]  # add the channel axis for grey digits
        te_x = te_x[..., None]
        pair = (tr_x, tr_y) if train else (te_x, te_y)
        pipe = tf.data.Dataset.from_tensor_slices(pair)
        pipe = pipe.map(augment_gray).batch(batch_size).prefetch(tf.data.AUTOTUNE)
    else:
        raise ValueError(f"dataset not supported: {dataset_name}")

    return [(jnp.array(xb), jnp.array(yb)) for xb, yb in pipe]
