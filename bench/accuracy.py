"""Accuracy of the estimator against measured peaks (prints a table; not a unit test).

Runs ``oomdoctor.estimate`` on every ``kind == "keras"`` row of the H200 ground
truth (same model from ``measure/suite.py``, batch, optimizer, precision and
backend) and prints, per backend, the median and maximum |estimate - measured|
/ measured of ``peak_bytes`` and how many rows are under-estimated.

    python bench/accuracy.py [--ground-truth ../shared/ground-truth] [--rows]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")  # see oomdoctor.keras.loading.prepare_keras


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[2] / "shared" / "ground-truth"
    parser.add_argument("--ground-truth", type=Path, default=default)
    parser.add_argument("--rows", action="store_true", help="print every row")
    parser.add_argument("--backend", choices=["jax", "torch"], help="only this backend's GPU rows (skips the CPU rows)")
    parser.add_argument("--cpu", action="store_true", help="only TensorFlow's CPU rows (--device cpu)")
    args = parser.parse_args()

    sys.path.insert(0, str(args.ground_truth / "measure"))
    import keras
    import suite  # the ground truth's own model builders

    import oomdoctor
    from oomdoctor.units import format_bytes

    models: dict[str, keras.Model] = {}
    if args.cpu:
        tensorflow_cpu(args.ground_truth, models, suite, rows_out=args.rows)
        return 0
    rows = [json.loads(line) for line in (args.ground_truth / "h200-calibration.jsonl").open()]
    rows = [r for r in rows if r["kind"] == "keras" and args.backend in (None, r["backend"])]
    errors: dict[str, list[float]] = {}
    safe_under: dict[str, list[bool]] = {}
    lines = []
    for row in rows:
        name = row["model"]
        if name not in models:
            with keras.StatelessScope(initialize_variables=False):
                models[name] = suite.BUILDERS[name]()[0]
        est = oomdoctor.estimate(models[name], row["batch"], optimizer=suite.OPTIMIZERS[row["optimizer"]](),
                                 precision=row["precision"], backend=row["backend"])
        error = (est.peak_bytes - row["peak_bytes"]) / row["peak_bytes"]
        errors.setdefault(row["backend"], []).append(error)
        safe_under.setdefault(row["backend"], []).append(est.safe_peak_bytes < row["peak_bytes"])
        lines.append(f"  {row['backend']:6} {name:20} b{row['batch']:<5} {row['optimizer']:9} {row['precision']:15} "
                     f"measured {format_bytes(row['peak_bytes']):>10}  estimate {format_bytes(est.peak_bytes):>10}  "
                     f"{error * 100:+6.1f} %   safe_peak {format_bytes(est.safe_peak_bytes):>10}")
    if args.rows:
        print("\n".join(lines))
    import jax

    print(f"Accuracy of peak_bytes on {args.ground_truth / 'h200-calibration.jsonl'} (kind == keras), "
          f"{datetime.date.today()}, oomdoctor {oomdoctor.__version__}, keras {keras.__version__}, "
          f"jax {jax.__version__} (tracing)")
    print("| backend | rows | median abs error | max abs error | under-estimated | more than 2 % under "
          "| safe_peak below measured |")
    print("|---|---|---|---|---|---|---|")
    for backend, errs in sorted(errors.items()):
        absolute = [abs(e) for e in errs]
        print(f"| {backend} | {len(errs)} | {statistics.median(absolute) * 100:.1f} % | {max(absolute) * 100:.1f} % | "
              f"{sum(e < 0 for e in errs)} | {sum(e < -0.02 for e in errs)} | {sum(safe_under[backend])} |")
    if args.backend:
        return 0
    tensorflow_cpu(args.ground_truth, models, suite, rows_out=args.rows)
    cap_rows(args.ground_truth, models, suite)
    return 0


def tensorflow_cpu(ground_truth: Path, models: dict, suite, rows_out: bool) -> None:
    """--device cpu: TensorFlow's CPU allocator peak of step 2, BFC allocator rows."""
    import keras

    import oomdoctor
    from oomdoctor.units import format_bytes

    rows = [json.loads(line) for line in (ground_truth / "tf-cpu-calibration.jsonl").open()]
    rows = [r for r in rows if r["allocator"] == "bfc_env" and not r.get("error")]
    # measured here with the ground truth's own tf_cpu_one.py (one run each, BFC allocator);
    # models the tables were not fitted on, so they show how the estimate generalises
    extra_path = Path(__file__).parent / "data" / "tf-cpu-extra.jsonl"
    extra = [dict(json.loads(line), peak_step2_min=json.loads(line)["peak_step2"],
                  peak_step2_max=json.loads(line)["peak_step2"], unseen=True) for line in extra_path.open()]
    results: dict[bool, list[tuple[float, bool]]] = {}
    unseen: dict[bool, list[float]] = {}
    for row in rows + extra:
        name = row["model"]
        if name not in models:
            with keras.StatelessScope(initialize_variables=False):
                models[name] = suite.BUILDERS[name]()[0]
        est = oomdoctor.estimate(models[name], row["batch"], optimizer=suite.OPTIMIZERS[row["optimizer"]](),
                                 precision=row["precision"], backend="tensorflow", jit_compile=row["jit_compile"],
                                 device="cpu")
        measured = row["peak_step2"]
        error = (est.peak_bytes - measured) / measured
        in_range = row["peak_step2_min"] <= est.peak_bytes <= row["peak_step2_max"]
        if row.get("unseen"):
            unseen.setdefault(row["jit_compile"], []).append(error)
        else:
            results.setdefault(row["jit_compile"], []).append((error, in_range))
        if rows_out:
            print(f"  cpu{' unseen' if row.get('unseen') else ''} jit={row['jit_compile']!s:5} {name:20} b{row['batch']:<5} {row['optimizer']:9} "
                  f"{row['precision']:15} measured {format_bytes(measured):>10} "
                  f"[{format_bytes(row['peak_step2_min'])}, {format_bytes(row['peak_step2_max'])}]  "
                  f"estimate {format_bytes(est.peak_bytes):>10}  {error * 100:+6.1f} %")
    print(f"\nTensorFlow CPU allocator (--device cpu), {ground_truth / 'tf-cpu-calibration.jsonl'}, "
          "allocator == bfc_env, peak_step2")
    print("| jit_compile | rows | median abs error | max abs error | under-estimated | within measured range |")
    print("|---|---|---|---|---|---|")
    for jit, pairs in sorted(results.items()):
        absolute = [abs(e) for e, _ in pairs]
        print(f"| {jit} | {len(pairs)} | {statistics.median(absolute) * 100:.1f} % | {max(absolute) * 100:.1f} % | "
              f"{sum(e < 0 for e, _ in pairs)} | {sum(r for _, r in pairs)} |")
    print(f"\nModels the CPU tables were not fitted on ({extra_path.relative_to(Path(__file__).parents[1])}):")
    for jit, errs in sorted(unseen.items()):
        print(f"  jit_compile={jit}: " + ", ".join(f"{e * 100:+.0f} %" for e in errs)
              + f" (median abs {statistics.median(abs(e) for e in errs) * 100:.1f} %)")


