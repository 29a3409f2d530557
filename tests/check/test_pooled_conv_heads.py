"""`oomdoctor check`: flatten-dense where a pooling between the convolutions shrinks the map by an unshown amount."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str) -> list[int]:
    script = tmp_path / "net.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "flatten-dense"]


@pytest.mark.parametrize("middle, expected", [
    # pooled between the convolutions: the map is smaller by a factor, of an image whose size the script does not
    # show, so the head's size is unknown and "no pooling" would be untrue
    ("layers.MaxPooling2D()", []),
    ("layers.AveragePooling2D(pool_size=(2, 2))", []),
    ("layers.MaxPool2D(2)", []),
    # no pooling anywhere: every pixel of the input reaches the Dense layer
    ("layers.BatchNormalization()", [12]),
])
def test_a_pooling_between_convolutions_of_an_unsized_input_is_not_no_pooling(middle, expected, tmp_path):
    source = ("import numpy as np\nfrom tensorflow.keras import layers, models\n\n\n"
              "class Encoder:\n    def __init__(self, sample_shape):\n        net = models.Sequential()\n"
              "        net.add(layers.Conv2D(32, (3, 3), activation='relu', input_shape=sample_shape))\n"
              f"        net.add({middle})\n"
              "        net.add(layers.Conv2D(64, (3, 3), activation='relu'))\n"
              "        net.add(layers.Conv2D(64, (3, 3), activation='relu'))\n"
              "        net.add(layers.Flatten())\n        net.add(layers.Dense(256, activation='relu'))\n"
              "        self.net = net\n\n\n"
              "pics = np.load('pics.npy', mmap_mode='r')\nmodel = Encoder(pics.shape[1:]).net\n")
    assert _lines(tmp_path, source) == expected


@pytest.mark.parametrize("pooled, expected", [
    # Sequential([...]) of an unsized input, pooled between the convolutions: quiet
    ("tf.keras.layers.MaxPooling2D(),", []),
    ("", [9]),
])
def test_a_pooled_sequential_list_of_an_unsized_input(pooled, expected, tmp_path):
    source = ("import tensorflow as tf\n\n\ndef build(shape):\n    return tf.keras.Sequential([\n"
              "        tf.keras.layers.Conv2D(16, 3, activation='relu', input_shape=shape),\n"
              f"        {pooled}\n"
              "        tf.keras.layers.Conv2D(32, 3, activation='relu'),\n"
              "        tf.keras.layers.Flatten(),\n        tf.keras.layers.Dense(128),\n    ])\n\n\n"
              "model = build(SHAPE)\n")
    assert _lines(tmp_path, source) == expected


def test_a_pooled_stack_of_a_sized_input_with_a_huge_head_is_still_said(tmp_path):
    # the input's size shown: a pooling between the convolutions still leaves a head of 300 M weights
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, MaxPooling2D, Flatten, Dense\n\n"
              "model = Sequential()\nmodel.add(Conv2D(64, (3, 3), activation='relu', input_shape=(512, 512, 3)))\n"
              "model.add(MaxPooling2D())\nmodel.add(Conv2D(64, (3, 3), activation='relu'))\n"
              "model.add(Flatten())\nmodel.add(Dense(512))\n")
    assert _lines(tmp_path, source) == [8]
