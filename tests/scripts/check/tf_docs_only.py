# keras-io's notebooks import tensorflow_docs for plots: that does not start TensorFlow on a GPU.
import keras
import tensorflow_docs as tfdocs
import tensorflow_docs.plots

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit([[0.0, 0.0, 0.0, 0.0]], [0.0], epochs=1)