def cap_rows(ground_truth: Path, models: dict, suite) -> None:
    """cap-* rows: the largest batch that trained under a memory cap, against the predicted one."""
    import keras

    import oomdoctor
    from oomdoctor.gpus import CUDA_CONTEXT_BYTES, GPU

    rows = [json.loads(line) for line in (ground_truth / "h200-calibration.jsonl").open()]
    rows = [r for r in rows if r["kind"].startswith("cap-")]
    if not rows:
        return
    print("\nLargest batch under a memory cap (cap-* rows; predicted must not exceed measured)")
    print("| model | backend | cap | measured max batch | predicted | verdict |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        name = row["model"]
        if name not in models:
            with keras.StatelessScope(initialize_variables=False):
                models[name] = suite.BUILDERS[name]()[0]
        # the cap limits the allocator (set_per_process_memory_fraction); the GPU adds the context on top
        cap = GPU(f"{row['cap_gib']} GiB cap", int(row["cap_gib"] * 2**30) + CUDA_CONTEXT_BYTES)
        est = oomdoctor.estimate(models[name], 1, optimizer=suite.OPTIMIZERS[row["optimizer"]](),
                                 precision=row["precision"], backend=row["backend"], gpu=cap)
        predicted, measured = est.max_batch_size, row["max_batch"]
        ok = predicted <= measured and (measured == 0 or predicted >= 0.95 * measured)
        print(f"| {name} | {row['backend']} | {row['cap_gib']} GiB | {measured} | {predicted} | "
              f"{'ok' if ok else 'MISS'} |")


if __name__ == "__main__":
    sys.exit(main())
