#!/usr/bin/env bash
# GPU checks for a lent GPU machine (JAX and PyTorch with CUDA, no Keras, no network).
# Prepare here first:   bash scripts/gpu-check.sh --prepare   (downloads wheels into wheelhouse/)
# Then on the GPU box:  bash scripts/gpu-check.sh             (carry wheelhouse/; GPU_CHECK_SECONDS bounds it, 420 s by default)
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
python3 -m pip install -q --no-index --no-deps --target "$site" wheelhouse/*.whl
export PYTHONPATH="$site:$PWD/src" TF_CPP_MIN_LOG_LEVEL=3
out="${OUT:-/tmp}"
export PYTHONUNBUFFERED=1
# Each part has its own time limit, so that what finished comes back when one hangs.
budget="${GPU_CHECK_SECONDS:-420}"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee "$out/gpu.txt"
KERAS_BACKEND=jax python3 -c "import jax, torch, keras; print('jax', jax.__version__, 'torch', torch.__version__, 'keras', keras.__version__)" \
    | tee -a "$out/gpu.txt" || true
# New ground truth beside the checks, when asked (GPU_CHECK_USER_MODELS=1): models written as users write
# them (bench/user_models.py; measured once already, bench/data/h200-user-models.jsonl)
truth=""
if [ "${GPU_CHECK_USER_MODELS:-0}" = "1" ]; then
  timeout "$budget" python3 scripts/gpu_truth_user_models.py "$out/h200-user-models.jsonl" --jobs 6 \
      > "$out/user-models.log" 2>&1 &
  truth=$!
fi
timeout 150 python3 -m pytest -q -m gpu --continue-on-collection-errors tests/ 2>&1 | tail -80 > "$out/gpu-tests.txt" || true
timeout $((budget - 150)) python3 scripts/gpu_check.py > "$out/gpu-table.md" 2>&1 || true
KERAS_BACKEND=torch timeout 60 python3 scripts/keras_torch_questions.py > "$out/keras-torch-questions.txt" 2>&1 || true
[ -z "$truth" ] || wait "$truth" || true
cat "$out"/gpu.txt "$out"/gpu-tests.txt "$out"/gpu-table.md "$out"/keras-torch-questions.txt
[ -z "$truth" ] || cat "$out"/user-models.log
