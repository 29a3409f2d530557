"""Keras's torch backend: the train step traced on fake tensors (oomdoctor.keras.backends.torch_trace).

Each estimate here starts a child process with KERAS_BACKEND=torch (about 5 s), so the models are small.
"""

import dataclasses
import json
from pathlib import Path

import keras
import pytest

import oomdoctor
from oomdoctor.keras.job import make_job, reestimate

pytest.importorskip("torch")

L = keras.layers
DISTILLER = Path(__file__).parents[1] / "models" / "distiller.py"


def _estimate(model, batch, **kwargs):
    return oomdoctor.estimate(model, batch, backend="torch", gpu="H200", **kwargs)


def _row(est, type_name):
    return next(r for r in est.layers if r.type == type_name)


def test_max_pooling_keeps_int64_argmax_indices_and_relu_its_output():
    model = keras.Sequential([keras.Input((32, 32, 8)), L.Conv2D(16, 3, padding="same", activation="relu"),
                              L.MaxPooling2D(), L.Flatten(), L.Dense(10)])
    est = _estimate(model, 16)
    assert any("fake tensors" in n for n in est.notes), est.notes
    pooled = 16 * 16 * 16 * 16  # batch x 16 x 16 x 16 channels
    # torch's max_pool2d_with_indices keeps one int64 index per output element for the backward pass,
    # and Keras copies the pooled output back to channels-last (.contiguous()), which the Dense keeps
    assert _row(est, "MaxPooling2D").activation_bytes >= pooled * (8 + 4)
    conv_out = 16 * 32 * 32 * 16 * 4
    assert _row(est, "Conv2D").activation_bytes >= conv_out  # relu's result, kept by relu's backward
    assert sum(est.breakdown.values()) == est.peak_bytes


def test_dropout_keeps_the_fused_kernels_one_byte_mask():
    # On a GPU aten::dropout runs the fused native_dropout (a bool mask); the CPU path would keep a float one.
    model = keras.Sequential([keras.Input((256,)), L.Dense(512), L.Dropout(0.5), L.Dense(10)])
    est = _estimate(model, 64)
    assert _row(est, "Dropout").activation_bytes == 64 * 512 * (4 + 1)  # output (kept by the Dense) + mask


def test_other_batch_sizes_replay_the_same_trace_exactly():
    model = keras.Sequential([keras.Input((16, 16, 3)), L.Conv2D(8, 3, activation="relu"), L.BatchNormalization(),
                              L.GlobalAveragePooling2D(), L.Dense(4, activation="softmax")])
    job = make_job(model, 8, backend="torch", gpu="H200")
    traced = job.exact.keras_torch
    assert traced is not None and traced.recording is not None, traced
    replayed = reestimate(job, batch_size=24)
    fresh = make_job(model, 24, backend="torch", gpu="H200")
    assert replayed.peak_bytes == fresh.step().peak_bytes
    # a change other than the batch (here the optimizer) uses the table, scaled to the trace, and says so
    changed = reestimate(job, optimizer=dataclasses.replace(job.optimizer, spec=oomdoctor.keras.optimizers.spec_by_name("sgd")))
    assert any("scaled to the step traced at batch 8" in n for n in changed.notes), changed.notes


def test_sgd_reads_its_learning_rate_and_mixed_precision_halves_activations():
    # Keras's torch SGD passes the learning rate as a Python number (tensor.item()): the trace gives
    # fake tensors' data-dependent reads a stand-in value instead of failing.
    model = keras.Sequential([keras.Input((64, 64, 3)), L.Conv2D(32, 3, activation="relu"), L.Flatten(),
                              L.Dense(10)])
    f32 = _estimate(model, 32, optimizer="sgd")
    bf16 = _estimate(model, 32, optimizer="sgd", precision="mixed_bfloat16")
    assert any("fake tensors" in n for n in f32.notes + bf16.notes)
    assert _row(bf16, "Conv2D").activation_bytes < 0.6 * _row(f32, "Conv2D").activation_bytes


