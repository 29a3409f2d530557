# x_train / 255.0 on MNIST's uint8 images: a float64 copy; the float32 way is fine.
import numpy as np
from tensorflow import keras

(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()
x_train = x_train / 255.0
x_test = x_test.astype("float32") / 255
