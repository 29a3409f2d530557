import tensorflow as tf
import numpy as np
import matplotlib.pyplot as plt

subset = "cats"
npy_path = f"D:/work/gan_projects/data/np_{subset}.npy"
raw_pixels = np.load(npy_path)

scaled = (raw_pixels - 127.5) / 127.5
scaled = scaled.astype("float32")

BUFFER_SIZE = 60000
BATCH_SIZE = 256

train_dataset = tf.data.Dataset.from_tensor_slices(scaled).shuffle(BUFFER_SIZE).batch(BATCH_SIZE)

