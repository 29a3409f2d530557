"""Accuracy on models written as users write them (prints a table; not a unit test).

Every row of bench/data/h200-user-models.jsonl (measured on a lent H200 by
scripts/gpu_truth_user_models.py) is estimated as the CLI would: the model loaded
from ``bench/user_models.py:NAME`` (its builder compiles it: its own optimizer,
loss and metrics), at the measured batch, backend and GPU. No figure of the
estimator was fitted on these models. Prints the engine that answered each row.

    python bench/accuracy_user_models.py [--backend jax|torch] [--only NAME,NAME]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")  # see oomdoctor.keras.loading.prepare_keras

HERE = Path(__file__).resolve().parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["jax", "torch"])
    parser.add_argument("--only", help="comma-separated model names")
    args = parser.parse_args()

    import oomdoctor
    from oomdoctor.keras.loading import load_model, prepare_keras
    from oomdoctor.units import format_bytes

    prepare_keras(None)
    rows = [json.loads(line) for line in (HERE / "data" / "h200-user-models.jsonl").open()]
    names = set(args.only.split(",")) if args.only else None
    rows = sorted((r for r in rows if r.get("peak_bytes") and args.backend in (None, r["backend"])
                   and (names is None or r["model"] in names)), key=lambda r: (r["backend"], r["model"]))
    errors: dict[str, list[float]] = {}
    exact: dict[str, list[bool]] = {}
    safe_under: dict[str, list[bool]] = {}
    print("| backend | model | batch | engine | measured | estimate | error | safe_peak | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        started = time.time()
        model = load_model(f"{HERE / 'user_models.py'}:{row['model']}")
        est = oomdoctor.estimate(model, row["batch"], backend=row["backend"], gpu="H200")
        error = (est.peak_bytes - row["peak_bytes"]) / row["peak_bytes"]
        errors.setdefault(row["backend"], []).append(error)
        exact.setdefault(row["backend"], []).append(est.engine != "table")
        safe_under.setdefault(row["backend"], []).append(est.safe_peak_bytes < row["peak_bytes"])
        engine = est.engine + (f" ({est.engine_reason[:80]})" if est.engine_reason else "")
        print(f"| {row['backend']} | {row['model']} | {row['batch']} | {engine} | {format_bytes(row['peak_bytes'])} | "
              f"{format_bytes(est.peak_bytes)} | {error * 100:+.1f} % | {format_bytes(est.safe_peak_bytes)} | "
              f"{time.time() - started:.0f} |", flush=True)
    print("\n| backend | rows | exact engine | median abs error | max abs error | more than 2 % under "
          "| safe_peak below measured |")
    print("|---|---|---|---|---|---|---|")
    for backend, errs in sorted(errors.items()):
        absolute = [abs(e) for e in errs]
        print(f"| {backend} | {len(errs)} | {sum(exact[backend])} | {statistics.median(absolute) * 100:.1f} % | "
              f"{max(absolute) * 100:.1f} % | {sum(e < -0.02 for e in errs)} | {sum(safe_under[backend])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
