"""The README's Python examples run as written, on the install the README gives.

The quick start installs oomdoctor with Keras and JAX and no TensorFlow: each example runs in a fresh
Python whose ``import tensorflow`` fails as it does there, with no KERAS_BACKEND and no keras.json.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def _without_tensorflow(tmp_path: Path) -> dict:
    stub = tmp_path / "no_tensorflow"
    stub.mkdir()
    (stub / "tensorflow.py").write_text('raise ImportError("No module named \'tensorflow\'")\n')
    env = {k: v for k, v in os.environ.items() if k not in ("KERAS_BACKEND", "OOMDOCTOR_USER_KERAS_BACKEND")}
    env.update(PYTHONPATH=str(stub), KERAS_HOME=str(tmp_path / "keras_home"))
    return env


@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=[f"block{i + 1}" for i in range(len(BLOCKS))])
def test_readme_python_example_runs_as_written(index, tmp_path):
    code = BLOCKS[index]
    if "import torch" in code or "import transformers" in code:
        pytest.importorskip("torch", reason="the example needs the torch extra")
        pytest.importorskip("transformers", reason="the example needs transformers (the hf extra)")
    if "import lightning" in code:
        pytest.importorskip("lightning", reason="the example needs the lightning extra")
    if "oomdoctor.hf" in code:
        pytest.importorskip("accelerate", reason="the example needs the hf extra")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                          env=_without_tensorflow(tmp_path), timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_the_readme_has_examples():
    assert len(BLOCKS) >= 3
