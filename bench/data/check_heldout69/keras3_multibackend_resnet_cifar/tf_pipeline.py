import tensorflow as tf


def load_dataset(info, bs, seed=0):

    # seed for repeatable runs
    if seed != 0:
        tf.keras.utils.set_random_seed(seed)

    # data set facts
    tr_dir = info["train_path"]
    va_dir = info["val_path"]
    te_dir = info["test_path"]
    shape = info["dataset_shape"]
    mu = info["normalization"]["mean"]
    sigma = info["normalization"]["std"]

    #
    # per-sample preprocessing and augmentation
    #
    def prep(img, y):
        img = tf.cast(img, tf.float32)
        # scale then standardize per channel
        img = tf.divide(
            img, (255.0, 255.0, 255.0)
        )  # same scaling as torchvision
        img = tf.subtract(img, mu)
        img = tf.divide(img, sigma)
        return img, y

    def augment(img, y):
        # pad by a quarter of the side
        img = tf.image.resize_with_crop_or_pad(
            img,
            round(shape[0] + (shape[0] * 0.25)),
            round(shape[1] + (shape[1] * 0.25)),
        )
        # random crop back to size
        img = tf.image.random_crop(img, shape)
        # random horizontal flip
        img = tf.image.random_flip_left_right(img)
        return img, y

    #
    # read the three splits from folders
    #
    tr = tf.keras.utils.image_dataset_from_directory(
        tr_dir,
        shuffle=True,
        image_size=shape[:2],
        interpolation="nearest",
        batch_size=None,
    )
    va = tf.keras.utils.image_dataset_from_directory(
        va_dir,
        shuffle=False,
        image_size=shape[:2],
        interpolation="nearest",
        batch_size=None,
    )
    te = tf.keras.utils.image_dataset_from_directory(
        te_dir,
        shuffle=False,
        image_size=shape[:2],
        interpolation="nearest",
        batch_size=None,
    )

    print(f"train samples: {tr.cardinality()}")
    print(f"val samples: {va.cardinality()}")
    print(f"test samples: {te.cardinality()}")

    #
    # batch and prefetch
    #
    tr_out = (
        tr.map(prep)
        .map(augment)
        .shuffle(1000)
        .batch(bs, drop_remainder=False)
        .prefetch(tf.data.AUTOTUNE)
    )
    va_out = va.map(prep).batch(bs).prefetch(tf.data.AUTOTUNE)
    te_out = te.map(prep).batch(bs).prefetch(tf.data.AUTOTUNE)

    return tr_out, va_out, te_out
