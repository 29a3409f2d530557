"""Flatten of a keras.applications backbone's map (include_top=False) into a Dense head: the map is the input's
height and width / 32 times the backbone's channels, so the head's kernel is known from the input shape; said
when it is huge (30 M weights or more), not when the backbone is pooled or the head is small."""
import pytest

from oomdoctor.check import check_source


def _flatten_lines(tmp_path, source: str) -> list[int]:
    script = tmp_path / "finetune.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "flatten-dense"]


SEQUENTIAL = """from tensorflow import keras
from tensorflow.keras.applications import {backbone}

SIDE = {side}


def build(classes):
    base = {backbone}(weights='imagenet', include_top=False, input_shape=(SIDE, SIDE, 3){extra})
    base.trainable = False
    return keras.Sequential([
        base,
        keras.layers.Flatten(),
        keras.layers.Dense({units}, activation='relu'),
        keras.layers.Dense(classes, activation='softmax'),
    ])


net = build(10)
"""


@pytest.mark.parametrize("backbone, side, units", [
    ("VGG19", 224, 2048),    # 7 x 7 x 512 = 25,088 x 2,048 = 51 M
    ("ResNet50", 160, 1024),  # 5 x 5 x 2,048 = 51,200 x 1,024 = 52 M
    ("DenseNet121", 256, 512),  # 8 x 8 x 1,024 = 65,536 x 512 = 34 M
])
def test_a_backbone_flattened_into_a_huge_head(backbone, side, units, tmp_path):
    source = SEQUENTIAL.format(backbone=backbone, side=side, units=units, extra="")
    assert _flatten_lines(tmp_path, source) == [12]


@pytest.mark.parametrize("backbone, side, units, extra", [
    ("VGG19", 224, 2048, ", pooling='avg'"),  # pooled inside: 512 features
    ("VGG19", 224, 256, ""),  # 25,088 x 256 = 6.4 M: not a memory problem
    ("MobileNetV2", 96, 1024, ""),  # 3 x 3 x 1,280 x 1,024 = 11.8 M
])
def test_a_pooled_backbone_or_a_small_head_is_not_said(backbone, side, units, extra, tmp_path):
    source = SEQUENTIAL.format(backbone=backbone, side=side, units=units, extra=extra)
    assert _flatten_lines(tmp_path, source) == []


FUNCTIONAL = """import keras
from keras.applications.vgg16 import VGG16
from keras.layers import Dense, Flatten, GlobalAveragePooling2D
from keras.models import Model

shape = (192, 192, 3)
trunk = VGG16(input_shape=shape, weights='imagenet', include_top=False)
for layer in trunk.layers:
    layer.trainable = False
z = trunk.output
{between}z = Flatten()(z)
z = Dense(4096, activation='relu')(z)
z = Dense(3, activation='softmax')(z)
clf = Model(trunk.input, z)
"""


def test_the_functional_api_over_a_backbone(tmp_path):
    # 6 x 6 x 512 = 18,432 x 4,096 = 75 M weights
    assert _flatten_lines(tmp_path, FUNCTIONAL.format(between="")) == [11]


def test_a_global_pooling_before_flatten_is_not_said(tmp_path):
    assert _flatten_lines(tmp_path, FUNCTIONAL.format(between="z = GlobalAveragePooling2D()(z)\n")) == []
