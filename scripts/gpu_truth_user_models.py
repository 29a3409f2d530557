"""Measure, on a lent GPU, the training-step peak of the models in bench/user_models.py.

The protocol is the ground truth's (shared/ground-truth/measure/gpu_one.py): each
configuration in a fresh process, the model built and compiled by its own builder,
``train_on_batch`` twice on random data, the allocator's peak over build and both
steps. JAX runs without preallocation so that several jobs share the GPU; the
allocator peaks are per process, so running jobs side by side does not change them.

    python scripts/gpu_truth_user_models.py OUT.jsonl [--jobs 6] [--timeout 240] [--dry]

``--dry`` runs every job on the CPU at batch 2 (checks the builders and batches here).
One JSON object a line, fields as in the ground truth's README, plus ``error``
for a job that failed (its exception's last line) and ``seconds``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (model, batch): batches a user would train with on a 16-80 GB card
JOBS = [
    ("convnext_tiny", 32), ("efficientnet_v2_b0", 64), ("inception_v3", 32), ("xception", 32),
    ("mobilenet_v2_frozen", 64), ("unet_bn", 16), ("lambda_cnn", 128), ("normalized_mlp", 256),
    ("subclassed_cnn", 64), ("multi_io", 64), ("transformer_classifier", 64), ("bilstm_tagger", 64),
    ("seq2seq", 64), ("mixed_precision_cnn", 64), ("conv1d_audio", 64), ("audio_flatten_dense", 8),
    ("vae", 128),
]
BACKENDS = ("jax", "torch")


def one(job: dict) -> dict:
    """Run in the child: build, compile (the builder does), two steps; the allocator's figures."""
    import numpy as np

    sys.path.insert(0, str(ROOT / "bench"))
    import keras
    import user_models

    result = dict(job, keras=keras.__version__)
    started = time.time()

    def stats() -> dict:
        if job["dry"]:
            return {}
        if job["backend"] == "torch":
            import torch
            return dict(peak_bytes=torch.cuda.max_memory_allocated(), peak_reserved=torch.cuda.max_memory_reserved(),
                        in_use=torch.cuda.memory_allocated(), reserved=torch.cuda.memory_reserved())
        import jax
        s = jax.local_devices()[0].memory_stats() or {}
        return dict(peak_bytes=s.get("peak_bytes_in_use"), in_use=s.get("bytes_in_use"),
                    largest_alloc=s.get("largest_alloc_size"), num_allocs=s.get("num_allocs"))

    model = getattr(user_models, job["model"])()
    result["optimizer"] = type(model.optimizer).__name__
    result["after_build"] = stats()
    x, y = user_models.make_batch(job["model"], model, job["batch"])
    result["input_bytes"] = int(sum(a.nbytes for a in keras.tree.flatten(x)))
    model.train_on_batch(x, y)
    result["after_step1"] = stats()
    t = time.time()
    model.train_on_batch(x, y)
    result["step2_s"] = round(time.time() - t, 3)
    # after the steps: a subclassed model's weights exist only once it has been called
    result["params"] = int(model.count_params())
    result["weight_bytes"] = int(sum(np.prod(w.shape) * np.dtype(w.dtype).itemsize for w in model.weights))
    result["opt_var_bytes"] = int(sum(np.prod(v.shape) * np.dtype(v.dtype).itemsize
                                      for v in model.optimizer.variables))
    result.update(stats())
    result["seconds"] = round(time.time() - started, 1)
    return result


def run(job: dict, timeout: float) -> dict:
    env = dict(os.environ, KERAS_BACKEND=job["backend"], XLA_PYTHON_CLIENT_PREALLOCATE="false",
               TF_CPP_MIN_LOG_LEVEL="3", PYTHONUNBUFFERED="1")
    if job["dry"]:
        env.update(CUDA_VISIBLE_DEVICES="", JAX_PLATFORMS="cpu")
    started = time.time()
    try:
        done = subprocess.run([sys.executable, __file__, "--one", json.dumps(job)], env=env,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return dict(job, error=f"timed out after {timeout:.0f} s")
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
    return dict(job, error=tail[:300], seconds=round(time.time() - started, 1))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?")
    parser.add_argument("--jobs", type=int, default=6)
    parser.add_argument("--timeout", type=float, default=240)
    parser.add_argument("--dry", action="store_true")
    parser.add_argument("--only", help="comma-separated model names")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print("RESULT " + json.dumps(one(json.loads(args.one))), flush=True)
        return 0
    names = set(args.only.split(",")) if args.only else None
    jobs = [dict(model=m, batch=2 if args.dry else b, backend=backend, dry=args.dry)
            for m, b in JOBS for backend in BACKENDS if names is None or m in names]
    out = open(args.out, "w") if args.out else sys.stdout
    with ThreadPoolExecutor(args.jobs) as pool:
        # written as each finishes, so that a run stopped early keeps what it measured
        for future in as_completed([pool.submit(run, job, args.timeout) for job in jobs]):
            result = future.result()
            print(json.dumps(result), file=out, flush=True)
            peak = result.get("peak_bytes")
            print(f"{result['backend']:5} {result['model']:24} b{result['batch']:<4} "
                  f"{'%.1f MiB' % (peak / 2**20) if peak else result.get('error', 'ok')}", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