def test_without_the_trace_the_table_is_used_and_said(monkeypatch):
    monkeypatch.setenv("OOMDOCTOR_KERAS_TORCH_TRACE", "0")
    model = keras.Sequential([keras.Input((32,)), L.Dense(16)])
    est = _estimate(model, 8)
    assert any("per kind of layer" in n and "OOMDOCTOR_KERAS_TORCH_TRACE=0" in n for n in est.notes), est.notes


def test_a_custom_layer_and_a_subclassed_model_in_the_users_file_are_traced(tmp_path):
    # The child rebuilds the model by running the user's function again: a class defined only in
    # that file could not be rebuilt from the model's config there.
    from typer.testing import CliRunner

    from oomdoctor.cli import app

    source = tmp_path / "gated.py"
    source.write_text(
        "import keras\n"
        "class Gate(keras.layers.Layer):\n"
        "    def __init__(self, units, **kwargs):\n"
        "        super().__init__(**kwargs)\n"
        "        self.units = units\n"
        "        self.proj = keras.layers.Dense(units)\n"
        "    def call(self, x):\n"
        "        return x * keras.ops.sigmoid(self.proj(x))\n"
        "def build():\n"
        "    inp = keras.Input((32,))\n"
        "    return keras.Model(inp, keras.layers.Dense(4)(Gate(32)(inp)))\n"
        "class Net(keras.Model):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.gate = Gate(32)\n"
        "        self.head = keras.layers.Dense(4)\n"
        "    def call(self, x):\n"
        "        return self.head(self.gate(x))\n"
        "def subclassed():\n"
        "    return Net()\n")
    # a subclassed model has no model.inputs: the child is given the input shape oomdoctor traced
    for function, extra in (("build", []), ("subclassed", ["--input-shape", "32"])):
        result = CliRunner().invoke(app, ["estimate", f"{source}:{function}", "--batch-size", "16", "--backend",
                                          "torch", "--json", *extra])
        assert result.exit_code == 0, result.output
        notes = json.loads(result.stdout)["notes"]
        assert any("fake tensors" in n for n in notes), (function, notes)


def test_the_largest_batch_replays_under_the_gpus_memory_and_one_more_does_not():
    model = keras.Sequential([keras.Input((128, 128, 3)), L.Conv2D(64, 3, activation="relu"), L.MaxPooling2D(),
                              L.Conv2D(64, 3, activation="relu"), L.GlobalAveragePooling2D(), L.Dense(10)])
    job = make_job(model, 8, backend="torch", gpu="4GiB")
    est = reestimate(job)
    largest = est.max_batch_size
    assert largest > 8 and est.fits
    assert reestimate(job, batch_size=largest).fits
    assert not reestimate(job, batch_size=largest + 1).fits


def test_the_previous_steps_input_batch_is_still_held():
    # keras.tree leaves each model input in a reference cycle that Python's collector frees when it
    # runs: the H200 showed the MLP's step-1 batch still on the device at the end of step 2.
    model = keras.Sequential([keras.Input((28, 28)), L.Flatten(), L.Dense(512, activation="relu"), L.Dense(10)])
    est = _estimate(model, 256)
    batch = 256 * 28 * 28 * 4
    assert 2 * batch <= est.breakdown["input_batch"] < 2 * batch + 4096, est.breakdown


_USER_MODELS = """
import numpy as np
import keras
from keras import layers


def _net():
    inputs = keras.Input((24,))
    x = layers.Lambda(lambda t: t * 0.5)(inputs)
    return keras.Model(inputs, layers.Dense(3, activation="softmax")(layers.Dense(64, activation="relu")(x)))


def compiled():
    model = _net()
    model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss="sparse_categorical_crossentropy")
    return model


def uncompiled():
    return _net()


def loss_dict_and_normalization():
    normalize = layers.Normalization()
    normalize.adapt(np.ones((8, 24), dtype="float32"))
    inputs = keras.Input((24,), name="features")
    x = layers.Dense(32, activation="relu")(normalize(inputs))
    model = keras.Model(inputs, {"kind": layers.Dense(4, activation="softmax", name="kind")(x),
                                 "score": layers.Dense(1, name="score")(x)})
    model.compile(optimizer="adam", loss={"kind": "sparse_categorical_crossentropy", "score": "mse"},
                  metrics={"kind": ["accuracy"]})
    return model
"""


