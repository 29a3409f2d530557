"""TensorFlow and Triton in one process (oomdoctor.native_libraries).

Each case runs in a fresh interpreter: the crash it guards against is a SIGSEGV inside ``dlopen``,
which would take pytest down with it, and import order is per process.
"""
import os
import subprocess
import sys

import pytest

from oomdoctor import native_libraries

pytest.importorskip("tensorflow")
pytestmark = pytest.mark.skipif(not native_libraries.triton_exports_llvm(),
                                reason="needs a Triton (≥ 3.7, Linux) whose library exports LLVM, as torch's "
                                       "CUDA builds bring; with an older one there is nothing to order")


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})


def test_tensorflow_imported_after_oomdoctor_finds_triton_loaded_first():
    done = _run("import sys, oomdoctor, tensorflow\n"
                "assert 'triton' in sys.modules\n"
                "import torch._dynamo\n"
                "from torch.utils._triton import has_triton_package\n"
                "print('triton', has_triton_package())")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-2:] == ["triton", "True"]


def test_triton_after_a_tensorflow_imported_first_is_refused_with_the_reason_not_a_crash():
    done = _run("import tensorflow, oomdoctor\n"
                "try:\n"
                "    import triton\n"
                "except ModuleNotFoundError as refused:\n"
                "    print(refused)\n")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "tensorflow/tensorflow#124205" in done.stdout
    assert "import oomdoctor (or torch._dynamo) before TensorFlow" in done.stdout


def test_a_torch_estimate_after_tensorflow_runs_without_triton_and_says_so():
    done = _run("import tensorflow, oomdoctor, torch\n"
                "model = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))\n"
                "result = oomdoctor.estimate(model, 8, input_shape=(64,))\n"
                "print(result.engine)\n"
                "print(*result.notes, sep='\\n')")
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "torch-trace"
    assert any(line.startswith("Triton was not loaded: TensorFlow, imported before oomdoctor") for line in lines)


def test_without_tensorflow_the_hook_loads_nothing():
    done = _run("import sys, oomdoctor\n"
                "print(sorted(m for m in ('triton', 'tensorflow', 'torch', 'jax', 'keras') if m in sys.modules))")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
