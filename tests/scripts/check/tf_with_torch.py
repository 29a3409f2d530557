# TensorFlow and PyTorch in one process: TensorFlow reserves the GPU that PyTorch needs too.
import tensorflow as tf
import torch

encoder = torch.nn.Linear(4, 4).cuda()
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(tf.zeros((8, 4)), tf.zeros((8, 1)), epochs=1)
