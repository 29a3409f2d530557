"""XLA's GPU compiler run without a GPU: the JAX step's buffers as the target GPU lays them out."""

import json
import sys
from pathlib import Path

import keras
import pytest

import oomdoctor
from oomdoctor.keras.backends import xla_compile
from oomdoctor.keras.backends import xla
from oomdoctor.gpus import CATALOG, gpu_with_memory

H200 = CATALOG["H200"]

needs_plugin = pytest.mark.skipif(
    isinstance(xla_compile.gpu_topology(H200), xla_compile.NotCompiled),
    reason="JAX's CUDA plugin is not installed (pip install 'oomdoctor[xla-gpu]'); the table is used instead")


def test_target_config_describes_the_card():
    text = xla_compile.target_config(CATALOG["T4"])
    assert "cuda_compute_capability { major: 7 minor: 5 }" in text
    assert "core_count: 40" in text
    assert "memory_bandwidth: 320000000000" in text
    assert f"device_memory_size: {CATALOG['T4'].total_bytes}" in text


def test_a_gpu_known_by_its_memory_is_compiled_for_as_an_h200_of_that_size():
    gpu = gpu_with_memory("12GiB")
    text = xla_compile.target_config(gpu)
    assert "major: 9 minor: 0" in text and "core_count: 132" in text
    assert f"device_memory_size: {12 * 2**30}" in text


def _mlp(units=256):
    with keras.StatelessScope(initialize_variables=False):
        return keras.Sequential([keras.Input((64,)), keras.layers.Dense(units, activation="relu"),
                                 keras.layers.Dense(10, activation="softmax")])


@needs_plugin
def test_arguments_are_the_state_and_the_batch():
    model = _mlp()
    step = xla_compile.compiled_step(model, 32, "adam", H200, "float32")
    weights = (64 * 256 + 256 + 256 * 10 + 10) * 4
    batch = 32 * 64 * 4 + 32 * 4  # float32 inputs, int32 sparse labels
    counters = (2 + 2) * 4  # Adam's iteration and learning rate, the loss tracker's total and count
    assert step.argument_bytes == 3 * weights + batch + counters  # weights, Adam's two slots
    assert step.alias_bytes >= 3 * weights  # the new weights and slots overwrite the donated old ones
    assert step.temp_bytes > 0


def _attention(dtype):
    with keras.StatelessScope(initialize_variables=False):
        inputs = keras.Input((512, 256))
        x = keras.layers.MultiHeadAttention(4, 64, dtype=dtype)(inputs, inputs)
        outputs = keras.layers.Dense(2, activation="softmax")(keras.layers.GlobalAveragePooling1D()(x))
        return keras.Model(inputs, outputs)


@needs_plugin
def test_half_precision_attention_takes_cudnn_flash_attention_where_the_gpu_has_it():
    # A100 (8.0) runs cuDNN's flash attention: no batch x heads x L x L probabilities kept;
    # a T4 (7.5) cannot, and XLA keeps them (8 x 4 x 512 x 512 x 2 bytes = 16 MiB and more).
    model = _attention("mixed_float16")
    a100 = xla_compile.compiled_step(model, 8, "adam", CATALOG["A100-40GB"], "mixed_float16")
    t4 = xla_compile.compiled_step(model, 8, "adam", CATALOG["T4"], "mixed_float16")
    probabilities = 8 * 4 * 512 * 512 * 2
    assert t4.temp_bytes - a100.temp_bytes > probabilities


@needs_plugin
def test_lstm_runs_cudnn_with_its_reserve_space():
    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((100, 32)), keras.layers.LSTM(64),
                                  keras.layers.Dense(1, activation="sigmoid")])
    small = xla_compile.compiled_step(model, 16, "sgd", H200, "float32")
    large = xla_compile.compiled_step(model, 32, "sgd", H200, "float32")
    reserve = xla_compile._CUDNN_LSTM_RESERVE_FLOATS * 4 * 100 * 64  # per sample
    assert large.temp_bytes - small.temp_bytes >= 16 * reserve


