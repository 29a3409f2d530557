import tensorflow as tf

from prep_data import train_dataset
from tensorflow.keras import layers

noise_dim = 1000

def build_gen():
    net = tf.keras.Sequential()  # start the stack
    net.add(layers.Dense(4 * 4 * 256, use_bias=False, input_shape=(noise_dim,)))
    net.add(layers.BatchNormalization())  # normalise activations
    net.add(layers.LeakyReLU())
    depth = 1

    net.add(layers.Reshape((4, 4, 256)))  # to a 3-D map
    #print(f"block {depth}: {net.output_shape}")
    assert net.output_shape == (None, 4, 4, 256)  # batch axis left open

    # learned upsampling
    depth += 1
    net.add(layers.Conv2DTranspose(128, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    #print(f"block {depth}: {net.output_shape}")
    # assert net.output_shape == (None, 8, 8, 128)
    net.add(layers.BatchNormalization())
    net.add(layers.LeakyReLU())

    depth += 1
    net.add(layers.Conv2DTranspose(64, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    #print(f"block {depth}: {net.output_shape}")
    # assert net.output_shape == (None, 16, 16, 64)
    net.add(layers.BatchNormalization())
    net.add(layers.LeakyReLU())

    depth += 1
    net.add(layers.Conv2DTranspose(32, (5, 5), strides=(2, 2), padding='same', use_bias=False))
    #print(f"block {depth}: {net.output_shape}")
    # assert net.output_shape == (None, 32, 32, 32)
    net.add(layers.BatchNormalization())
    net.add(layers.LeakyReLU())

    depth += 1
    net.add(layers.Conv2DTranspose(3, (5, 5), strides=(2, 2), padding='same', use_bias=False, activation='tanh'))
    #print(f"block {depth}: {net.output_shape}")
    # assert net.output_shape == (None, 64, 64, 3)

    return net


def build_disc():
    net = tf.keras.Sequential()
    net.add(layers.Conv2D(64, (5, 5), strides=(2, 2), padding='same',
                          input_shape=[64, 64, 3]))  # one RGB image
    net.add(layers.LeakyReLU())
    net.add(layers.Dropout(0.3))

    net.add(layers.Conv2D(128, (5, 5), strides=(2, 2), padding='same'))
    net.add(layers.LeakyReLU())
    net.add(layers.Dropout(0.3))

    net.add(layers.Flatten())
    net.add(layers.Dense(1))

    return net


bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def gen_objective(fake_logits):
    return bce(tf.ones_like(fake_logits), fake_logits)


def disc_objective(real_logits, fake_logits):
    on_real = bce(tf.ones_like(real_logits), real_logits)
    on_fake = bce(tf.zeros_like(fake_logits), fake_logits)
    both = on_real + on_fake
    return both
