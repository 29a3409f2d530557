"""Measure more TensorFlow CPU allocator peaks with the ground truth's own script.

Produced ``bench/data/tf-cpu-extra.jsonl`` (models the CPU tables were not fitted
on): each configuration runs ``../shared/ground-truth/measure/tf_cpu_one.py`` once
in a fresh process with TensorFlow's BFC CPU allocator, which counts every
allocation. Needs the tensorflow extra; takes about 10 minutes on 2 cores.

    python bench/measure_tf_cpu.py [--out bench/data/tf-cpu-extra.jsonl]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

CONFIGS = [
    {"model": model, "batch": batch, "optimizer": optimizer, "precision": "float32", "jit_compile": jit}
    for model, batch, optimizer in [("unet_small", 8, "adam"), ("efficientnet_b0", 8, "adam"),
                                    ("densenet121", 8, "adam"), ("vgg16", 4, "sgd")]
    for jit in (False, True)
]


def main() -> int:
    parser = argparse.ArgumentParser()
    here = Path(__file__).resolve().parent
    parser.add_argument("--ground-truth", type=Path, default=here.parents[1] / "shared" / "ground-truth")
    parser.add_argument("--out", type=Path, default=here / "data" / "tf-cpu-extra.jsonl")
    args = parser.parse_args()
    env = {**os.environ, "KERAS_BACKEND": "tensorflow", "TF_CPU_ALLOCATOR_USE_BFC": "true",
           "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": ""}
    script = args.ground_truth / "measure" / "tf_cpu_one.py"
    with args.out.open("a") as out:
        for config in CONFIGS:
            proc = subprocess.run([sys.executable, str(script), json.dumps(config)], capture_output=True, text=True,
                                  env=env, timeout=900)
            for line in proc.stdout.splitlines():
                if line.startswith("RESULT "):
                    out.write(line.removeprefix("RESULT ") + "\n")
                    print(line[:160], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
