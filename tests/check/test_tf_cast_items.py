"""`oomdoctor check` on one decoded file cast by TensorFlow to a dtype it names (tf.cast(img, tf.float16),
tf.convert_to_tensor(img, dtype=...)): the sample is held in that dtype, and a division by 255 afterwards keeps it
(TensorFlow does not promote a float16 or float32 tensor divided by a Python float to float64). Small scripts written
here, with the writings that do make each file float64 beside them."""
import pytest

from oomdoctor.check import check_source


def _found(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "prepare.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


READER = ("import glob\nimport numpy as np\nimport tensorflow as tf\n\n\n"
          "class TileReader:\n    def __init__(self, pattern):\n        self.paths = sorted(glob.glob(pattern))\n\n"
          "    def load(self):\n        kept = []\n        for p in self.paths:\n"
          "            px = tf.io.decode_jpeg(tf.io.read_file(p), channels=3)\n"
          "{convert}\n            kept.append(px)\n        return kept\n\n\n"
          "tiles = TileReader('tiles/*.jpg').load()\n"
          "ds = tf.data.Dataset.from_tensor_slices(tf.stack(tiles)).batch(4)\n")


@pytest.mark.parametrize("convert", [
    "            px = tf.cast(px, tf.float16) / 255.0",
    "            px = tf.cast(px, 'float16') / 255.",
    "            px = tf.cast(px, dtype=tf.float16) * (1. / 255)",
    "            px = tf.convert_to_tensor(px, dtype=tf.float16) / 255",
    "            px = tf.cast(px, tf.bfloat16)\n            px = px / 255.0",
])
def test_a_file_cast_to_a_half_float_and_scaled_is_not_made_float64(convert, tmp_path):
    source = READER.format(convert=convert)
    assert _found(tmp_path, source, "dtype-blowup") == []
    assert _found(tmp_path, source, "eager-loading")  # every tile is still kept: said as such


@pytest.mark.parametrize("convert", [
    "            px = tf.cast(px, tf.float32) / 255.0",
    "            px = tf.convert_to_tensor(px, dtype='float32') * (1 / 255.)",
])
def test_a_file_cast_to_float32_and_scaled_is_said_as_float32(convert, tmp_path):
    # as img.astype(np.float32) kept for every file: 4 bytes a value where the pixel took 1, not 8
    script = tmp_path / "prepare.py"
    script.write_text(READER.format(convert=convert))
    findings = check_source(script)
    assert [f for f in findings if f.rule == "dtype-blowup"] == []  # the dtype the model trains in: no second problem
    said = [f for f in findings if f.rule == "eager-loading"]
    assert len(said) == 1 and "kept as float32" in said[0].message and "float64" not in said[0].message


@pytest.mark.parametrize("convert", [
    "            px = px.numpy() / 255.0",  # a NumPy array of uint8 divided: float64
    "            px = tf.cast(px, tf.float64) / 255.0",  # float64 named
])
def test_a_file_made_float64_is_still_said(convert, tmp_path):
    source = READER.format(convert=convert)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "255" in text)
    assert _found(tmp_path, source, "dtype-blowup") == [line]
