"""The seed's model, for `explain --model`."""
import keras
from keras import layers


def seed():
    return keras.Sequential([
        keras.Input((1491, 257, 1)),
        layers.Conv2D(16, (3, 3), activation="relu"),
        layers.Conv2D(16, (3, 3), activation="relu"),
        layers.Flatten(),
        layers.Dense(128, activation="relu", name="dense"),
        layers.Dense(1, activation="sigmoid", name="output"),
    ], name="seed")
