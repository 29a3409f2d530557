"""What Keras's fit(x=array) adds to host memory, per backend and dtype: the figure `check`'s
in-memory-array rule says at a fit() given a whole array (and, with --method, at predict() and evaluate()).

    python bench/fit_array_copy.py [--samples 16000] [--method fit|predict|evaluate]

Each (backend, dtype) runs in a process of its own: an array of N × 64 × 64 × 3 filled with ones (so its
pages are real), one short fit() (and predict() and evaluate()) to build the steps, then the method over the whole array for
5 steps. It prints
the process's peak resident memory before and during the second fit, as a multiple of the array's bytes,
and what stays resident after fit returns. Runs on the CPU; needs the tensorflow, jax and torch extras for
the three backends (a backend that is not installed says so and is skipped).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

_CHILD = r"""
import json, os, resource, sys
import numpy as np
import keras

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

dtype, samples, method = sys.argv[1], int(sys.argv[2]), sys.argv[3]
x = np.full((samples, 64, 64, 3), 1, dtype=dtype)
y = np.zeros((samples,), dtype="int32")
model = keras.Sequential([keras.Input((64, 64, 3)), keras.layers.Conv2D(4, 3, strides=4),
                          keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(2)])
model.compile("sgd", "sparse_categorical_crossentropy")
model.fit(x[:64], y[:64], batch_size=32, epochs=1, verbose=0)
model.predict(x[:64], batch_size=32, verbose=0)
model.evaluate(x[:64], y[:64], batch_size=32, verbose=0)
before = max(rss(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
if method == "predict":
    model.predict(x, batch_size=32, verbose=0, steps=5)
elif method == "evaluate":
    model.evaluate(x, y, batch_size=32, verbose=0, steps=5)
else:
    model.fit(x, y, batch_size=32, epochs=1, verbose=0, steps_per_epoch=5)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"array_bytes": x.nbytes, "peak_added": (peak - before) / x.nbytes,
                  "kept_after": (rss() - before) / x.nbytes}))
"""


def measure(backend: str, dtype: str, samples: int, method: str = "fit") -> dict | str:
    env = dict(os.environ, KERAS_BACKEND=backend, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="",
               JAX_PLATFORMS="cpu")
    done = subprocess.run([sys.executable, "-c", _CHILD, dtype, str(samples), method], env=env, capture_output=True,
                          text=True, timeout=600)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1]
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=16000)
    parser.add_argument("--method", choices=("fit", "predict", "evaluate"), default="fit")
    args = parser.parse_args()
    print(f"model.{args.method}(x) of the whole array")
    print(f"{'backend':<11}{'dtype':<9}{'array MB':>10}{'peak added':>12}{'kept after':>12}")
    for backend in ("tensorflow", "jax", "torch"):
        for dtype in ("uint8", "float32", "float64"):
            result = measure(backend, dtype, args.samples, args.method)
            if isinstance(result, str):
                print(f"{backend:<11}{dtype:<9} skipped: {result}")
                continue
            print(f"{backend:<11}{dtype:<9}{result['array_bytes'] / 1e6:>10.0f}{result['peak_added']:>11.2f}x"
                  f"{result['kept_after']:>11.2f}x")


if __name__ == "__main__":
    main()
