"""The model from the question that started oomdoctor, for comparison only: do not train this one.

Two 3x3 convolutions, then Flatten straight into Dense(128): on a 1491x257 spectrogram that Dense
layer holds 770 M parameters. `oomdoctor check seed_model.py` flags it.
"""

import keras
from keras import layers


def seed_model(input_shape=(1491, 257, 1)):
    return keras.Sequential([
        keras.Input(input_shape),
        layers.Conv2D(16, (3, 3), activation="relu"),
        layers.Conv2D(16, (3, 3), activation="relu"),
        layers.Flatten(),
        layers.Dense(128, activation="relu"),
        layers.Dense(1, activation="sigmoid"),
    ], name="seed_model")
