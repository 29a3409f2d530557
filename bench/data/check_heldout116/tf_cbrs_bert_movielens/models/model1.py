import tensorflow as tf
from tensorflow import keras
from numpy import loadtxt
from keras.models import Sequential
from keras.layers import Dense

# two dense branches (user, item) merged into a click head
def fit_two_branch(features, targets, width, epochs, batch_size):
    net = keras.Sequential()
    user_in = keras.layers.Input(shape=(width,))
    u1 = keras.layers.Dense(512, activation=tf.nn.relu)(user_in)
    u2 = keras.layers.Dense(256, activation=tf.nn.relu)(u1)
    u3 = keras.layers.Dense(128, activation=tf.nn.relu)(u2)

    item_in = keras.layers.Input(shape=(width,))
    v1 = keras.layers.Dense(512, activation=tf.nn.relu)(item_in)
    v2 = keras.layers.Dense(256, activation=tf.nn.relu)(v1)
    v3 = keras.layers.Dense(128, activation=tf.nn.relu)(v2)

    joined = keras.layers.Concatenate()([u3, v3])
    h1 = keras.layers.Dense(64, activation=tf.nn.relu)(joined)
    h2 = keras.layers.Dense(64, activation=tf.nn.relu)(h1)
    prob = keras.layers.Dense(1, activation=tf.nn.sigmoid)(h2)
    net = keras.models.Model(inputs=[user_in,item_in],outputs=prob)
    net.compile(loss='binary_crossentropy', optimizer=tf.keras.optimizers.Adam(learning_rate=0.001, beta_1=0.9), metrics=['accuracy'])
    net.fit([features[:,0],features[:,1]], targets, epochs=epochs, batch_size=batch_size)

    return net