@needs_plugin
def test_a_jax_estimate_uses_the_compiled_step_and_scales_it_for_other_batches():
    with keras.StatelessScope(initialize_variables=False):  # large activations: the step, not autotuning, peaks
        model = keras.Sequential([keras.Input((512, 256)), keras.layers.Dense(1024, activation="relu"),
                                  keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(10, activation="softmax")])
    est = oomdoctor.estimate(model, 64, optimizer="adam", backend="jax", gpu="H200")
    assert any("XLA's GPU compiler" in note for note in est.notes)
    assert est.max_batch_size > 64
    job = oomdoctor.keras.job.make_job(model, 64, optimizer="adam", backend="jax", gpu="H200")
    anchor = job.exact.xla_gpu_anchor
    assert anchor is not None and anchor.batch_size == 64
    # at the compiled batch the step holds XLA's buffer; elsewhere the table scaled to it
    facts = job.facts(64)
    assert facts.compiled_here and not job.facts(256).compiled_here
    here, _ = xla._compiled_breakdown(facts, anchor.step, xla.GPU_TABLE.kept_bytes(facts), anchor)
    assert here["gradients"] + here["activations"] == anchor.step.temp_bytes
    assert job.step(256).peak_bytes > job.step(64).peak_bytes


@pytest.mark.skipif(sys.platform != "linux", reason="JAX's CUDA plugin is built only for Linux")
def test_the_default_install_brings_the_compiler_and_the_ptxas_it_looks_for():
    """The plugin finds ptxas and libdevice beside it in site-packages (nvidia-cuda-nvcc-cu12), so the
    compile needs no CUDA toolkit on the user's machine. (This machine has one in /usr/local/cuda,
    which XLA would also take: the test asks for the wheel's, where XLA looks first.)"""
    import importlib.util

    assert xla_compile._cuda_plugin_installed()
    plugin = Path(importlib.util.find_spec("jax_plugins.xla_cuda12").origin).parent
    nvcc = plugin.parents[1] / "nvidia" / "cuda_nvcc"  # one of the paths XLA's ptxas search names
    assert (nvcc / "bin" / "ptxas").is_file(), nvcc
    assert (nvcc / "nvvm" / "libdevice" / "libdevice.10.bc").is_file(), nvcc


