"""`oomdoctor check`'s flatten-dense where the script calls, once, a model builder imported from a local module:
the builder's body reads its own module's top-level numbers (IMG = 256 in nets.py), not the caller's; the caller's
numbers reach it only as the arguments it passes."""
import textwrap

import pytest

from oomdoctor.check import check_source


def findings(tmp_path, builder: str, main: str) -> list[tuple[str, int]]:
    (tmp_path / "nets.py").write_text(textwrap.dedent(builder))
    script = tmp_path / "fit_images.py"
    script.write_text(textwrap.dedent(main))
    return [(f.file.rsplit("/", 1)[-1], f.line) for f in check_source(script) if f.rule == "flatten-dense"]


SEQUENTIAL = """\
    import tensorflow as tf

    SIDE = {side}
    BANDS = 3


    def build(width):
        net = tf.keras.Sequential()
        net.add(tf.keras.layers.Conv2D(64, 3, activation="relu", input_shape=(SIDE, SIDE, BANDS)))
        net.add(tf.keras.layers.Conv2D(width, 3, activation="relu"))
        net.add(tf.keras.layers.Flatten())
        net.add(tf.keras.layers.Dense(512, activation="relu"))
        net.add(tf.keras.layers.Dense(10))
        return net
"""

FUNCTIONAL = """\
    from keras import layers, Model

    LENGTH = {side}
    UNITS = 1000


    def build(width):
        signal = layers.Input(shape=(LENGTH * 10, 4))
        h = layers.Conv1D(width, 9, activation="relu")(signal)
        h = layers.MaxPooling1D(pool_size=2)(h)
        h = layers.Conv1D(width, 9, activation="relu")(h)
        h = layers.Flatten()(h)
        out = layers.Dense(UNITS, activation="sigmoid")(h)
        return Model(signal, out)
"""

MAIN = """\
    import numpy as np
    from nets import build

    KERNELS = 128


    def main():
        net = build(KERNELS)
        net.compile("adam", "mse")


    if __name__ == "__main__":
        main()
"""


@pytest.mark.parametrize("builder, line", [(SEQUENTIAL, 11), (FUNCTIONAL, 12)])
def test_a_builder_reads_its_own_modules_numbers(tmp_path, builder, line):
    # 252 x 252 x 128 = 8.1M features into Dense(512); 1,484 x 128 = 190K features into Dense(1000)
    assert findings(tmp_path, builder.format(side=256 if builder is SEQUENTIAL else 300), MAIN) == \
        [("nets.py", line)]


@pytest.mark.parametrize("builder", [SEQUENTIAL, FUNCTIONAL])
def test_a_builder_of_a_small_input_from_its_module_says_nothing(tmp_path, builder):
    # 12 x 12 x 128 = 18K features into Dense(512); 16 x 10 = 160 steps, 66 x 128 = 8.4K features into Dense(1000):
    # heads of a few million weights
    assert findings(tmp_path, builder.format(side=16), MAIN) == []
