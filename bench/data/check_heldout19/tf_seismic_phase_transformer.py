"""
Seismic phase picker (P / S / noise) built as a small vision-transformer over
three-component waveform windows.  Training entry point plus the layer and
data helpers it relies on, gathered into one file.
"""

import math
import six
import h5py
from sklearn.model_selection import train_test_split
import itertools

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from einops.layers.tensorflow import Rearrange

import numpy as np


def load_hdf5_to_numpy(h5_path):
    """Open the HDF5 archive and pull waveforms and class ids into numpy.
    :h5_path: HDF5 file name
    :returns: (waveforms, classes) numpy arrays
    """
    handle = h5py.File(h5_path, 'r')
    wave_ds = handle['X']
    cls_ds = handle['Y']
    waves = wave_ds[()]
    classes = cls_ds[()]
    handle.close()
    return waves, classes


def load_test_train_data(h5_path, test_fraction, random_state=1):
    """Read the archive into memory and cut it into shuffled train/test parts.
    :h5_path: path of the HDF5 archive
    :test_fraction: share of samples kept for testing
    :random_state: seed for reproducible splits
    :returns: train and test arrays with their class ids
    """
    waves, classes = load_hdf5_to_numpy(h5_path)
    print('Total samples {}'.format(waves.shape[0]))
    per_class = np.unique(classes, return_counts=True)
    print('P {}, S {}, Noise {}'.format(
        per_class[1][0],
        per_class[1][1],
        per_class[1][2]))
    tr_waves, te_waves, tr_cls, te_cls\
        = train_test_split(
            waves,
            classes,
            test_size=test_fraction,
            random_state=random_state,
            shuffle=True)
    # report the class balance of both parts
    print(
        "test P, S and noise share is {}%".format(
            np.unique(te_cls,
                      return_counts=True)[1]/te_cls.shape[0]))
    print(
        "train P, S and noise share is {}%".format(
            np.unique(tr_cls,
                      return_counts=True)[1]/tr_cls.shape[0]))
    return tr_waves, te_waves, tr_cls, te_cls


class ClsToken(keras.layers.Layer):
    """Trainable class token prepended to the patch sequence."""

    def __init__(self, embed_dim=20):
        super(ClsToken, self).__init__()
        self.embed_dim = embed_dim
        self.w = self.add_weight(
            shape=(1, 1, self.embed_dim),
            initializer=tf.keras.initializers.RandomNormal(),
            dtype=tf.float32,
            trainable=True
        )

    def call(self, inputs):
        self.batch_size = tf.shape(inputs)[0]
        self.x = tf.broadcast_to(
            self.w, [self.batch_size, 1, self.embed_dim]
        )
        return tf.keras.layers.concatenate([self.x, inputs], axis=1)


class PosEmbeding(keras.layers.Layer):
    """Trainable position table added to every token."""

    def __init__(self, num_patches=20, embed_dim=20):
        super(PosEmbeding, self).__init__()
        self.w = self.add_weight(
            shape=(num_patches, embed_dim),
            initializer=tf.keras.initializers.RandomNormal(),
            dtype=tf.float32,
            trainable=True
        )

    def call(self, inputs):
        return inputs + self.w


class RearrangeCh(keras.layers.Layer):
    """Merge the three channel patches of one window position."""

    def __init__(self, num_patches=20, embed_dim=20):
        super(RearrangeCh, self).__init__()
        self.rearrange = Rearrange('b c n w -> b n (c w)')

    def call(self, inputs):
        return self.rearrange(inputs)


class TransformerBlock(layers.Layer):
    """Standard post-norm encoder block (attention + feed-forward)."""

    def __init__(self, embed_dim, num_heads, ff_dim, rate=0.1):
        super(TransformerBlock, self).__init__()
        self.att = tf.keras.layers.MultiHeadAttention(
            num_heads=num_heads, key_dim=embed_dim, dropout=rate)
        self.ffn = keras.Sequential(
            [layers.Dense(ff_dim,
                activation='gelu'),
                layers.Dense(embed_dim), ]
        )
        self.layernorm1 = layers.LayerNormalization(epsilon=1e-6)
        self.layernorm2 = layers.LayerNormalization(epsilon=1e-6)
        self.dropout1 = layers.Dropout(rate)
        self.dropout2 = layers.Dropout(rate)

    def call(self, inputs, training):
        attended = self.att(inputs, inputs)
        attended = self.dropout1(attended, training=training)
        first = self.layernorm1(inputs + attended)
        fed = self.ffn(first)
        fed = self.dropout2(fed, training=training)
        return self.layernorm2(first + fed)


def seismo_transformer(
        maxlen=400,
        patch_size=25,
        num_channels=3,
        d_model=96,
        num_heads=8,
        ff_dim_factor=4,
        layers_depth=8,
        num_classes=3,
        drop_out_rate=0.1):
    """Build the ViT-style classifier.
    :maxlen: samples per waveform window
    :patch_size: samples per patch and channel
    :num_channels: number of components
    :d_model: token embedding width
    :num_heads: attention heads
    :ff_dim_factor: hidden width of the feed-forward part, as a multiple of d_model
    :layers_depth: number of encoder blocks
    :num_classes: number of output classes
    :returns: a Keras model
    """
    n_patch = maxlen // patch_size
    ff_width = d_model * ff_dim_factor
    wave_in = layers.Input(shape=(maxlen, num_channels))
    h = tf.keras.layers.Permute((2, 1))(wave_in)
    # split every component into patches
    h = tf.keras.layers.Reshape((num_channels, n_patch, patch_size))(h)
    h = RearrangeCh()(h)
    # linear patch embedding
    h = tf.keras.layers.Dense(d_model)(h)
    h = ClsToken(d_model)(h)
    h = PosEmbeding(num_patches=n_patch + 1, embed_dim=d_model)(h)
    h = layers.Dropout(drop_out_rate)(h)
    for _ in range(layers_depth):
        h = TransformerBlock(d_model, num_heads, ff_width)(h)
    # keep only the class token
    h = tf.keras.layers.Lambda(lambda t: t[:, 0])(h)
    h = layers.Dropout(drop_out_rate)(h)
    h = tf.keras.layers.Dense(ff_width, activation='gelu')(h)
    h = layers.Dropout(drop_out_rate)(h)
    probs = layers.Dense(num_classes, activation='softmax')(h)
    net = keras.Model(inputs=wave_in, outputs=probs)
    return net


# The whole Southern California archive is pulled into numpy here
# (the authors note it needs about 21 GB).
wave_tr, wave_te, cls_tr, cls_te\
    = load_test_train_data('DATA/scsn_ps_2000_2017_shuf.hdf5', 0.1)
# wrap the arrays as tf.data pipelines
train_ds = tf.data.Dataset.from_tensor_slices(
    (wave_tr, cls_tr)).batch(480)
test_ds = tf.data.Dataset.from_tensor_slices(
    (wave_te, cls_te)).batch(480)

picker = seismo_transformer(
    maxlen=400,
    patch_size=25,
    num_channels=3,
    d_model=64,
    num_heads=8,
    ff_dim_factor=4,
    layers_depth=8,
    num_classes=3,
    drop_out_rate=0.1)

LR = 0.001
picker.compile(
    optimizer=keras.optimizers.Adam(learning_rate=LR),
    loss=keras.losses.SparseCategoricalCrossentropy(),
    metrics=[keras.metrics.SparseCategoricalAccuracy()],)

print("Fitting the picker")
fit_log = picker.fit(
    train_ds,
    epochs=20,
    validation_data=(test_ds),
)

picker.save_weights('WEIGHTS/model.240K.V2.hd5', save_format='h5')
