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


@pytest.mark.parametrize("padding, expected", [
    # Keras 1's VGG: ZeroPadding2D((1, 1)) before every 3 x 3 convolution keeps the map's size, so three poolings
    # leave 28 x 28 x 256 = 200,704 features for Dense(4096): 822 M weights
    ("ZeroPadding2D((1, 1))", ["200,704"]),
    ("ZeroPadding2D(padding=((1, 1), (1, 1)))", ["200,704"]),
    ("ZeroPadding2D()", ["200,704"]),
    # without it each convolution takes 2 rows and columns off: 24 x 24 x 256 = 147,456, still huge
    ("Dropout(0.1)", ["147,456"]),
])
def test_zero_padding_is_counted_in_the_maps_size(padding, expected, tmp_path):
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, Dense, Dropout, Flatten, "
              "InputLayer, MaxPooling2D, ZeroPadding2D\n\nnet = Sequential()\n"
              "net.add(InputLayer(input_shape=(224, 224, 3)))\n")
    for filters in (64, 128, 256):
        source += (f"net.add({padding})\nnet.add(Conv2D({filters}, (3, 3), activation='relu'))\nnet.add({padding})\n"
                   f"net.add(Conv2D({filters}, (3, 3), activation='relu'))\n"
                   "net.add(MaxPooling2D((2, 2), strides=(2, 2)))\n")
    script = tmp_path / "net.py"
    script.write_text(source + "net.add(Flatten())\nnet.add(Dense(4096, activation='relu'))\n")
    messages = [f.message for f in check_source(script) if f.rule == "flatten-dense"]
    assert [m.split("Flatten hands ")[1].split(" features")[0] for m in messages] == expected


@pytest.mark.parametrize("after, expected", [
    # a VGG-like network written out layer by layer and given converted weights, then run to extract features:
    # no gradient, no Adam
    ("for layer in net.layers:\n    layer.set_weights(converted[layer.name])\nfeatures = net.predict(frames)\n", []),
    ("net.load_weights('vgg16.h5')\nfeatures = net.predict(frames)\n", []),
    # the same network trained: its 38 M-weight head (12 x 12 x 64 into 4,096) with its gradient and Adam's slots
    ("net.load_weights('vgg16.h5')\nnet.compile('adam', 'mse')\nnet.fit(frames, targets)\n", [14]),
])
def test_a_published_network_given_its_weights_and_not_trained_is_no_huge_head(after, expected, tmp_path):
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, Dense, Flatten, MaxPooling2D, "
              "ZeroPadding2D\n\nnet = Sequential()\nnet.add(ZeroPadding2D((1, 1), input_shape=(224, 224, 3)))\n")
    source += "net.add(Conv2D(64, (3, 3), activation='relu'))\nnet.add(MaxPooling2D((2, 2), strides=(2, 2)))\n" * 4
    source += "net.add(Flatten())\nnet.add(Dense(4096, activation='relu'))\n" + after
    assert _lines(tmp_path, source) == expected


def test_a_builder_that_may_load_weights_and_returns_the_model_is_still_judged(tmp_path):
    # the gesture CNN (check_heldout7): its builder loads saved weights when asked and returns the model, which the
    # caller trains by another name
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, Dense, Flatten, MaxPooling2D\n\n\n"
              "def build(weights=None):\n    net = Sequential()\n"
              "    net.add(Conv2D(32, (3, 3), activation='relu', input_shape=(200, 200, 1)))\n"
              "    net.add(Conv2D(32, (3, 3), activation='relu'))\n    net.add(MaxPooling2D((2, 2)))\n"
              "    net.add(Flatten())\n    net.add(Dense(128, activation='relu'))\n"
              "    if weights:\n        net.load_weights(weights)\n    return net\n\n\n"
              "model = build()\nmodel.compile('adam', 'mse')\nmodel.fit(x, y)\n")
    assert _lines(tmp_path, source) == [10]
