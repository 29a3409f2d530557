import tensorflow as tf
import tensorflow.keras as keras
import numpy as np


def process_numpy(images, batch_size):
    ds = tf.data.Dataset.from_tensor_slices(images).shuffle(512).batch(batch_size=batch_size, drop_remainder=True).map(_to_unit,tf.data.experimental.AUTOTUNE).prefetch(buffer_size=tf.data.experimental.AUTOTUNE)
    return ds


def process_directory(folder, batch_size=32, image_size=(256, 256)):
    ds = keras.preprocessing.image_dataset_from_directory(directory=folder, batch_size=batch_size, image_size=image_size, label_mode=None).map(_to_unit,tf.data.experimental.AUTOTUNE).prefetch(buffer_size=tf.data.experimental.AUTOTUNE)
    return ds


def to_signed(img):
    return (img - 127.5) / 127.5


def to_bytes(img):
    return (img * 127.5 + 127.5).astype(np.uint8)


def _to_unit(img):
    x = tf.cast(img, tf.float32)
    x = to_signed(x)
    return x


def jitter(img:tf.Tensor) -> tf.Tensor:
    img = tf.image.random_brightness(img, 0.5)
    img = tf.image.random_saturation(img, 0.0, 2.0)
    img = tf.image.random_contrast(img, 0.0, 1.0)
    # img = tf.image.random_flip_left_right(img)
    return img


def perceptual_loss_fn(backbone="vgg16"):
    if backbone == "vgg16":
        net = keras.applications.VGG16(include_top=False, pooling=None)
    elif backbone == "DenseNet201":
        net = keras.applications.DenseNet201(include_top=False, pooling=None)
    elif backbone == "EfficientNetB7":
        net = keras.applications.EfficientNetB7(include_top=False, pooling=None)
    elif backbone == "ResNet50":
        net = keras.applications.ResNet50(include_top=False, pooling=None)
    else:
        raise Exception("unknown backbone")

    net.trainable = False

    def loss(pred, target):
        f_pred = net(pred)
        f_target = net(target)
        return tf.math.sqrt(tf.reduce_sum((f_pred-f_target)**2, axis=[1, 2, 3])) / tf.cast(tf.math.reduce_prod(f_pred.shape[1:]), tf.float32)

    return loss


class MovingAverage:
    def __init__(self, model: keras.Model, tau=0.9):
        self.model = keras.models.clone_model(model)
        self.model.build(model.input_shape)
        self.tau = tau

    def register(self, model: keras.Model):
        for a, b in zip(self.model.weights, model.weights):
            a.assign(b)

    def update(self, model: keras.Model):
        for a, b in zip(self.model.weights, model.weights):
            a.assign(self.tau * a + (1-self.tau) * b)
