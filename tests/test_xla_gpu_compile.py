"""XLA's GPU compiler run without a GPU: the JAX step's buffers as the target GPU lays them out."""

import keras
import pytest

import oomdoctor
from oomdoctor import _xla_compile
from oomdoctor.backends import xla
from oomdoctor.gpus import CATALOG, gpu_with_memory

H200 = CATALOG["H200"]

needs_plugin = pytest.mark.skipif(
    _xla_compile.gpu_topology(H200) is None,
    reason="JAX's CUDA plugin is not installed (pip install 'oomdoctor[xla-gpu]'); the table is used instead")


def test_target_config_describes_the_card():
    text = _xla_compile.target_config(CATALOG["T4"])
    assert "cuda_compute_capability { major: 7 minor: 5 }" in text
    assert "core_count: 40" in text
    assert "memory_bandwidth: 320000000000" in text
    assert f"device_memory_size: {CATALOG['T4'].total_bytes}" in text


def test_a_gpu_known_by_its_memory_is_compiled_for_as_an_h200_of_that_size():
    gpu = gpu_with_memory("12GiB")
    text = _xla_compile.target_config(gpu)
    assert "major: 9 minor: 0" in text and "core_count: 132" in text
    assert f"device_memory_size: {12 * 2**30}" in text


def _mlp(units=256):
    with keras.StatelessScope(initialize_variables=False):
        return keras.Sequential([keras.Input((64,)), keras.layers.Dense(units, activation="relu"),
                                 keras.layers.Dense(10, activation="softmax")])


@needs_plugin
def test_arguments_are_the_state_and_the_batch():
    model = _mlp()
    step = _xla_compile.compiled_step(model, 32, "adam", H200, "float32")
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
    a100 = _xla_compile.compiled_step(model, 8, "adam", CATALOG["A100-40GB"], "mixed_float16")
    t4 = _xla_compile.compiled_step(model, 8, "adam", CATALOG["T4"], "mixed_float16")
    probabilities = 8 * 4 * 512 * 512 * 2
    assert t4.temp_bytes - a100.temp_bytes > probabilities


@needs_plugin
def test_lstm_runs_cudnn_with_its_reserve_space():
    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((100, 32)), keras.layers.LSTM(64),
                                  keras.layers.Dense(1, activation="sigmoid")])
    small = _xla_compile.compiled_step(model, 16, "sgd", H200, "float32")
    large = _xla_compile.compiled_step(model, 32, "sgd", H200, "float32")
    reserve = _xla_compile._CUDNN_LSTM_RESERVE_FLOATS * 4 * 100 * 64  # per sample
    assert large.temp_bytes - small.temp_bytes >= 16 * reserve


@needs_plugin
def test_a_jax_estimate_uses_the_compiled_step_and_scales_it_for_other_batches():
    with keras.StatelessScope(initialize_variables=False):  # large activations: the step, not autotuning, peaks
        model = keras.Sequential([keras.Input((512, 256)), keras.layers.Dense(1024, activation="relu"),
                                  keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(10, activation="softmax")])
    est = oomdoctor.estimate(model, 64, optimizer="adam", backend="jax", gpu="H200")
    assert any("XLA's GPU compiler" in note for note in est.notes)
    assert est.max_batch_size > 64
    job = oomdoctor._estimate.make_job(model, 64, optimizer="adam", backend="jax", gpu="H200")
    anchor = job.xla_gpu_anchor
    assert anchor is not None and anchor.batch_size == 64
    # at the compiled batch the step holds XLA's buffer; elsewhere the table scaled to it
    facts = job.facts(64)
    assert facts.compiled_here and not job.facts(256).compiled_here
    here, _ = xla._compiled_breakdown(facts, anchor.step, xla.GPU_TABLE.kept_bytes(facts), anchor)
    assert here["gradients"] + here["activations"] == anchor.step.temp_bytes
    assert job.step(256).peak_bytes > job.step(64).peak_bytes


def test_without_the_compile_the_table_says_so(monkeypatch):
    monkeypatch.setenv("OOMDOCTOR_XLA_GPU_COMPILE", "0")
    est = oomdoctor.estimate(_mlp(512), 64, optimizer="adam", backend="jax", gpu="H200")
    assert any("modelled per kind of layer" in note for note in est.notes)


def test_the_table_note_prints_the_pip_extra_as_text(monkeypatch):
    import io

    from rich.console import Console

    from oomdoctor.render.terminal import render

    monkeypatch.setenv("OOMDOCTOR_XLA_GPU_COMPILE", "0")
    out = io.StringIO()
    render(oomdoctor.estimate(_mlp(512), 64, optimizer="adam", backend="jax"), Console(file=out, width=200))
    assert "pip install 'oomdoctor[xla-gpu]'" in out.getvalue()  # not eaten as rich markup
