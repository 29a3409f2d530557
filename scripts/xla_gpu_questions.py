"""What a compile without a GPU misses, asked of a lent GPU (JAX with CUDA, Keras carried as wheels).

For a few models of bench/user_models.py, in one process each: the train step's buffer
assignment as XLA compiles it on the real GPU (with autotuning), as oomdoctor compiles it
for a described H200 without using the GPU, and the allocator's peak and largest allocation
over two real steps. XLA's dumps of the real compile go to $OUT/xla-dumps.tar.gz.

    python scripts/xla_gpu_questions.py            # all models, one process each
    python scripts/xla_gpu_questions.py NAME BATCH # one model (what the above runs)
    python scripts/xla_gpu_questions.py --autotune-logs  # every autotuning candidate's scratch
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODELS = [("conv1d_audio", 64), ("lambda_cnn", 128), ("subclassed_cnn", 64), ("bilstm_tagger", 64)]


def one(name: str, batch: int) -> dict:
    import jax
    import keras

    sys.path.insert(0, str(ROOT / "bench"))
    import user_models

    from oomdoctor.keras.backends.xla_compile import CompiledStep, compiled_step
    from oomdoctor.gpus import CATALOG
    from oomdoctor.keras.loading import load_model

    result = {"model": name, "batch": batch, "jax": jax.__version__}
    # oomdoctor's own compile for a described H200 (no GPU used)
    described = load_model(f"{ROOT / 'bench' / 'user_models.py'}:{name}")
    optimizer = {"RMSprop": "rmsprop", "Adam": "adam", "AdamW": "adamw"}[type(described.optimizer).__name__]
    step = compiled_step(described, batch, optimizer, CATALOG["H200"], "float32")
    result["deviceless"] = step.__dict__ if isinstance(step, CompiledStep) else {"failed": step.reason}
    # the real step on the GPU: XLA compiles it with autotuning; its buffer assignment, then two steps
    model = getattr(user_models, name)()
    x, y = user_models.make_batch(name, model, batch)
    model.train_on_batch(x, y)
    model.train_on_batch(x, y)
    stats = jax.local_devices()[0].memory_stats() or {}
    result.update(peak_bytes=stats.get("peak_bytes_in_use"), largest_alloc=stats.get("largest_alloc_size"),
                  in_use=stats.get("bytes_in_use"))
    state = (model.trainable_variables, model.non_trainable_variables, model.optimizer.variables,
             model.metrics_variables)
    values = keras.tree.map_structure(lambda v: v.value, state)
    data = (keras.tree.map_structure(jax.numpy.asarray, x), keras.tree.map_structure(jax.numpy.asarray, y))
    analysis = jax.jit(model.train_step, donate_argnums=0).lower(values, data).compile().memory_analysis()
    result["on_gpu"] = {"argument_bytes": analysis.argument_size_in_bytes, "output_bytes": analysis.output_size_in_bytes,
                        "alias_bytes": analysis.alias_size_in_bytes, "temp_bytes": analysis.temp_size_in_bytes}
    return result


def autotune_logs(out: Path) -> None:
    """Every candidate XLA's autotuner tried, with its scratch, for the models whose peak is the compile's."""
    logs = Path("/tmp/autotune-logs")
    logs.mkdir(exist_ok=True)
    for name, batch in AUTOTUNED:
        env = dict(os.environ, KERAS_BACKEND="jax", XLA_PYTHON_CLIENT_PREALLOCATE="false",
                   XLA_FLAGS=f"--xla_gpu_dump_autotune_logs_to={logs / name}.txt")
        code = (f"import sys, json; sys.path.insert(0, {str(ROOT / 'bench')!r}); import user_models, jax; "
                f"m = user_models.{name}(); x, y = user_models.make_batch({name!r}, m, {batch}); "
                "m.train_on_batch(x, y); s = jax.local_devices()[0].memory_stats(); "
                f"print('RESULT', json.dumps(dict(model={name!r}, batch={batch}, peak_bytes=s['peak_bytes_in_use'], "
                "largest_alloc=s['largest_alloc_size'])))")
        try:
            done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=90)
            lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
            print(lines[-1][7:] if lines else json.dumps({"model": name, "error": done.stderr[-400:]}), flush=True)
        except subprocess.TimeoutExpired:
            print(json.dumps({"model": name, "error": "timed out"}), flush=True)
    subprocess.run(f"cd {logs} && tar czf {out / 'autotune-logs.tar.gz'} *.txt", shell=True)


# whose peak on the H200 was the compile's autotuning, not the step
AUTOTUNED = [("lambda_cnn", 128), ("mixed_precision_cnn", 64), ("conv1d_audio", 64), ("unet_bn", 16),
             ("subclassed_cnn", 64), ("mobilenet_v2_frozen", 64), ("vae", 128), ("multi_io", 64)]


def main() -> int:
    if len(sys.argv) == 2 and sys.argv[1] == "--autotune-logs":
        autotune_logs(Path(os.environ.get("OUT", "/tmp")))
        return 0
    if len(sys.argv) == 3:
        print("RESULT " + json.dumps(one(sys.argv[1], int(sys.argv[2]))), flush=True)
        return 0
    out = Path(os.environ.get("OUT", "/tmp"))
    dumps = Path("/tmp/xla-dumps")
    for name, batch in MODELS:
        env = dict(os.environ, KERAS_BACKEND="jax", XLA_PYTHON_CLIENT_PREALLOCATE="false",
                   XLA_FLAGS=f"--xla_dump_to={dumps / name} --xla_dump_hlo_pass_re=^$")
        try:
            done = subprocess.run([sys.executable, __file__, name, str(batch)], env=env, capture_output=True, text=True,
                                  timeout=120)
            lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
            print(lines[-1][7:] if lines else json.dumps({"model": name, "error": done.stderr[-600:]}), flush=True)
        except subprocess.TimeoutExpired:
            print(json.dumps({"model": name, "error": "timed out"}), flush=True)
    # keep the buffer assignments and the optimized HLO of the train steps only
    subprocess.run(f"cd {dumps} && tar czf {out / 'xla-dumps.tar.gz'} "
                   "$(find . -name '*train*buffer-assignment.txt' -o -name '*train*after_optimizations.txt' "
                   "| head -40)", shell=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
