"""`oomdoctor check`'s flatten-dense on convolutions written after a keras.applications backbone: the map they run
over is the backbone's, pooled by it already (VGG cut at a pooling block, ResNet's last stage), so "Flatten right
after convolutions, with no pooling" is not said where the script does not show the size; convolutions over the
raw input, with no pooling, still are."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "flatten-dense"]


FUNCTIONAL = ("from tensorflow import keras\nfrom tensorflow.keras import layers\n\n\n"
              "def head_on(side):\n    inputs = keras.Input(shape=(side, side, 3))\n"
              "{trunk}"
              "    z = layers.Conv2D(8, 3, padding='same', activation='relu')(z)\n"
              "    z = layers.Flatten()(z)\n    z = layers.Dense(256, activation='relu')(z)\n"
              "    return keras.Model(inputs, layers.Dense(4, activation='softmax')(z))\n")


@pytest.mark.parametrize("trunk", [
    "    base = keras.applications.VGG16(include_top=False, input_tensor=inputs)\n"
    "    z = base.get_layer('block4_pool').output\n",
    "    base = keras.applications.ResNet50(weights='imagenet', include_top=False, input_tensor=inputs)\n"
    "    z = base.output\n",
    "    z = keras.applications.MobileNetV2(include_top=False)(inputs)\n",
])
def test_convolutions_over_a_backbones_map_are_not_unpooled(trunk, tmp_path):
    assert _lines(tmp_path, FUNCTIONAL.format(trunk=trunk)) == []


def test_convolutions_over_the_raw_input_with_no_pooling_are_still_said(tmp_path):
    source = FUNCTIONAL.format(trunk="    z = layers.Conv2D(16, 3, activation='relu')(inputs)\n")
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "Flatten()" in text)
    assert _lines(tmp_path, source) == [line]
