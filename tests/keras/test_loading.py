"""A user's builder loaded as oomdoctor loads it (oomdoctor.keras.loading)."""
import collections
import textwrap

import keras
from keras.src.backend.common import global_state

from oomdoctor.keras.loading import load_model

_BUILDER = textwrap.dedent("""
    import keras

    def build():
        with open(__file__ + ".calls", "a") as calls:
            calls.write("x")
        inputs = keras.Input((16,))
        x = keras.layers.Dense(32, activation="relu")(inputs)
        outputs = keras.layers.Dense(3, activation="softmax")(keras.layers.Dense(8)(x))
        model = keras.Model(inputs, outputs)
        # an optimizer made from values cannot be made in oomdoctor's StatelessScope: the builder runs again
        schedule = keras.optimizers.schedules.CosineDecay(1e-3, 1000)
        model.compile(optimizer=keras.optimizers.AdamW(schedule), loss="sparse_categorical_crossentropy")
        return model
""")


def test_a_builder_run_twice_names_its_layers_as_one_run_does(tmp_path):
    script = tmp_path / "twice.py"
    script.write_text(_BUILDER)
    before = collections.defaultdict(int, global_state.get_global_attribute("object_name_uids") or {})
    loaded = load_model(f"{script}:build")
    assert (tmp_path / "twice.py.calls").read_text() == "xx"  # the path this test is about was taken

    global_state.set_global_attribute("object_name_uids", before)  # the user's process, where it runs once
    with keras.StatelessScope(initialize_variables=False):
        inputs = keras.Input((16,))  # the builder's layers, made in its order
        x = keras.layers.Dense(32)(inputs)
        once = keras.Model(inputs, keras.layers.Dense(3)(keras.layers.Dense(8)(x)))
    assert [layer.name for layer in loaded.layers] == [layer.name for layer in once.layers]
    assert loaded.name == once.name
