import tensorflow as tf

SIDE = 256

def decode_file(file_path, mask=False):
    raw = tf.io.read_file(file_path)
    if mask:
        raw = tf.image.decode_png(raw, channels=1)
        raw.set_shape([None, None, 1])
        raw = tf.image.resize(images=raw, size=[SIDE, SIDE], method='nearest')
        raw = tf.cast(raw, dtype=tf.float32)
    else:
        raw = tf.image.decode_png(raw, channels=3)
        raw.set_shape([None, None, 3])
        raw = tf.image.resize(images=raw, size=[SIDE, SIDE])
        raw = raw / 255
        raw = tf.cast(raw, dtype=tf.float32)
    return raw
