#!/usr/bin/env bash
# GPU checks for a lent GPU machine (JAX and PyTorch with CUDA, no Keras, no network).
# Prepare here first:   bash scripts/gpu-check.sh --prepare   (downloads wheels into wheelhouse/)
# Then on the GPU box:  bash scripts/gpu-check.sh             (carry wheelhouse/; < 5 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--prepare" ]; then
  # Python 3.12 manylinux wheels of what the GPU image lacks: Keras and the CLI libraries.
  pip download --only-binary=:all: --python-version 3.12 --platform manylinux2014_x86_64 \
      --platform manylinux_2_17_x86_64 --no-deps -d wheelhouse \
      keras==3.15.1 namex optree rich typer click shellingham markdown-it-py mdurl pygments \
      absl-py h5py nvidia-ml-py
  exit 0
fi
site=/tmp/oomdoctor-site
pip install -q --no-index --no-deps --target "$site" wheelhouse/*.whl
export PYTHONPATH="$site:$PWD/src" TF_CPP_MIN_LOG_LEVEL=3
out="${OUT:-/tmp}"
python -m pytest -q -m gpu tests 2>&1 | tail -3 | tee "$out/gpu-tests.txt"
python scripts/gpu_check.py | tee "$out/gpu-table.md"
KERAS_BACKEND=torch python scripts/keras_torch_questions.py 2>&1 | tee "$out/keras-torch-questions.txt"
