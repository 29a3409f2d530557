"""fit() given the training set that whole-dataset-load says is loaded whole (np.load of unknown length, handed to
the model), where the model's input shape shows image samples of 128 x 128 x 3 or more: a set a model is trained
or fine-tuned on holds thousands of them, and Keras's copy of the array into tensors is one more (in-memory-array).
Thumbnails (64 x 64) of an unknown count are not claimed."""
import pytest

from oomdoctor.check import check_source

SOURCE = """import numpy as np
import tensorflow as tf


def load_split(folder):
    pics = np.load(folder + '/pics.npy')
    tags = np.load(folder + '/tags.npy')
    return pics, tags


def train(folder, side={side}):
    pics, tags = load_split(folder)
    inputs = tf.keras.Input(shape=(side, side, 3))
    trunk = tf.keras.applications.ResNet50(include_top=False, weights='imagenet', pooling='avg')
    trunk.trainable = False
    outputs = tf.keras.layers.Dense(4, activation='softmax')(trunk(inputs))
    clf = tf.keras.Model(inputs, outputs)
    clf.compile('adam', 'sparse_categorical_crossentropy')
    clf.fit({given}, tags, batch_size=32, epochs=20)


train('/data/scans')
"""


def _fit_lines(tmp_path, side, given="pics") -> list[int]:
    script = tmp_path / "finetune.py"
    script.write_text(SOURCE.format(side=side, given=given))
    return [f.line for f in check_source(script) if f.rule == "in-memory-array"]


@pytest.mark.parametrize("side", [128, 224, 299])
def test_images_loaded_whole_and_given_to_fit(side, tmp_path):
    assert _fit_lines(tmp_path, side) == [19]


def test_thumbnails_of_an_unknown_count_are_not_claimed(tmp_path):
    assert _fit_lines(tmp_path, 64) == []


def test_an_array_built_in_the_script_is_not_this(tmp_path):
    # no whole load: what fit() gets is made here, of a size the script shows (a few hundred zeros)
    assert _fit_lines(tmp_path, 224, given="np.zeros((200, 224, 224, 3), dtype='uint8')") == []
