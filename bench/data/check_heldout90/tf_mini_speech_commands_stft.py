import os
import pathlib

import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import tensorflow as tf
import bentoml

from tensorflow.keras import layers
from tensorflow.keras import models
from IPython import display


DATA_DIR = 'data/mini_speech_commands'
BS = 64
RNG_SEED = 42
TUNE = tf.data.AUTOTUNE
WORDS = ['down', 'go', 'left', 'no', 'right', 'stop', 'up', 'yes']
tf.random.set_seed(RNG_SEED)
np.random.seed(RNG_SEED)


def fetch_corpus(where):
    root = pathlib.Path(where)
    
    # download and unpack only when the folder is missing
    if not root.exists():
        tf.keras.utils.get_file(
            'mini_speech_commands.zip',
            origin="http://storage.googleapis.com/download.tensorflow.org/data/mini_speech_commands.zip",
            extract=True,
            cache_dir='.', cache_subdir='data'
            )
    return root


def list_splits(where):
    root = fetch_corpus(where)
    
    # folder names are the words
    words = np.array(tf.io.gfile.listdir(str(root)))
    words = words[words != 'README.md']

    # shuffle the paths and cut them into three parts
    paths = tf.io.gfile.glob(str(root) + '/*/*')
    paths = tf.random.shuffle(paths)

    tr_paths = paths[:6400]
    va_paths = paths[6400: 6400 + 800]
    te_paths = paths[-800:]

    return tr_paths, va_paths, te_paths


def wav_to_tensor(raw_bytes):
    # decode 16-bit PCM into float32 in [-1, 1]
    # (the sample rate is ignored)
    sig, _ = tf.audio.decode_wav(contents=raw_bytes)
    # mono clips: drop the trailing
    # channel axis
    return tf.squeeze(sig, axis=-1)


def word_of(path):
    pieces = tf.strings.split(
        input=path,
        sep=os.path.sep
        )
    # parent folder is the word; index instead of unpacking
    # so that this traces inside a graph
    return pieces[-2]


def wave_and_word(path):
    word = word_of(path)
    raw_bytes = tf.io.read_file(path)
    sig = wav_to_tensor(raw_bytes)
    return sig, word


def to_spec(sig):
    # pad clips shorter than one second
    n_keep = 16000
    sig = sig[:n_keep]
    pad = tf.zeros(
        [16000] - tf.shape(sig),
        dtype=tf.float32)
    # make sure the dtype is float32
    # before joining
    sig = tf.cast(sig, dtype=tf.float32)
    # every clip now has 16000 samples
    # after the concat
    fixed = tf.concat([sig, pad], 0)
    # short-time Fourier transform
    spec = tf.signal.stft(
        fixed, frame_length=255, frame_step=128)
    # keep the magnitude
    spec = tf.abs(spec)
    # trailing channel axis so the spectrogram
    # looks like a one-channel image to the
    # conv layers
    spec = spec[..., tf.newaxis]
    return spec


def spec_and_id(sig, word):
    spec = to_spec(sig)
    word_id = tf.argmax(word == WORDS)
    return spec, word_id


def make_ds(paths):
    path_ds = tf.data.Dataset.from_tensor_slices(paths)
    out = path_ds.map(
        map_func=wave_and_word,
        num_parallel_calls=TUNE)
    out = out.map(
        map_func=spec_and_id,
        num_parallel_calls=TUNE)
    return out

def spec_for_serving(sig):
    spec = to_spec(sig).numpy()
    return np.expand_dims(spec, axis=0) # batch of one

def export(model, where):
    # plain keras format
    model.save(f'{where}_keras')
    # and a bentoml copy
    bentoml.keras.save_model(f'{where}_bentoml', model)

def main():
    ## get the file lists
    tr_paths, va_paths, te_paths = list_splits(DATA_DIR)

    tr_ds = make_ds(tr_paths)
    va_ds = make_ds(va_paths)
    te_ds = make_ds(te_paths)

    for spec, _ in tr_ds.take(1):
        in_shape = spec.shape

    # batch, keep decoded batches, and prefetch
    tr_ds = tr_ds.batch(BS).cache().prefetch(TUNE)
    va_ds = va_ds.batch(BS).cache().prefetch(TUNE)

    n_words = len(WORDS)

    root = pathlib.Path(DATA_DIR)
    
    one_file = root/'no/01bb6a2a_nohash_0.wav'

    one_ds = make_ds([str(one_file)])

    # normalisation layer
    norm = layers.Normalization()
    # learn mean and variance from the
    # training spectrograms
    norm.adapt(data=tr_ds.map(map_func=lambda s, w: s))

    net = models.Sequential([
        layers.Input(shape=in_shape, batch_size=BS),
        # shrink the input
        layers.Resizing(32, 32),
        # standardise
        norm,
        layers.Conv2D(32, 3, activation='relu'),
        layers.Conv2D(64, 3, activation='relu'),
        layers.MaxPooling2D(),
        layers.Dropout(0.25),
        layers.Flatten(),
        layers.Dense(128, activation='relu'),
        layers.Dropout(0.5),
        layers.Dense(n_words),
        ])

    net.compile(
        optimizer=tf.keras.optimizers.Adam(),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=['accuracy'],
    )

    N_EP = 10

    net.fit(
        tr_ds,
        validation_data=va_ds,
        epochs=N_EP,
        callbacks=tf.keras.callbacks.EarlyStopping(verbose=1, patience=2),
    )

    te_specs = []
    te_ids = []

    for spec, wid in te_ds:
        te_specs.append(spec.numpy())
        te_ids.append(wid.numpy())

    te_specs = np.array(te_specs)
    te_ids = np.array(te_ids)

    pred = np.argmax(net.predict(te_specs), axis=1)
    truth = te_ids

    acc = sum(pred == truth) / len(truth)
    print(f'test accuracy: {acc:.0%}')
    
    export(net, 'spoken_words_model')


if __name__ == "__main__":
    main()