@needs_plugin
def test_the_compile_answers_when_the_users_own_keras_code_ran_jax_first():
    """The README's Python use: the user's Keras model, built on JAX before oomdoctor is called, makes
    JAX look for its plugins, and without CUDA's GPU libraries the plugin's version check leaves it
    unregistered. The estimate still gets XLA's GPU compile."""
    import os
    import subprocess

    code = (
        "import os; os.environ['KERAS_BACKEND'] = 'jax'\n"
        "import keras, oomdoctor\n"
        "model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(32), keras.layers.Dense(10)])\n"
        "import jax; jax.numpy.zeros(2).block_until_ready()  # JAX's plugins looked for, by the user's code\n"
        "print(oomdoctor.estimate(model, 16, optimizer='adam', backend='jax', gpu='T4').engine)\n")
    env = {k: v for k, v in os.environ.items() if k != "JAX_SKIP_CUDA_CONSTRAINTS_CHECK"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split()[-1] == "xla-gpu-compile", run.stderr[-2000:]


@needs_plugin
def test_a_missing_ptxas_is_named_with_the_package_that_brings_it(monkeypatch):
    import jax

    def no_ptxas(self, *args, **kwargs):
        raise jax.errors.JaxRuntimeError("UNAVAILABLE: No PTX compilation provider is available. Neither "
                                         "ptxas/nvlink nor nvjtlink is available.")

    monkeypatch.setattr(jax.stages.Lowered, "compile", no_ptxas)
    est = oomdoctor.estimate(_mlp(256), 16, optimizer="adam", backend="jax", gpu="T4")
    assert est.engine == "table"
    assert "found no ptxas" in est.engine_reason and "pip install nvidia-cuda-nvcc-cu12" in est.engine_reason


def test_without_the_compile_the_table_says_so(monkeypatch):
    monkeypatch.setenv("OOMDOCTOR_XLA_GPU_COMPILE", "0")
    est = oomdoctor.estimate(_mlp(512), 64, optimizer="adam", backend="jax", gpu="H200")
    assert any("modelled per kind of layer" in note for note in est.notes)


def test_the_table_note_prints_the_pip_extra_as_text(monkeypatch):
    import io

    from rich.console import Console

    from oomdoctor.render.terminal import render

    monkeypatch.setattr(xla_compile, "_cuda_plugin_installed", lambda: False)
    out = io.StringIO()
    render(oomdoctor.estimate(_mlp(512), 64, optimizer="adam", backend="jax"), Console(file=out, width=200))
    assert "pip install 'oomdoctor[xla-gpu]'" in out.getvalue()  # not eaten as rich markup
    assert "Sized by: the per-kind table" in out.getvalue()


_BUILDERS = """
import keras
from keras import layers


def _net():
    inputs = keras.Input((32, 32, 3))
    x = layers.Lambda(lambda t: t / 255.0)(inputs)
    x = layers.Conv2D(32, 3, activation="relu")(x)
    x = layers.GlobalAveragePooling2D()(x)
    return keras.Model(inputs, layers.Dense(10, activation="softmax")(x))


def compiled():
    model = _net()
    model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss="sparse_categorical_crossentropy")
    return model


def uncompiled():
    return _net()


def two_inputs_two_outputs():
    image = keras.Input((32, 32, 3), name="image")
    extra = keras.Input((8,), name="extra")
    x = layers.GlobalAveragePooling2D()(layers.Conv2D(16, 3)(image))
    x = layers.Concatenate()([x, extra])
    model = keras.Model({"image": image, "extra": extra},
                        {"kind": layers.Dense(5, activation="softmax", name="kind")(x),
                         "score": layers.Dense(1, name="score")(x)})
    model.compile(optimizer="adam", loss={"kind": "sparse_categorical_crossentropy", "score": "mse"},
                  loss_weights={"kind": 1.0, "score": 0.5}, metrics={"kind": ["accuracy"]})
    return model


class Tower(keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = layers.Conv2D(8, 3)
        self.head = layers.Dense(4)

    def call(self, x):
        return self.head(keras.ops.mean(self.conv(x), axis=(1, 2)))


def subclassed():
    model = Tower()
    model.build((None, 16, 16, 3))
    model.compile(optimizer="sgd", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model


class Sampling(layers.Layer):
    # as an older keras.io VAE writes it: no seed, which trains on TensorFlow and torch
    def call(self, inputs):
        mean, log_var = inputs
        return mean + keras.ops.exp(0.5 * log_var) * keras.random.normal(keras.ops.shape(mean))


def unseeded_vae():
    inputs = keras.Input((28, 28, 1))
    x = layers.Flatten()(layers.Conv2D(8, 3, strides=2, padding="same")(inputs))
    z = Sampling()([layers.Dense(2)(x), layers.Dense(2)(x)])
    x = layers.Reshape((14, 14, 8))(layers.Dense(14 * 14 * 8)(z))
    model = keras.Model(inputs, layers.Conv2DTranspose(1, 3, strides=2, padding="same", activation="sigmoid")(x))
    model.compile(optimizer="adam", loss="binary_crossentropy")
    return model
"""


@pytest.fixture
def builders(tmp_path):
    path = tmp_path / "builders.py"
    path.write_text(_BUILDERS)
    return path


@needs_plugin
def test_a_model_compiled_by_its_builder_is_compiled_as_the_uncompiled_one_with_its_optimizer(builders):
    from oomdoctor.keras.loading import load_model

    compiled = oomdoctor.estimate(load_model(f"{builders}:compiled"), 32, backend="jax", gpu="H200")
    uncompiled = oomdoctor.estimate(load_model(f"{builders}:uncompiled"), 32, optimizer="rmsprop", backend="jax",
                                    gpu="H200")
    assert compiled.engine == uncompiled.engine == "xla-gpu-compile", compiled.notes
    assert compiled.optimizer == uncompiled.optimizer == "RMSprop"
    assert compiled.peak_bytes == uncompiled.peak_bytes
    assert compiled.to_dict()["engine"] == "xla-gpu-compile" and compiled.to_dict()["engine_reason"] is None


@needs_plugin
@pytest.mark.parametrize("builder", ["two_inputs_two_outputs", "subclassed"])
def test_what_users_write_is_compiled(builders, builder):
    from oomdoctor.keras.loading import load_model

    est = oomdoctor.estimate(load_model(f"{builders}:{builder}"), 16, backend="jax", gpu="H200")
    assert est.engine == "xla-gpu-compile", est.notes


@needs_plugin
def test_a_model_with_its_own_compile_and_loss_is_compiled_with_its_labels():
    from oomdoctor.keras.loading import load_model

    model = load_model(f"{Path(__file__).parents[1] / 'models' / 'distiller.py'}:distiller")
    assert model.compiled and model.temperature == 3  # its own compile() ran, and Keras's
    est = oomdoctor.estimate(model, 16, backend="jax", gpu="H200", input_shape=(12,))
    assert est.engine == "xla-gpu-compile", est.notes
    assert est.optimizer == "Adam"


def test_unseeded_random_ops_are_traced_with_a_seed_and_keras_keeps_its_refusal_outside(builders):
    import jax
    import keras

    from oomdoctor.keras.loading import load_model

    model = load_model(f"{builders}:unseeded_vae")  # Keras alone refuses to build it on JAX
    est = oomdoctor.estimate(model, 16, backend="jax", gpu="H200" if xla_compile._cuda_plugin_installed() else None)
    assert est.engine != "table", est.engine_reason
    with pytest.raises(ValueError, match="JAX RNG"):  # the patch is gone: the user's own jit is warned as before
        jax.jit(lambda x: x + keras.random.normal((2,)))(jax.numpy.zeros(2))


def test_a_failed_compile_names_its_reason_and_the_table_answers(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the compiler fell over\nsecond line")

    monkeypatch.setattr(xla_compile, "_abstract_step", broken)
    monkeypatch.setattr(xla_compile, "_placement", lambda target: xla_compile._Placement(None, {}))
    est = oomdoctor.estimate(_mlp(384), 64, optimizer="adam", backend="jax", gpu="H200")
    assert est.engine == "table"
    assert est.engine_reason.endswith("RuntimeError: the compiler fell over")
    assert any("RuntimeError: the compiler fell over" in note for note in est.notes)
    assert est.safe_peak_bytes > est.peak_bytes


def test_loading_and_compiling_a_lambda_model_leaves_other_models_weights_unallocated(builders):
    """A Lambda computes its output shape in a StatelessScope of its own, whose exit into eager mode fills
    every variable still waiting: an earlier abstract model (the seed's 770 M parameters) would be allocated."""
    from oomdoctor.keras.loading import load_model

    with keras.StatelessScope(initialize_variables=False):
        waiting = _mlp(2048)
    model = load_model(f"{builders}:compiled")  # its optimizer is built in the builder: built for real
    oomdoctor.estimate(model, 8, backend="jax", gpu="H200")
    assert all(v._value is None for v in waiting.weights)


_TAPE_VAE = """
import keras
from keras import layers


class VAE(keras.Model):
    # keras.io's VAE: sub-models composed only in a TensorFlow train_step
    def __init__(self, encoder, decoder, **kwargs):
        super().__init__(**kwargs)
        self.encoder, self.decoder = encoder, decoder

    def train_step(self, data):
        with tf.GradientTape() as tape:  # tf is never imported: this step never runs here
            loss = keras.ops.mean(keras.ops.square(self.decoder(self.encoder(data)) - data))
        grads = tape.gradient(loss, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        return {"loss": loss}


class VAEWithCall(VAE):
    def call(self, x):
        return self.decoder(self.encoder(x))


def _parts():
    encoder = keras.Sequential([keras.Input((16,)), layers.Dense(4)])
    decoder = keras.Sequential([keras.Input((4,)), layers.Dense(16)])
    return encoder, decoder


def without_call():
    model = VAE(*_parts())
    model.compile(optimizer="adam")
    return model


def with_call():
    model = VAEWithCall(*_parts())
    model.compile(optimizer="adam")
    return model
"""


def test_a_model_without_call_is_told_to_give_one_and_a_tape_train_step_is_named_as_why_the_table_answers(
        tmp_path, capsys):
    from oomdoctor.cli import main

    path = tmp_path / "vae.py"
    path.write_text(_TAPE_VAE)
    assert main(["estimate", f"{path}:without_call", "-b", "8", "--input-shape", "16", "--backend", "jax"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "VAE has no call()" in err and "Give VAE a call()" in err, err

    assert main(["estimate", f"{path}:with_call", "-b", "8", "--input-shape", "16", "--backend", "jax",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["engine"] == "table"
    assert "VAEWithCall.train_step uses tf.GradientTape" in report["engine_reason"], report["engine_reason"]
