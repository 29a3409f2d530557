"""`oomdoctor check`'s models-in-loop on a loop whose body ends in an unconditional break (a search or k-fold loop
cut to its first pass while the author debugs): it builds one model, nothing piles up. A break under an if still
leaves every pass possible."""
import textwrap

import pytest

from oomdoctor.check import check_source


def models_in_loop(tmp_path, source: str) -> list[int]:
    script = tmp_path / "search.py"
    script.write_text(textwrap.dedent(source))
    return [f.line for f in check_source(script) if f.rule == "models-in-loop"]


SEARCH = textwrap.dedent("""\
    import tensorflow as tf
    from tensorflow import keras


    class Search:
        def __init__(self, candidates, x, y):
            self.candidates, self.x, self.y = candidates, x, y

        def build(self, width):
            net = keras.Sequential([keras.layers.Dense(width, activation="relu"), keras.layers.Dense(1)])
            net.compile("adam", "mse")
            return net

        def run(self):
            for width in self.candidates:
                net = self.build(width)
    """) + "{body}\n"


@pytest.mark.parametrize("body", [
    "            net.fit(self.x, self.y, epochs=3)\n            break",
    "            with tf.device('/gpu:0'):\n                net.fit(self.x, self.y, epochs=3)\n                break",
    "            try:\n                net.fit(self.x, self.y, epochs=3)\n            finally:\n                break",
])
def test_a_loop_cut_to_its_first_pass_builds_one_model(tmp_path, body):
    assert models_in_loop(tmp_path, SEARCH.format(body=body)) == []


@pytest.mark.parametrize("body", [
    "            net.fit(self.x, self.y, epochs=3)",
    "            net.fit(self.x, self.y, epochs=3)\n            if net.evaluate(self.x, self.y) < 0.1:\n"
    "                break",
    "            net.fit(self.x, self.y, epochs=3)\n            for layer in net.layers:\n                break",
])
def test_every_pass_may_still_run(tmp_path, body):
    assert models_in_loop(tmp_path, SEARCH.format(body=body)) == [16]


def test_a_while_loop_cut_to_one_pass(tmp_path):
    source = """\
        from keras.models import Sequential
        from keras.layers import Dense

        while True:
            model = Sequential([Dense(512, input_dim=100), Dense(1)])
            model.compile(optimizer="sgd", loss="mse")
            model.fit(X, Y)
            break
    """
    assert models_in_loop(tmp_path, source) == []
