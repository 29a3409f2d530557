import tensorflow as tf
from tensorflow.keras import layers
from tensorflow.keras.preprocessing.image import ImageDataGenerator



def build_painter(z_dim):
    painter_net = tf.keras.Sequential()
    painter_net.add(layers.Dense(8*8*256, use_bias=False, input_shape=(z_dim,)))
    painter_net.add(layers.BatchNormalization())
    painter_net.add(layers.LeakyReLU())

    painter_net.add(layers.Reshape((8, 8, 256)))

    painter_net.add(layers.Conv2DTranspose(256, (5, 5), strides=(1, 1), padding='same', use_bias=False))
    painter_net.add(layers.BatchNormalization())
    painter_net.add(layers.LeakyReLU())

    painter_net.add(layers.Conv2DTranspose(128, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    painter_net.add(layers.BatchNormalization())
    painter_net.add(layers.LeakyReLU())
    
    painter_net.add(layers.Conv2DTranspose(64, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    painter_net.add(layers.BatchNormalization())
    painter_net.add(layers.LeakyReLU())

    painter_net.add(layers.Conv2DTranspose(3, (5, 5), strides=(2, 2), padding='same', use_bias=False, activation='tanh'))

    return painter_net