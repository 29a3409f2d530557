"""oomdoctor.keras.largest_batch and MemoryGuard: the largest batch and a guard before the first step, with no
trial step run (#21). The GPU is a stated one; training runs for real on the CPU, in a fresh Python as a user's
script does (a fit() in pytest's own process would fill every abstract model earlier tests left waiting)."""

import json
import math
import os
import shutil
import stat
import subprocess
import sys
import textwrap

import keras
import pytest

import oomdoctor
from oomdoctor.errors import OomdoctorError
from oomdoctor.keras import MemoryGuard, largest_batch

FLATTEN_HEAD = """
import keras
def flatten_head():
    # the seed's mistake, small: Flatten of a conv map into a wide Dense (6.3 M weights)
    model = keras.Sequential([keras.Input((100, 64, 1)), keras.layers.Conv2D(8, 3), keras.layers.Flatten(),
                              keras.layers.Dense(128), keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return model
"""


def _flatten_head():
    namespace: dict = {}
    exec(FLATTEN_HEAD, namespace)
    return namespace["flatten_head"]()


def _mlp():
    model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(256, activation="relu"), keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return model


def test_largest_batch_is_the_estimates_and_accumulation_reaches_the_target():
    model = _flatten_head()
    found = largest_batch(model, gpu="T4", target_batch=4096)
    reference = oomdoctor.estimate(model, 4096, gpu="T4")
    assert found.batch_size == reference.max_batch_size > 0
    assert found.accumulation_steps == math.ceil(4096 / found.batch_size)
    assert found.gpu == "T4" and 0 < found.peak_bytes < oomdoctor.gpus.CATALOG["T4"].total_bytes
    assert largest_batch(model, gpu="T4").accumulation_steps is None


def test_largest_batch_is_zero_with_the_reason_when_batch_one_does_not_fit():
    found = largest_batch(_flatten_head(), gpu="64MiB")
    assert found.batch_size == 0 and found.accumulation_steps is None and "batch 1" in found.reason


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="this machine has nvidia-smi")
def test_auto_without_a_gpu_says_so_and_how_to_name_one():
    with pytest.raises(OomdoctorError, match="found no GPU here") as caught:
        largest_batch(_mlp())
    assert "gpu='A100-40GB'" in str(caught.value)


def test_auto_reads_the_first_gpu_less_what_other_processes_hold(tmp_path, monkeypatch):
    # nvidia-smi's CSV as it prints it for these queries (a stand-in binary: this machine has no GPU)
    smi = tmp_path / "nvidia-smi"
    smi.write_text("#!/bin/sh\n"
                   "case \"$1\" in\n"
                   "  --query-gpu=*) printf 'GPU-aaaa, 16384\\nGPU-bbbb, 16384\\n' ;;\n"
                   f"  --query-compute-apps=*) printf 'GPU-aaaa, 4242, 6144\\nGPU-bbbb, 4243, 9000\\n"
                   f"GPU-aaaa, {os.getpid()}, 1000\\n' ;;\n"
                   "esac\n")
    smi.chmod(smi.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    found = largest_batch(_mlp(), target_batch=64)
    # 16 GiB less the other process on GPU 0 (6 GiB); this process's own 1000 MiB and GPU 1 do not count
    assert found.gpu == oomdoctor.gpus.gpu_with_memory((16384 - 6144) * 2**20).name


GUARDED_FIT = FLATTEN_HEAD + textwrap.dedent("""
    import json, warnings
    import numpy as np
    from oomdoctor.keras import MemoryGuard, StepWillNotFit
    model = flatten_head()
    x, y = np.zeros((8, 100, 64, 1), "float32"), np.zeros(8)
    steps = []
    class Steps(keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            steps.append(batch)
    result = {}
    try:
        model.fit(x, y, batch_size=8, epochs=1, verbose=0, callbacks=[MemoryGuard(8, gpu="256MiB"), Steps()])
    except StepWillNotFit as error:
        result["raised"] = str(error)
    result["steps_after_raise"] = list(steps)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(x, y, batch_size=8, epochs=1, verbose=0,
                  callbacks=[MemoryGuard(8, gpu="256MiB", on_fail="warn"), Steps()])
    result["warned"] = [str(w.message) for w in caught if "will not fit" in str(w.message)]
    result["steps_after_warn"] = list(steps)
    guard = MemoryGuard(8, gpu="T4")
    model.fit(x, y, batch_size=8, epochs=1, verbose=0, callbacks=[guard])
    result["fits_on_t4"] = guard.estimate.fits
    print("RESULT", json.dumps(result))
""")


def test_memory_guard_stops_training_before_the_first_step_warns_or_lets_it_train(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "KERAS_BACKEND"}
    done = subprocess.run([sys.executable, "-c", GUARDED_FIT], capture_output=True, text=True, cwd=tmp_path,
                          env={**env, "KERAS_BACKEND": "jax"}, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, done.stderr[-3000:]
    result = json.loads(lines[-1][len("RESULT "):])
    assert "will not fit" in result["raised"] and "Best fix:" in result["raised"]
    assert result["steps_after_raise"] == []  # raised at on_train_begin: no step ran
    assert result["warned"] and result["steps_after_warn"] == [0]
    assert result["fits_on_t4"] is True


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(OomdoctorError, match="on_fail"):
        MemoryGuard(8, on_fail="stop")
    with pytest.raises(OomdoctorError, match="target_batch"):
        largest_batch(_mlp(), gpu="T4", target_batch=0)
