"""`oomdoctor check`: the pictures a script decodes only after it has trained, and hands only to predict() (the few
it colourises or labels with the finished model), are not weighed as a data set: nothing shows their count."""
import pytest

from oomdoctor.check import check_source

_TRAIN = ("import glob\n\nimport cv2\nimport numpy as np\nfrom tensorflow import keras\n\n"
          "shots = np.stack([cv2.imread(p) for p in glob.glob('train/*.png')]).astype('float32') / 255\n"
          "net = keras.Sequential([keras.layers.Conv2D(3, 3, padding='same')])\n"
          "net.compile('adam', 'mse')\n"
          "net.fit(shots, shots, epochs=3)\n")


def _rules(tmp_path, tail: str) -> list[tuple[int, str]]:
    script = tmp_path / "paint.py"
    script.write_text(_TRAIN + tail)
    return [(f.line, f.rule) for f in check_source(script) if f.line > 10 and f.kind == "memory"]


_LOOP = ("todo = []\n"
         "for p in glob.glob('unseen/*.png'):\n"
         "    todo.append({kept})\n"
         "todo = np.array(todo, dtype={dtype})\n")


@pytest.mark.parametrize("kept, dtype", [
    ("cv2.imread(p)", "float"),
    ("cv2.imread(p).astype(np.float32)", "np.float64"),
    ("keras.utils.img_to_array(keras.utils.load_img(p))", "'float64'"),
])
@pytest.mark.parametrize("use", [
    "out = net.predict(todo / 255.)\n",
    "for k, picture in enumerate(net.predict(todo)):\n    cv2.imwrite(f'out{k}.png', picture)\n",
])
def test_pictures_only_predicted_once_trained_are_left_alone(kept, dtype, use, tmp_path):
    assert _rules(tmp_path, _LOOP.format(kept=kept, dtype=dtype) + use) == []


@pytest.mark.parametrize("use", [
    # scored against targets as well: a test set, weighed as one
    "print(net.evaluate(todo, todo))\nout = net.predict(todo)\n",
    # trained on again
    "net.fit(todo, todo, epochs=1)\nout = net.predict(todo)\n",
])
def test_pictures_also_evaluated_or_trained_on_are_weighed(use, tmp_path):
    rules = {rule for _line, rule in _rules(tmp_path, _LOOP.format(kept="cv2.imread(p)", dtype="float") + use)}
    assert {"eager-loading", "dtype-blowup"} <= rules


def test_pictures_predicted_before_training_are_weighed(tmp_path):
    script = tmp_path / "paint.py"
    script.write_text("import glob\n\nimport cv2\nimport numpy as np\nfrom tensorflow import keras\n\n"
                      "net = keras.models.load_model('painter.h5')\n"
                      + _LOOP.format(kept="cv2.imread(p)", dtype="float") +
                      "out = net.predict(todo)\n"
                      "net.fit(np.load('more.npy'), np.load('more_y.npy'), epochs=1)\n")
    rules = {f.rule for f in check_source(script) if f.kind == "memory"}
    assert {"eager-loading", "dtype-blowup"} <= rules
