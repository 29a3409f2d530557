"""Which Keras layers the traced torch step covers: each one-layer model of tests/keras/test_layer_coverage.py
is estimated on Keras's torch backend, and the estimate says whether the step was traced on fake
tensors or fell back to the per-kind table (and why).

    python bench/keras_torch_trace_coverage.py [--limit N]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "keras"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N layers")
    args = parser.parse_args()

    import keras

    import oomdoctor
    from test_layer_coverage import PAIRS, SINGLE, _model

    names = sorted(SINGLE) + sorted(PAIRS)
    if args.limit:
        names = names[:args.limit]
    traced, fell_back = [], []
    start = time.time()
    for name in names:
        with keras.StatelessScope(initialize_variables=False):
            model = _model(name)
        est = oomdoctor.estimate(model, 4, backend="torch", gpu="H200")
        table = [n for n in est.notes if "could not be traced" in n]
        (fell_back if table else traced).append(name)
        reason = table[0].split("traced here (", 1)[-1][:110] if table else ""
        print(f"{name:32s} {'table: ' + reason if table else 'traced'}", flush=True)
    print(f"\n{len(traced)} of {len(names)} layers traced on Keras's torch backend, {len(fell_back)} fell back "
          f"to the per-kind table ({time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