def test_a_model_compiled_by_its_builder_traces_as_the_uncompiled_one_with_its_optimizer(tmp_path):
    from oomdoctor.keras.loading import load_model

    source = tmp_path / "user_models.py"
    source.write_text(_USER_MODELS)
    compiled = oomdoctor.estimate(load_model(f"{source}:compiled"), 16, backend="torch", gpu="H200")
    uncompiled = oomdoctor.estimate(load_model(f"{source}:uncompiled"), 16, optimizer="rmsprop", backend="torch",
                                    gpu="H200")
    assert compiled.engine == uncompiled.engine == "keras-torch-trace", compiled.notes
    assert compiled.peak_bytes == uncompiled.peak_bytes


def test_a_loss_dict_and_an_adapted_normalization_are_traced(tmp_path):
    from oomdoctor.keras.loading import load_model

    source = tmp_path / "user_models.py"
    source.write_text(_USER_MODELS)
    est = oomdoctor.estimate(load_model(f"{source}:loss_dict_and_normalization"), 16, backend="torch", gpu="H200")
    assert est.engine == "keras-torch-trace", est.notes


def test_a_metric_given_as_an_object_is_traced():
    # the metric makes its counters when constructed, before Keras builds its compiled metrics in the step
    model = keras.Sequential([keras.Input((12,)), L.Dense(16, activation="relu"), L.Dense(5)])
    model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=[keras.metrics.SparseCategoricalAccuracy(), "accuracy"])
    assert _estimate(model, 16).engine == "keras-torch-trace"


def test_a_model_with_its_own_compile_and_loss_and_a_metric_object_is_traced():
    from oomdoctor.keras.loading import load_model

    model = load_model(f"{DISTILLER}:distiller")
    assert model.compiled and model.temperature == 3  # its own compile() ran, and Keras's
    est = oomdoctor.estimate(model, 16, backend="torch", gpu="H200", input_shape=(12,))
    assert est.engine == "keras-torch-trace", est.notes
    assert est.optimizer == "Adam"


def test_a_model_keras_cannot_build_on_torch_is_refused_in_one_line_and_a_trace_failure_is_not(tmp_path, capsys):
    # Keras refuses some models on its torch backend (NASNetMobile: "not available with the torch backend");
    # there is no step to estimate there. A builder that fails only on the trace's meta device (it reads a
    # weight's values) builds for a user, so the table answers and says why.
    from typer.testing import CliRunner

    from oomdoctor.cli import app, main

    source = tmp_path / "backends.py"
    source.write_text(
        "import keras\n"
        "def _net():\n"
        "    inp = keras.Input((8,))\n"
        "    return keras.Model(inp, keras.layers.Dense(2)(inp))\n"
        "def not_on_torch():\n"
        "    if keras.backend.backend() == 'torch':\n"
        "        raise ValueError('TinyNet is not available with the torch backend at this time.')\n"
        "    return _net()\n"
        "def reads_its_weights():\n"
        "    model = _net()\n"
        "    float(keras.ops.convert_to_numpy(model.layers[-1].kernel).sum())\n"
        "    return model\n")
    assert main(["estimate", f"{source}:not_on_torch", "-b", "4", "--backend", "torch"]) == 2
    out, err = capsys.readouterr()
    lines = [line for line in err.splitlines() if line.strip()]
    assert not out and len(lines) == 1 and "cannot build this model on its torch backend" in lines[0], err
    assert "TinyNet is not available with the torch backend" in lines[0] and "--backend jax" in lines[0]

    fallback = CliRunner().invoke(app, ["estimate", f"{source}:reads_its_weights", "-b", "4", "--backend", "torch",
                                        "--json"])
    assert fallback.exit_code == 0, fallback.output
    report = json.loads(fallback.stdout)
    assert report["engine"] == "table" and "meta" in report["engine_reason"], report["engine_reason"]
