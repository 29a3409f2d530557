# source: https://github.com/keras-team/keras-io/blob/3a8622d94d7685d84435388a20316a1544d0af5c/examples/audio/speaker_recognition_using_cnn.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import shutil
from pathlib import Path

import numpy as np
import tensorflow as tf
from tensorflow import keras

ROOT = os.path.join(os.path.expanduser("~"), "Downloads/16000_pcm_speeches")
SPEECH_DIR = os.path.join(ROOT, "audio")
NOISE_DIR = os.path.join(ROOT, "noise")
VAL_SHARE = 0.1
SEED = 43
RATE = 16000
NOISE_SCALE = 0.5
BATCH = 128
EPOCHS = 100

if os.path.exists(SPEECH_DIR) is False:
    os.makedirs(SPEECH_DIR)
if os.path.exists(NOISE_DIR) is False:
    os.makedirs(NOISE_DIR)

for entry in os.listdir(ROOT):
    if os.path.isdir(os.path.join(ROOT, entry)):
        if entry in ["audio", "noise"]:
            continue
        elif entry in ["other", "_background_noise_"]:
            shutil.move(os.path.join(ROOT, entry), os.path.join(NOISE_DIR, entry))
        else:
            shutil.move(os.path.join(ROOT, entry), os.path.join(SPEECH_DIR, entry))

noise_files = []
for sub in os.listdir(NOISE_DIR):
    sub_path = Path(NOISE_DIR) / sub
    if os.path.isdir(sub_path):
        noise_files += [os.path.join(sub_path, f) for f in os.listdir(sub_path) if f.endswith(".wav")]


def noise_chunks(path):
    wave, rate = tf.audio.decode_wav(tf.io.read_file(path), desired_channels=1)
    if rate == RATE:
        n = int(wave.shape[0] / RATE)
        return tf.split(wave[: n * RATE], n)
    return None


noise_bank = []
for path in noise_files:
    chunks = noise_chunks(path)
    if chunks:
        noise_bank.extend(chunks)
noise_bank = tf.stack(noise_bank)


def make_dataset(paths, labels):
    path_ds = tf.data.Dataset.from_tensor_slices(paths)
    wave_ds = path_ds.map(lambda p: read_wave(p))
    label_ds = tf.data.Dataset.from_tensor_slices(labels)
    return tf.data.Dataset.zip((wave_ds, label_ds))


def read_wave(path):
    raw = tf.io.read_file(path)
    wave, _ = tf.audio.decode_wav(raw, 1, RATE)
    return wave


def mix_noise(wave, bank=None, scale=0.5):
    if bank is not None:
        pick = tf.random.uniform((tf.shape(wave)[0],), 0, bank.shape[0], dtype=tf.int32)
        chosen = tf.gather(bank, pick, axis=0)
        ratio = tf.math.reduce_max(wave, axis=1) / tf.math.reduce_max(chosen, axis=1)
        ratio = tf.repeat(tf.expand_dims(ratio, axis=1), tf.shape(wave)[1], axis=1)
        wave = wave + chosen * ratio * scale
    return wave


def to_spectrum(wave):
    wave = tf.squeeze(wave, axis=-1)
    spec = tf.signal.fft(tf.cast(tf.complex(real=wave, imag=tf.zeros_like(wave)), tf.complex64))
    spec = tf.expand_dims(spec, axis=-1)
    return tf.math.abs(spec[:, : (wave.shape[1] // 2), :])


speakers = os.listdir(SPEECH_DIR)
wav_paths = []
wav_labels = []
for label, name in enumerate(speakers):
    folder = Path(SPEECH_DIR) / name
    found = [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".wav")]
    wav_paths += found
    wav_labels += [label] * len(found)

rng = np.random.RandomState(SEED)
rng.shuffle(wav_paths)
rng = np.random.RandomState(SEED)
rng.shuffle(wav_labels)

n_val = int(VAL_SHARE * len(wav_paths))
train_paths, train_labels = wav_paths[:-n_val], wav_labels[:-n_val]
val_paths, val_labels = wav_paths[-n_val:], wav_labels[-n_val:]

train_ds = make_dataset(train_paths, train_labels)
train_ds = train_ds.shuffle(buffer_size=BATCH * 8, seed=SEED).batch(BATCH)
val_ds = make_dataset(val_paths, val_labels)
val_ds = val_ds.shuffle(buffer_size=32 * 8, seed=SEED).batch(32)

train_ds = train_ds.map(lambda x, y: (mix_noise(x, noise_bank, scale=NOISE_SCALE), y),
                        num_parallel_calls=tf.data.AUTOTUNE)
train_ds = train_ds.map(lambda x, y: (to_spectrum(x), y), num_parallel_calls=tf.data.AUTOTUNE)
train_ds = train_ds.prefetch(tf.data.AUTOTUNE)
val_ds = val_ds.map(lambda x, y: (to_spectrum(x), y), num_parallel_calls=tf.data.AUTOTUNE)
val_ds = val_ds.prefetch(tf.data.AUTOTUNE)


def res_block(x, filters, n_conv=3, act="relu"):
    skip = keras.layers.Conv1D(filters, 1, padding="same")(x)
    for _ in range(n_conv - 1):
        x = keras.layers.Conv1D(filters, 3, padding="same")(x)
        x = keras.layers.Activation(act)(x)
    x = keras.layers.Conv1D(filters, 3, padding="same")(x)
    x = keras.layers.Add()([x, skip])
    x = keras.layers.Activation(act)(x)
    return keras.layers.MaxPool1D(pool_size=2, strides=2)(x)


def build_classifier(shape, n_classes):
    inp = keras.layers.Input(shape=shape, name="input")
    h = res_block(inp, 16, 2)
    h = res_block(h, 32, 2)
    h = res_block(h, 64, 3)
    h = res_block(h, 128, 3)
    h = res_block(h, 128, 3)
    h = keras.layers.AveragePooling1D(pool_size=3, strides=3)(h)
    h = keras.layers.Flatten()(h)
    h = keras.layers.Dense(256, activation="relu")(h)
    h = keras.layers.Dense(128, activation="relu")(h)
    out = keras.layers.Dense(n_classes, activation="softmax", name="output")(h)
    return keras.models.Model(inputs=inp, outputs=out)


clf = build_classifier((RATE // 2, 1), len(speakers))
clf.compile(optimizer="Adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
stop_cb = keras.callbacks.EarlyStopping(patience=10, restore_best_weights=True)
save_cb = keras.callbacks.ModelCheckpoint("model.h5", monitor="val_accuracy", save_best_only=True)
clf.fit(train_ds, epochs=EPOCHS, validation_data=val_ds, callbacks=[stop_cb, save_cb])
clf.evaluate(val_ds)
