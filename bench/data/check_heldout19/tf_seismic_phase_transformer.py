"""
Picks seismic phases (P, S or noise) with a compact ViT that reads 3-channel
waveform windows as patch tokens.  The run script and the model and data
code it imported are combined below.
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


def read_archive_arrays(archive_path):
    """Read the waveform (X) and label (Y) datasets of an HDF5 file into numpy.
    :archive_path: the .hdf5 file
    :returns: the pair (wave_arr, label_arr)
    """
    h5f = h5py.File(archive_path, 'r')
    x_node = h5f['X']
    y_node = h5f['Y']
    wave_arr = x_node[()]
    label_arr = y_node[()]
    h5f.close()
    return wave_arr, label_arr


def split_archive_train_test(archive_path, test_share, seed_val=1):
    """Load the archive fully, then shuffle it and split off a test part.
    :archive_path: the .hdf5 file to read
    :test_share: fraction of windows that go to the test part
    :seed_val: random seed of the split
    :returns: x_train_part, x_test_part, y_train_part, y_test_part
    """
    wave_arr, label_arr = read_archive_arrays(archive_path)
    print('{} windows in the archive'.format(wave_arr.shape[0]))
    class_counts = np.unique(label_arr, return_counts=True)
    print('per class: P={}, S={}, noise={}'.format(
        class_counts[1][0],
        class_counts[1][1],
        class_counts[1][2]))
    x_train_part, x_test_part, y_train_part, y_test_part\
        = train_test_split(
            wave_arr,
            label_arr,
            test_size=test_share,
            random_state=seed_val,
            shuffle=True)
    # show how the three classes are spread over each part
    print(
        "share of P / S / noise in the test part: {}%".format(
            np.unique(y_test_part,
                      return_counts=True)[1]/y_test_part.shape[0]))
    print(
        "share of P / S / noise in the train part: {}%".format(
            np.unique(y_train_part,
                      return_counts=True)[1]/y_train_part.shape[0]))
    return x_train_part, x_test_part, y_train_part, y_test_part


class ClassTokenLayer(keras.layers.Layer):
    """A learned token put in front of all patch tokens; its output is classified."""

    def __init__(self, width=20):
        super(ClassTokenLayer, self).__init__()
        self.width = width
        self.table = self.add_weight(
            shape=(1, 1, self.width),
            initializer=tf.keras.initializers.RandomNormal(),
            dtype=tf.float32,
            trainable=True
        )

    def call(self, seq_in):
        self.n_batch = tf.shape(seq_in)[0]
        self.tiled = tf.broadcast_to(
            self.table, [self.n_batch, 1, self.width]
        )
        return tf.keras.layers.concatenate([self.tiled, seq_in], axis=1)


class LearnedPositions(keras.layers.Layer):
    """A learned vector per token position, added to the inputs."""

    def __init__(self, n_tokens=20, width=20):
        super(LearnedPositions, self).__init__()
        self.table = self.add_weight(
            shape=(n_tokens, width),
            initializer=tf.keras.initializers.RandomNormal(),
            dtype=tf.float32,
            trainable=True
        )

    def call(self, seq_in):
        return seq_in + self.table


class MergeChannelPatches(keras.layers.Layer):
    """Concatenate the per-channel patches that cover the same time span."""

    def __init__(self, n_tokens=20, width=20):
        super(MergeChannelPatches, self).__init__()
        self.merge = Rearrange('b c n w -> b n (c w)')

    def call(self, seq_in):
        return self.merge(seq_in)


class EncoderBlock(layers.Layer):
    """Self-attention then MLP, each followed by residual add and LayerNorm."""

    def __init__(self, width, n_heads, hidden_w, drop_rate=0.1):
        super(EncoderBlock, self).__init__()
        self.mha = tf.keras.layers.MultiHeadAttention(
            num_heads=n_heads, key_dim=width, dropout=drop_rate)
        self.mlp = keras.Sequential(
            [layers.Dense(hidden_w,
                activation='gelu'),
                layers.Dense(width), ]
        )
        self.norm_a = layers.LayerNormalization(epsilon=1e-6)
        self.norm_b = layers.LayerNormalization(epsilon=1e-6)
        self.drop_a = layers.Dropout(drop_rate)
        self.drop_b = layers.Dropout(drop_rate)

    def call(self, seq_in, training):
        att_out = self.mha(seq_in, seq_in)
        att_out = self.drop_a(att_out, training=training)
        resid1 = self.norm_a(seq_in + att_out)
        mlp_out = self.mlp(resid1)
        mlp_out = self.drop_b(mlp_out, training=training)
        return self.norm_b(resid1 + mlp_out)


def build_phase_picker(
        window_len=400,
        patch_len=25,
        n_comp=3,
        token_w=96,
        n_heads=8,
        mlp_ratio=4,
        n_blocks=8,
        n_classes=3,
        drop_p=0.1):
    """Assemble the picker network.
    :window_len: samples in one window
    :patch_len: samples per patch (per channel)
    :n_comp: seismometer components
    :token_w: width of every token
    :n_heads: heads per attention layer
    :mlp_ratio: MLP hidden width divided by token_w
    :n_blocks: how many encoder blocks to stack
    :n_classes: size of the softmax output
    :returns: the uncompiled keras.Model
    """
    n_patches = window_len // patch_len
    mlp_w = token_w * mlp_ratio
    wave_input = layers.Input(shape=(window_len, n_comp))
    h = tf.keras.layers.Permute((2, 1))(wave_input)
    # cut each channel into patch_len-sample pieces
    h = tf.keras.layers.Reshape((n_comp, n_patches, patch_len))(h)
    h = MergeChannelPatches()(h)
    # project each patch to a token
    h = tf.keras.layers.Dense(token_w)(h)
    h = ClassTokenLayer(token_w)(h)
    h = LearnedPositions(n_tokens=n_patches + 1, width=token_w)(h)
    h = layers.Dropout(drop_p)(h)
    for _ in range(n_blocks):
        h = EncoderBlock(token_w, n_heads, mlp_w)(h)
    # classify from the first (class) token only
    h = tf.keras.layers.Lambda(lambda t: t[:, 0])(h)
    h = layers.Dropout(drop_p)(h)
    h = tf.keras.layers.Dense(mlp_w, activation='gelu')(h)
    h = layers.Dropout(drop_p)(h)
    class_probs = layers.Dense(n_classes, activation='softmax')(h)
    vit = keras.Model(inputs=wave_input, outputs=class_probs)
    return vit


# Every window of the SCSN 2000-2017 archive is read into RAM at this point
# (about 21 GB according to the original authors).
train_X, test_X, train_y, test_y\
    = split_archive_train_test('DATA/scsn_ps_2000_2017_shuf.hdf5', 0.1)
# feed both parts to Keras through tf.data
train_dataset = tf.data.Dataset.from_tensor_slices(
    (train_X, train_y)).batch(480)
test_dataset = tf.data.Dataset.from_tensor_slices(
    (test_X, test_y)).batch(480)

phase_model = build_phase_picker(
    window_len=400,
    patch_len=25,
    n_comp=3,
    token_w=64,
    n_heads=8,
    mlp_ratio=4,
    n_blocks=8,
    n_classes=3,
    drop_p=0.1)

LEARN_RATE = 0.001
phase_model.compile(
    optimizer=keras.optimizers.Adam(learning_rate=LEARN_RATE),
    loss=keras.losses.SparseCategoricalCrossentropy(),
    metrics=[keras.metrics.SparseCategoricalAccuracy()],)

print("training the phase picker")
history_obj = phase_model.fit(
    train_dataset,
    epochs=20,
    validation_data=(test_dataset),
)

phase_model.save_weights('WEIGHTS/model.240K.V2.hd5', save_format='h5')
