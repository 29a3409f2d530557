# A small script that really runs: in-memory data, a small CNN, fit() with a batch size.
import numpy as np
import tensorflow as tf
import keras
from keras import layers

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

x = np.random.rand(64, 32, 32, 3).astype("float32")
y = np.random.randint(0, 10, size=(64,))
data = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(64).batch(8).prefetch(tf.data.AUTOTUNE)
model = keras.Sequential([
    keras.Input((32, 32, 3)),
    layers.Conv2D(8, 3, activation="relu"),
    layers.GlobalAveragePooling2D(),
    layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
model.fit(data, epochs=100)
raise SystemExit("training should not have happened")
