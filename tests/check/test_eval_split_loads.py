"""`oomdoctor check` on a script that loads each split of a data set whole (x_train = np.load('x_train.npy'), then
x_test's): said once, at the training set's load, which names the evaluation splits' lines; an evaluation split
loaded alone, or of a size the script shows, is said at its own line."""
import pytest

from oomdoctor.check import check_source


def _loads(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [(f.line, f.message) for f in check_source(script) if f.rule == "whole-dataset-load"]


SPLITS = ("import numpy as np\n\n{train}x_test = np.load('x_test.npy')\ny_test = np.load('y_test.npy')\n"
          "model.fit(x_train, y_train, epochs=5, validation_data=(x_test, y_test))\n")


def test_the_training_sets_load_names_the_evaluation_splits(tmp_path):
    found = _loads(tmp_path, SPLITS.format(train="x_train = np.load('x_train.npy')\n"
                                                 "y_train = np.load('y_train.npy')\n"))
    assert [line for line, _message in found] == [3]
    assert "(line 5 of train.py)" in found[0][1]


@pytest.mark.parametrize("train", ["", "x_train = np.load('x_train.npy', mmap_mode='r')\n"])
def test_an_evaluation_split_loaded_without_the_training_sets_load_is_said_at_its_line(tmp_path, train):
    assert [line for line, _message in _loads(tmp_path, SPLITS.format(train=train))] == [3 + train.count("\n")]
