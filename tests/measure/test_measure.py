"""`oomdoctor measure`, the Keras callback and configure_gpu_memory, run for real on this CPU."""
import csv
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from oomdoctor.cli import main

MODELS = Path(__file__).parents[1] / "models" / "small.py"


def test_measure_tensorflow_cpu_json(capsys):
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    assert main(["measure", f"{MODELS}:dense_only", "-b", "64", "--backend", "tensorflow", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("device", "peak_bytes", "estimate_peak_bytes", "relative_error", "reserved_bytes",
                "nvml_process_bytes", "step_seconds"):
        assert key in data
    assert data["device"] == "CPU:0" and data["steps_done"] == 3 and not data["oom"]
    assert data["peak_bytes"] > 0 and data["step_seconds"] > 0
    assert data["reserved_bytes"] is None and data["nvml_process_bytes"] is None
    # a model small enough to reason about: weights, Adam slots, gradients and one batch
    assert abs(data["relative_error"]) < 0.5


def test_measure_report_labels_each_figure(capsys):
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    assert main(["measure", f"{MODELS}:dense_only", "-b", "16", "--steps", "2", "--backend", "tensorflow"]) == 0
    out = capsys.readouterr().out
    assert "allocator peak (last step)" in out and "NVML" in out and "reserved" in out


def test_measure_report_in_chinese(capsys):
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    assert main(["measure", f"{MODELS}:dense_only", "-b", "8", "--steps", "2", "--backend", "tensorflow",
                 "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "分配器峰值（最后一步）" in out and "每步耗时" in out


def test_measure_jax_on_cpu_says_there_are_no_statistics(capsys):
    assert main(["measure", f"{MODELS}:dense_only", "-b", "8", "--steps", "1", "--backend", "jax", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["peak_bytes"] is None and data["relative_error"] is None
    assert any("no allocator statistics" in note for note in data["notes"])


def test_find_max_batch_needs_a_gpu(capsys):
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    code = main(["measure", f"{MODELS}:dense_only", "--backend", "tensorflow", "--find-max-batch",
                 "--gpu-memory", "1GiB"])
    assert code == 2
    assert "needs a GPU" in capsys.readouterr().err


def test_measure_bad_input(capsys):
    assert main(["measure", "missing.keras", "-b", "4", "--backend", "jax"]) == 2
    assert main(["measure", f"{MODELS}:dense_only", "--backend", "jax"]) == 2  # no batch size
    err = capsys.readouterr().err
    assert "No such file" in err and "--batch-size" in err


@pytest.mark.parametrize("message", [
    "ResourceExhaustedError: OOM when allocating tensor with shape[6019376,128] and type float on "
    "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
    "XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 3081931264 bytes.",
    "OutOfMemoryError: CUDA out of memory. Tried to allocate 2.87 GiB. GPU 0 has a total capacity of 15.77 GiB",
])
def test_out_of_memory_errors_are_recognised(message):
    from oomdoctor.measure.worker import is_oom

    assert is_oom(RuntimeError(message))
    assert not is_oom(ValueError("shapes (3,) and (4,) are incompatible"))


CALLBACK = textwrap.dedent("""
    import sys, numpy as np, keras
    sys.path.insert(0, {models!r})
    from small import dense_only
    from oomdoctor.keras import MemoryMonitor
    model = dense_only()
    model.compile(optimizer="adam", loss="mse")
    x = np.random.rand(256, 100).astype("float32"); y = np.random.rand(256, 10).astype("float32")
    history = model.fit(x, y, batch_size=32, epochs=2, verbose=0,
                        callbacks=[MemoryMonitor(batch_size=32), keras.callbacks.CSVLogger({csv!r})])
    print("PEAKS", history.history["peak_memory_bytes"])
""")


def test_memory_monitor_writes_peaks_to_history_and_csv(tmp_path):
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    log = tmp_path / "history.csv"
    env = {**os.environ, "KERAS_BACKEND": "tensorflow", "TF_CPU_ALLOCATOR_USE_BFC": "true",
           "TF_CPP_MIN_LOG_LEVEL": "3"}
    proc = subprocess.run([sys.executable, "-c", CALLBACK.format(models=str(MODELS.parent), csv=str(log))],
                          capture_output=True, text=True, env=env, check=True)
    assert "oomdoctor: predicted peak" in proc.stdout and "CPU:0 has" in proc.stdout
    peaks = eval(proc.stdout.split("PEAKS", 1)[1].strip())
    assert len(peaks) == 2 and all(p > 0 for p in peaks)
    rows = list(csv.DictReader(log.open()))
    assert len(rows) == 2 and float(rows[0]["peak_memory_bytes"]) > 0


CONFIGURE = textwrap.dedent("""
    import os, oomdoctor
    print(oomdoctor.configure_gpu_memory(framework={framework!r}))
    print("ENV", os.environ.get("XLA_PYTHON_CLIENT_PREALLOCATE"), os.environ.get("TF_FORCE_GPU_ALLOW_GROWTH"))
""")


@pytest.mark.parametrize("framework, expected", [("jax", "XLA_PYTHON_CLIENT_PREALLOCATE=false"),
                                                 ("tensorflow", "TensorFlow sees no GPU"),
                                                 ("torch", "PyTorch")])
def test_configure_gpu_memory_in_a_fresh_process(framework, expected):
    pytest.importorskip(framework, reason=f"needs the {framework} extra")
    proc = subprocess.run([sys.executable, "-c", CONFIGURE.format(framework=framework)], capture_output=True,
                          text=True, check=True, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert expected in proc.stdout


def test_configure_gpu_memory_refuses_a_started_jax():
    import jax
    import oomdoctor

    jax.devices()  # this test process has started JAX
    with pytest.raises(oomdoctor.OomdoctorError, match="already started"):
        oomdoctor.configure_gpu_memory(framework="jax")


@pytest.mark.gpu
@pytest.mark.parametrize("backend", ["jax", "torch"])
def test_measure_on_gpu(backend, capsys):
    pytest.importorskip(backend)
    assert main(["measure", f"{MODELS}:dense_only", "-b", "64", "--backend", backend, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["device"] == "GPU:0" and data["peak_bytes"] > 0 and data["estimate_peak_bytes"] > 0
