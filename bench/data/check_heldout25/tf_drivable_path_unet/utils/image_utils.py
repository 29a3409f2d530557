import tensorflow as tf


def decode_image_file(image_file):
    image = tf.io.read_file(image_file)
    image = tf.image.decode_png(image, channels=3)
    image = tf.image.convert_image_dtype(image, tf.float32)  # float in [0, 1]

    return image


def decode_mask_file(mask_file):
    mask = tf.io.read_file(mask_file)
    mask = tf.image.decode_png(mask, channels=3)
    mask = tf.math.reduce_max(mask, axis=-1, keepdims=True)
    return mask


def resize_image(image):
    target_hw = (96, 128)
    image = tf.image.resize(image, target_hw, method='nearest')

    return image


def resize_mask(mask):
    target_hw = (96, 128)
    mask = tf.image.resize(mask, target_hw, method='nearest')

    return mask


def decode_image_mask_pair(image_file, mask_file):
    return decode_image_file(image_file), decode_mask_file(mask_file)


def resize_image_mask_pair(image, mask):
    return resize_image(image), resize_mask(mask)


def array_to_pil_image(pixels):
    return tf.keras.preprocessing.image.array_to_img(pixels)
