"""Which engine answers for the models people train (prints a table; not a unit test).

Every ``keras.applications`` model (bench/applications.py) and every model of
bench/user_models.py is estimated through the CLI, as a user runs it, in a fresh
process: as its builder compiles it and (``--uncompiled``) uncompiled with
``--optimizer adam``, on each backend asked for: ``jax`` and ``tensorflow`` (a GPU
target: XLA's GPU compile), ``tensorflow-cpu`` (``--device cpu --jit``) and ``torch``
(Keras's torch step traced). Prints the engine of each row, the table's reason where
it answered, and the share of exact engines per backend.

    python bench/engine_coverage.py [--backends jax,torch] [--only ResNet50,vae] [--uncompiled]
                                    [--batch 8] [--timeout 600] [--jobs 1]

The full set (57 models x 4 backends x 2) takes hours on 2 cores; ``--only`` picks rows.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
BACKENDS = {
    "jax": ["--backend", "jax", "--gpu", "H200"],
    "tensorflow": ["--backend", "tensorflow", "--jit", "--gpu", "H200"],
    "tensorflow-cpu": ["--backend", "tensorflow", "--device", "cpu", "--jit"],
    "torch": ["--backend", "torch", "--gpu", "H200"],
}


def models() -> list[str]:
    sys.path.insert(0, str(HERE))
    os.environ.setdefault("KERAS_BACKEND", "jax")
    import applications
    import user_models

    return ([f"{HERE / 'applications.py'}:{name}" for name in applications.names()]
            + [f"{HERE / 'user_models.py'}:{name}" for name in user_models.LABELS])


def run(spec: str, backend: str, batch: int, uncompiled: bool, timeout: float) -> dict:
    if uncompiled:
        spec = spec + "__uncompiled" if "applications.py" in spec else spec
    command = [sys.executable, "-m", "oomdoctor", "estimate", spec, "-b", str(batch), "--json", *BACKENDS[backend]]
    if uncompiled:
        command += ["--optimizer", "adam"]
    if "user_models.py" in spec:
        import user_models  # models() put bench/ on the path

        shape = user_models.INPUT_SHAPES.get(spec.rpartition(":")[2])
        command += ["--input-shape", shape] if shape else []
    started = time.time()
    row = {"model": spec.rpartition(":")[2], "backend": backend, "uncompiled": uncompiled}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {**row, "engine": "timeout", "reason": f"more than {timeout:.0f} s", "seconds": timeout}
    row["seconds"] = round(time.time() - started, 1)
    if done.returncode != 0:
        # a refusal (exit 2) is an answer too: Keras cannot build that model on that backend
        return {**row, "engine": "refused" if done.returncode == 2 else "error",
                "reason": (done.stderr.strip().splitlines() or [""])[-1][:200]}
    data = json.loads(done.stdout)
    return {**row, "engine": data["engine"], "reason": data.get("engine_reason"), "peak_bytes": data["peak_bytes"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="jax,tensorflow,tensorflow-cpu,torch")
    parser.add_argument("--only", help="comma-separated model names")
    parser.add_argument("--uncompiled", action="store_true", help="also each model uncompiled with --optimizer adam")
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the rows as JSON lines here")
    args = parser.parse_args()

    wanted = set(args.only.split(",")) if args.only else None
    specs = [s for s in models() if wanted is None or s.rpartition(":")[2] in wanted]
    jobs = [(spec, backend, uncompiled) for spec in specs for backend in args.backends.split(",")
            for uncompiled in ((False, True) if args.uncompiled else (False,))]
    out = args.out.open("w") if args.out else None
    rows = []
    print("| model | backend | compiled by | engine | reason | seconds |\n|---|---|---|---|---|---|", flush=True)
    with ThreadPoolExecutor(args.jobs) as pool:
        for row in pool.map(lambda job: run(job[0], job[1], args.batch, job[2], args.timeout), jobs):
            rows.append(row)
            print(f"| {row['model']} | {row['backend']} | {'--optimizer adam' if row['uncompiled'] else 'builder'} | "
                  f"{row['engine']} | {row.get('reason') or ''} | {row.get('seconds', '')} |", flush=True)
            if out:
                print(json.dumps(row), file=out, flush=True)
    print("\n| backend | rows | exact engine | table | refused | error or timeout |\n|---|---|---|---|---|---|")
    for backend in args.backends.split(","):
        mine = [r for r in rows if r["backend"] == backend]
        exact = sum(r["engine"] not in ("table", "refused", "error", "timeout") for r in mine)
        table = sum(r["engine"] == "table" for r in mine)
        refused = sum(r["engine"] == "refused" for r in mine)
        print(f"| {backend} | {len(mine)} | {exact} ({exact / max(len(mine) - refused, 1) * 100:.0f} % of those Keras "
              f"builds) | {table} | {refused} | {len(mine) - exact - table - refused} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
