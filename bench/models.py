"""Models for the benchmarks, loadable as bench/models.py:NAME."""
import keras
from keras import layers


def resnet50():
    return keras.applications.ResNet50(weights=None, input_shape=(224, 224, 3), classes=1000)


def seed_audio():
    return keras.Sequential([
        keras.Input((1491, 257, 1)),
        layers.Conv2D(16, (3, 3), activation="relu"),
        layers.Conv2D(16, (3, 3), activation="relu"),
        layers.Flatten(),
        layers.Dense(128, activation="relu"),
        layers.Dense(1, activation="sigmoid"),
    ])
