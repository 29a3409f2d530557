"""oomdoctor.keras.largest_batch and MemoryGuard: the largest batch and a guard before the first step, with no
trial step run (#21). Real Keras training on the CPU; the GPU is a stated one."""

import math
import os
import shutil
import stat

import keras
import numpy as np
import pytest

import oomdoctor
from oomdoctor.errors import OomdoctorError
from oomdoctor.keras import MemoryGuard, StepWillNotFit, largest_batch


def _flatten_head():
    # the seed's mistake, small: Flatten of a conv map into a wide Dense
    model = keras.Sequential([keras.Input((400, 128, 1)), keras.layers.Conv2D(16, 3), keras.layers.Flatten(),
                              keras.layers.Dense(256), keras.layers.Dense(10)])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    return model


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
    found = largest_batch(_flatten_head(), gpu="1GiB")
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


def test_memory_guard_stops_training_before_the_first_step_or_warns():
    model = _flatten_head()
    x, y = np.zeros((8, 400, 128, 1), "float32"), np.zeros(8)
    steps = []

    class Steps(keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            steps.append(batch)

    with pytest.raises(StepWillNotFit, match="will not fit") as caught:
        model.fit(x, y, batch_size=8, epochs=1, verbose=0, callbacks=[MemoryGuard(8, gpu="2GiB"), Steps()])
    assert steps == [] and "Best fix:" in str(caught.value)

    with pytest.warns(UserWarning, match="will not fit"):
        model.fit(x, y, batch_size=8, epochs=1, verbose=0,
                  callbacks=[MemoryGuard(8, gpu="2GiB", on_fail="warn"), Steps()])
    assert steps == [0]


def test_memory_guard_lets_a_step_that_fits_train():
    model = _mlp()
    guard = MemoryGuard(32, gpu="T4")
    model.fit(np.zeros((64, 64), "float32"), np.zeros(64), batch_size=32, epochs=1, verbose=0, callbacks=[guard])
    assert guard.estimate.fits is True


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(OomdoctorError, match="on_fail"):
        MemoryGuard(8, on_fail="stop")
    with pytest.raises(OomdoctorError, match="target_batch"):
        largest_batch(_mlp(), gpu="T4", target_batch=0)
