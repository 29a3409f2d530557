"""Speed and footprint of the estimator (prints numbers; not a unit test).

1. `oomdoctor estimate bench/models.py:resnet50 --batch-size 128 --backend jax`, wall time of the
   whole command, next to one real `train_on_batch` of the same model and batch on this CPU
   (JAX backend, first call, so XLA compilation included, as a user's first step would be).
2. The largest-batch search for ResNet-50 on an A100-40GB, timed inside the process.
3. Peak host memory (RSS) of `oomdoctor estimate` on the seed's audio model (2.9 GB of weights).

    python bench/speed.py [--skip-train]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENV = {**os.environ, "KERAS_BACKEND": "jax", "TF_CPP_MIN_LOG_LEVEL": "3", "JAX_SKIP_CUDA_CONSTRAINTS_CHECK": "1"}

TRAIN_ONE_STEP = """
import time, numpy as np, keras
keras.utils.set_random_seed(0)
model = keras.applications.ResNet50(weights=None, input_shape=(224, 224, 3), classes=1000)
model.compile(optimizer=keras.optimizers.Adam(), loss="sparse_categorical_crossentropy")
x = np.random.default_rng(0).standard_normal((128, 224, 224, 3)).astype("float32")
y = np.random.default_rng(0).integers(0, 1000, size=(128,)).astype("int32")
start = time.perf_counter()
model.train_on_batch(x, y)
print(time.perf_counter() - start)
"""

SEARCH = """
import time, keras, oomdoctor, sys
sys.path.insert(0, %r)
import models
with keras.StatelessScope(initialize_variables=False):
    model = models.resnet50()
from oomdoctor.keras.job import make_job, max_batch_size
job = make_job(model, 128, optimizer="adam", backend="jax", gpu="A100-40GB")
start = time.perf_counter()
job.exact  # XLA's GPU compile of the step at batch 128 (its reason instead without oomdoctor[xla-gpu])
compiled = time.perf_counter()
largest = max_batch_size(job)
print(compiled - start, time.perf_counter() - compiled, largest)
""" % str(HERE)


def timed(cmd: list[str]) -> tuple[float, str, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr[-2000:]}")
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, proc.stdout, max(rss, before) * 1024


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skip-train", action="store_true", help="skip the real train_on_batch (slow on 2 cores)")
    args = parser.parse_args()
    cli = [sys.executable, "-m", "oomdoctor", "estimate"]

    estimate_s, _, _ = timed(cli + [f"{HERE}/models.py:resnet50", "--batch-size", "128", "--backend", "jax",
                                    "--json"])
    print(f"oomdoctor estimate ResNet-50, batch 128, Adam, jax: {estimate_s:.1f} s wall (whole command)")
    if not args.skip_train:
        train_s, out, _ = timed([sys.executable, "-c", TRAIN_ONE_STEP])
        step = float(out.strip().splitlines()[-1])
        print(f"real train_on_batch, same model and batch, this CPU: {step:.1f} s (first call, XLA compile "
              f"included); estimate / train_on_batch = {estimate_s / step:.3f} (target <= 0.25)")

    _, out, _ = timed([sys.executable, "-c", SEARCH])
    compile_s, search_s, max_batch = out.strip().splitlines()[-1].split()
    print(f"largest-batch search, ResNet-50 on A100-40GB: {float(search_s):.2f} s in-process after XLA's GPU "
          f"compile of the step ({float(compile_s):.1f} s, once per estimate); max batch {max_batch}; target < 5 s")

    # RSS of a fresh process only: run it alone so RUSAGE_CHILDREN is its own peak
    proc = subprocess.run([sys.executable, "-c", (
        "import resource, subprocess, sys\n"
        f"subprocess.run([sys.executable, '-m', 'oomdoctor', 'estimate', '{HERE}/models.py:seed_audio', "
        "'--batch-size', '16', '--json'], check=True, capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)")],
        capture_output=True, text=True, env=ENV, check=True)
    rss = int(proc.stdout.strip().splitlines()[-1])
    print(f"peak RSS of oomdoctor estimate on the seed's model: {rss / 2**30:.2f} GiB (its weights: 2.87 GiB; "
          f"target < 1.5 GB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
