"""`oomdoctor check`: a Keras model built in a class's __init__, the class made anew on every pass of a loop over
folds (leave-one-subject-out cross-validation), with no clear_session()."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "models-in-loop"]


FOLDS = ("import tensorflow as tf\n{builder_import}\n\nclass FoldTrainer:\n    def __init__(self, subjects, units):\n"
         "        self.subjects = subjects\n        self.model = {builder}\n\n    def train(self, x, y):\n"
         "        self.model.compile('adam', 'mse')\n        self.model.fit(x, y, epochs=50)\n\n\n"
         "for k in range(15):\n{clear}    trainer = FoldTrainer([s for s in range(15) if s != k], 64)\n"
         "    trainer.train(x_all, y_all)\n")
KERAS = "tf.keras.Sequential([tf.keras.layers.LSTM(units), tf.keras.layers.Dense(1)])"


@pytest.mark.parametrize("builder_import, builder, clear, expected", [
    ("", KERAS, "", [15]),
    # built by a module that is not beside the script: its fit() in a method says it is a Keras model
    ("from .define_model import cnn_lstm", "cnn_lstm(units)", "", [15]),
    ("", KERAS, "    tf.keras.backend.clear_session()\n", []),
])
def test_a_model_built_in_the_init_of_a_class_made_each_fold(builder_import, builder, clear, expected, tmp_path):
    source = FOLDS.format(builder_import=builder_import, builder=builder, clear=clear)
    assert _lines(tmp_path, source) == [line + (1 if clear else 0) for line in expected]


SWEEP = ("import numpy as np\nfrom tensorflow import keras\n\n\n"
         "def train(kind, epochs):\n    xs = np.load('x.npy', mmap_mode='r')\n    ys = np.load('y.npy')\n"
         "    model = {builder}\n    model.compile('adam', 'sparse_categorical_crossentropy')\n"
         "    {fit}\n\n\ndef run_all():\n    for kind in ['c3d', 'lrcn', 'lstm']:\n{clear}"
         "        train(kind, 10)\n\n\nrun_all()\n")
CONV = ("keras.Sequential([keras.layers.Conv3D(64, 3, activation='relu'), keras.layers.GlobalAveragePooling3D(), "
        "keras.layers.Dense(10)])")


@pytest.mark.parametrize("builder, fit, clear, expected", [
    # check_heldout113's video classifiers: run_all trains each net by calling train(), which builds and fits it
    (CONV, "model.fit(xs, ys, epochs=epochs)", "", [8]),
    (CONV, "model.fit(xs, ys, epochs=epochs)", "        keras.backend.clear_session()\n", []),
    # a model given to the function, or one the function builds and never trains: nothing new trained each pass
    (CONV, "print(model.count_params())", "", []),
])
def test_a_model_built_and_trained_by_a_function_called_each_pass(builder, fit, clear, expected, tmp_path):
    source = SWEEP.format(builder=builder, fit=fit, clear=clear)
    assert _lines(tmp_path, source) == expected
