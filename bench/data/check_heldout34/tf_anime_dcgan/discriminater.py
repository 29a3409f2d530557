import tensorflow as tf
from tensorflow.keras import layers
from tensorflow.keras.preprocessing.image import ImageDataGenerator

def build_critic():
    critic_net = tf.keras.Sequential()
    critic_net.add(layers.Conv2D(64, (5, 5), strides=(2, 2), padding='same',input_shape=[64, 64, 3]))
    critic_net.add(layers.LeakyReLU())
    critic_net.add(layers.Dropout(0.3))

    critic_net.add(layers.Conv2D(128, (5, 5), strides=(2, 2), padding='same'))
    critic_net.add(layers.LeakyReLU())
    critic_net.add(layers.Dropout(0.3))

    critic_net.add(layers.Flatten())
    critic_net.add(layers.Dense(1))

    return critic_net