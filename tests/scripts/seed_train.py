# The shape of the seed's script: positive and negative .wav folders, spectrograms, a small CNN.
import os
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

POS, NEG = "data/positive", "data/negative"


def spectrogram(path):
    audio, _ = tf.audio.decode_wav(tf.io.read_file(path), desired_channels=1)
    stft = tf.signal.stft(tf.squeeze(audio, -1), frame_length=320, frame_step=32)
    return tf.abs(stft)[..., None]


pos = [spectrogram(os.path.join(POS, f)) for f in os.listdir(POS)]
neg = [spectrogram(os.path.join(NEG, f)) for f in os.listdir(NEG)]
x = tf.stack(pos + neg)
y = tf.constant([1.0] * len(pos) + [0.0] * len(neg))
data = tf.data.Dataset.from_tensor_slices((x, y))
data = data.cache().shuffle(buffer_size=len(pos) + len(neg)).batch(16)

model = keras.Sequential([
    layers.Input(shape=(1491, 257, 1)),
    layers.Conv2D(16, (3, 3), activation="relu"),
    layers.Conv2D(16, (3, 3), activation="relu"),
    layers.Flatten(),
    layers.Dense(128, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
model.fit(data, epochs=4)
