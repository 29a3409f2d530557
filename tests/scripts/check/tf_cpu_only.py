# TensorFlow told to see no GPU: nothing to reserve.
import os

os.environ["CUDA_VISIBLE_DEVICES"] = "-1"
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(tf.zeros((8, 4)), tf.zeros((8, 1)), epochs=1)
