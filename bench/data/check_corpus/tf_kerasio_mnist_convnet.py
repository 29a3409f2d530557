# source: https://github.com/keras-team/keras-io/blob/02cfe8063b505adc073986c91729f22039f77ad0/examples/vision/mnist_convnet.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""A small convolutional digit classifier trained on the MNIST handwritten digits."""

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

# ---- data ----

n_digits = 10
digit_shape = (28, 28, 1)

(train_x, train_y), (test_x, test_y) = keras.datasets.mnist.load_data()

# pixel values from 0..255 to 0..1
train_x = train_x.astype("float32") / 255
test_x = test_x.astype("float32") / 255
# add the single channel axis
train_x = np.expand_dims(train_x, -1)
test_x = np.expand_dims(test_x, -1)
print(f"{train_x.shape[0]} training and {test_x.shape[0]} test digits, each {train_x.shape[1:]}")

# integer labels to one-hot rows
train_y = keras.utils.to_categorical(train_y, n_digits)
test_y = keras.utils.to_categorical(test_y, n_digits)

# ---- network ----

digit_net = keras.Sequential(
    [
        keras.Input(shape=digit_shape),
        layers.Conv2D(32, activation="relu", kernel_size=(3, 3)),
        layers.MaxPooling2D(pool_size=(2, 2)),
        layers.Conv2D(64, activation="relu", kernel_size=(3, 3)),
        layers.MaxPooling2D(pool_size=(2, 2)),
        layers.Flatten(),
        layers.Dropout(0.5),
        layers.Dense(n_digits, activation="softmax"),
    ]
)
digit_net.summary()

# ---- training ----

BATCH = 128
EPOCHS = 15

digit_net.compile(optimizer="adam", metrics=["accuracy"], loss="categorical_crossentropy")
digit_net.fit(train_x, train_y, epochs=EPOCHS, batch_size=BATCH, validation_split=0.1)

# ---- held-out check ----

test_loss, test_acc = digit_net.evaluate(test_x, test_y, verbose=0)
print(f"held-out loss {test_loss:.4f}, accuracy {test_acc:.4f}")
