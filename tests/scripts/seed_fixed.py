# The seed's script done right: memory growth, a streaming pipeline, pooling before the head.
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

POS, NEG = "data/positive", "data/negative"


def load(path, label):
    audio, _ = tf.audio.decode_wav(tf.io.read_file(path), desired_channels=1)
    stft = tf.signal.stft(tf.squeeze(audio, -1), frame_length=320, frame_step=32)
    return tf.abs(stft)[..., None], label


pos = tf.data.Dataset.list_files(POS + "/*.wav").map(lambda p: (p, 1.0))
neg = tf.data.Dataset.list_files(NEG + "/*.wav").map(lambda p: (p, 0.0))
data = (pos.concatenate(neg)
        .shuffle(2000)
        .map(load, num_parallel_calls=tf.data.AUTOTUNE)
        .cache("/tmp/audio_cache")
        .batch(16)
        .prefetch(tf.data.AUTOTUNE))

model = keras.Sequential([
    layers.Input(shape=(1491, 257, 1)),
    layers.Conv2D(16, (3, 3), activation="relu"),
    layers.MaxPooling2D(4),
    layers.Conv2D(16, (3, 3), activation="relu"),
    layers.GlobalAveragePooling2D(),
    layers.Dense(128, activation="relu"),
    layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
model.fit(data, epochs=4)
