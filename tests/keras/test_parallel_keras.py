"""A Keras model on several devices (oomdoctor.estimator.parallel): one device's memory, checked where it can be.

The sharding checks run JAX for real on 8 host devices (``--xla_force_host_platform_device_count``) and
compare each variable's shard with what oomdoctor predicts for it; measuring on GPUs is marked ``gpu``.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import keras
import pytest
from keras import layers

from oomdoctor.measure import run
from oomdoctor.estimator import parallel
from oomdoctor.keras.job import estimate, make_job, reestimate
from oomdoctor.keras.backends import Precision
from oomdoctor.errors import OomdoctorError
from oomdoctor.gpus import GPU
from oomdoctor.estimator.parallel import StrategyKind, Strategy, fewest_devices, keras_candidates, model_state_bytes, parse_strategy


# These tests check the per-kind tables and the categories by hand (tests/conftest.py: per_kind_tables).
pytestmark = pytest.mark.usefixtures("per_kind_tables")

MODELS = Path(__file__).parents[1] / "models" / "small.py"
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _run_on_host_devices(script: str, devices: int) -> dict:
    """Run ``script`` with JAX on ``devices`` host (CPU) devices; its last stdout line is JSON."""
    env = {**os.environ, "KERAS_BACKEND": "jax", "XLA_FLAGS": f"--xla_force_host_platform_device_count={devices}",
           "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


SHARDING = """
    import json

    import keras
    from keras import distribution as kd
    from keras import layers

    from oomdoctor.estimator import parallel
    from oomdoctor.keras.job import estimate
    from oomdoctor.keras.trace import Variable


    def build():
        tokens = keras.Input((8,), dtype="int32", name="tokens")
        x = layers.Embedding(100, 64, name="emb")(tokens)
        x = layers.GlobalAveragePooling1D(name="pool")(x)
        x = layers.Dense(256, name="d1")(x)
        x = layers.Dense(256, name="d2")(x)
        return keras.Model(tokens, layers.Dense(10, name="head")(x), name="mlp")


    def abstract():
        with keras.StatelessScope(initialize_variables=False):
            return build()


    def real_shards(distribution):
        with distribution.scope():
            model = build()
            model.compile(optimizer="adam", loss="mse")
            model.optimizer.build(model.trainable_variables)
        weights = [(Variable(v.path, tuple(v.shape), str(v.dtype), v.trainable),
                    v.value.addressable_shards[0].data.nbytes) for v in model.weights]
        slots = sum(v.value.addressable_shards[0].data.nbytes for v in model.optimizer.variables if len(v.shape))
        return weights, slots


    def case(distribution, strategy, default_sharded=frozenset()):
        weights, slots = real_shards(distribution)
        est = estimate(abstract(), 64, optimizer="adam", strategy=distribution)
        return {
            "variables": [{"path": v.path, "full": v.elements * 4, "shard": shard,
                           "predicted": parallel.per_device_variable_bytes(v, strategy, default_sharded)}
                          for v, shard in weights],
            "slots": slots,
            "estimate": est.breakdown,
            "strategy": est.strategy,
            "per_device_batch_size": est.per_device_batch_size,
        }


    devices = kd.list_devices()
    mesh = kd.DeviceMesh((2, 4), ("batch", "model"), devices=devices)
    layout_map = kd.LayoutMap(mesh)
    layout_map["emb/embeddings"] = (None, "model")
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d1/bias"] = ("model",)
    layout_map["d2/kernel"] = ("model", None)  # its input axis: the output stays whole
    layout_map["head/kernel"] = ("batch", None)  # on the data axis, as FSDP would
    with_map = kd.ModelParallel(layout_map=layout_map, batch_dim_name="batch")
    results = {"layout_map": case(with_map, parallel.strategy_from(with_map))}

    default_strategy = parallel.Strategy(parallel.StrategyKind.MODEL_PARALLEL, 8, 4)
    default_sharded = parallel.default_sharded_paths(abstract()._flatten_layers(include_self=False), 4)
    default_map = parallel.default_layout_map(abstract(), mesh)
    weights, slots = real_shards(kd.ModelParallel(layout_map=default_map, batch_dim_name="batch"))
    est = estimate(abstract(), 64, optimizer="adam", strategy="model_parallel:2x4")
    results["default"] = {
        "variables": [{"path": v.path, "full": v.elements * 4, "shard": shard,
                       "predicted": parallel.per_device_variable_bytes(v, default_strategy, default_sharded)}
                      for v, shard in weights],
        "slots": slots, "estimate": est.breakdown, "sharded": sorted(default_sharded), "notes": est.notes,
    }

    data_parallel = kd.DataParallel(devices=devices)
    results["data_parallel"] = case(data_parallel, parallel.strategy_from(data_parallel))
    print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def shards():
    return _run_on_host_devices(SHARDING, 8)


def _check_every_variable(result: dict) -> None:
    for v in result["variables"]:
        assert v["predicted"] == v["shard"], v
    assert result["estimate"]["weights"] == sum(v["shard"] for v in result["variables"])
    # all variables are trainable here: gradients and Adam's two slots are laid out like them
    assert result["estimate"]["gradients"] == result["estimate"]["weights"]
    assert result["estimate"]["optimizer_state"] == result["slots"] == 2 * result["estimate"]["weights"]


def test_layout_map_shards_match_jax(shards):
    result = shards["layout_map"]
    _check_every_variable(result)
    by_path = {v["path"]: v for v in result["variables"]}
    assert by_path["d1/kernel"]["shard"] == by_path["d1/kernel"]["full"] // 4
    assert by_path["head/kernel"]["shard"] == by_path["head/kernel"]["full"] // 2  # the "batch" axis has 2
    assert by_path["head/bias"]["shard"] == by_path["head/bias"]["full"]  # not in the map: replicated
    assert result["strategy"] == "model_parallel:2x4" and result["per_device_batch_size"] == 32


def test_default_layout_shards_match_jax(shards):
    result = shards["default"]
    _check_every_variable(result)
    # Dense/Embedding kernels whose last dimension divides by 4; the 10-unit head cannot be split
    assert result["sharded"] == ["d1/kernel", "d2/kernel", "emb/embeddings"]
    assert any("No LayoutMap given" in note for note in result["notes"])


def test_data_parallel_holds_full_copies(shards):
    result = shards["data_parallel"]
    _check_every_variable(result)
    assert all(v["shard"] == v["full"] for v in result["variables"])
    assert result["strategy"] == "data_parallel:8" and result["per_device_batch_size"] == 8


def mlp(width: int = 256):
    with keras.StatelessScope(initialize_variables=False):
        return keras.Sequential([keras.Input((64,)), layers.Dense(width), layers.Dense(width), layers.Dense(10)],
                                name="mlp")


def test_data_parallel_is_one_device_at_its_share_of_the_batch():
    model = mlp()
    four = estimate(model, 64, optimizer="adam", backend="jax", strategy="data_parallel:4")
    one = estimate(model, 16, optimizer="adam", backend="jax")
    assert four.breakdown == one.breakdown  # the same activations, and the full model state on each device
    assert (four.strategy, four.devices, four.per_device_batch_size, four.batch_size) == ("data_parallel:4", 4, 16, 64)
    assert one.strategy is None and "strategy" not in one.to_dict()
    assert four.to_dict()["per_device_batch_size"] == 16
    # an uneven split: the largest replica sets the peak
    assert estimate(model, 61, backend="jax", strategy="data_parallel:4").breakdown == one.breakdown


def test_max_batch_is_global_and_fixes_keep_the_strategy():
    model = mlp(2048)
    gpu = GPU("small", 1200 * 2**20)
    one = estimate(model, 200_000, optimizer="adam", backend="jax", gpu=gpu)
    four = estimate(model, 200_000, optimizer="adam", backend="jax", gpu=gpu, strategy="data_parallel:4")
    assert 0 < one.max_batch_size < 200_000 / 4 and not four.fits
    assert four.max_batch_size == 4 * one.max_batch_size  # each device takes a quarter of the global batch
    assert reestimate(four._job, precision=Precision.MIXED_BFLOAT16).strategy == "data_parallel:4"
    # the fix re-estimates the same strategy at the largest global batch that fits each device
    smaller = next(f for f in four.fixes if f.name == "smaller_batch")
    assert smaller.fits and smaller.max_batch_size == four.max_batch_size
    assert f"batch_size={four.max_batch_size}" in smaller.change


def test_mirrored_all_reduce_packs_gradients_twice():
    with keras.StatelessScope(initialize_variables=False):  # many equal layers: the all-reduce is the peak
        model = keras.Sequential([keras.Input((512,))] + [layers.Dense(512) for _ in range(8)], name="deep")
    est = estimate(model, 64, optimizer="adam", strategy="mirrored:4")
    facts = est._job.facts()
    assert est.backend == "tensorflow" and est.jit_compile is False  # Keras's "auto" drops XLA under tf.distribute
    assert facts.batch_size == 16
    assert facts.communication_bytes == 2 * facts.trainable_bytes  # NcclAllReduce: the packed copy and its sum
    assert est.peak_phase == "gradient all-reduce"
    assert est.breakdown["temporaries"] == 2 * est.breakdown["gradients"]
    assert est.breakdown["activations"] == 0
    assert any("NcclAllReduce" in note for note in est.notes)

    multi = make_job(model, 64, strategy="multi_worker_mirrored:4").facts()
    assert multi.communication_bytes == multi.trainable_bytes  # one pack, reduced in place
    assert make_job(model, 64, strategy="mirrored:1").facts().communication_bytes == 0
    assert make_job(model, 64, strategy="data_parallel:4").facts().communication_bytes == 0  # XLA: in place
    assert make_job(model, 64, strategy="mirrored:4", jit_compile=True).jit_compile is True


def test_strategy_objects():
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    # in a process of its own: importing TensorFlow here would change what later tests see
    code = ("import json, tensorflow as tf\nfrom oomdoctor.estimator.parallel import strategy_from\n"
            "print(json.dumps([strategy_from(s).describe() for s in (tf.distribute.MirroredStrategy(), "
            "tf.distribute.MultiWorkerMirroredStrategy())]))")
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == ["mirrored:1", "multi_worker_mirrored:1"], out.stderr
    dp = keras.distribution.DataParallel(devices=keras.distribution.list_devices())
    assert parallel.strategy_from(dp) == Strategy(StrategyKind.DATA_PARALLEL, len(keras.distribution.list_devices()))
    assert parallel.strategy_from("mp:2x4") == Strategy(StrategyKind.MODEL_PARALLEL, 8, 4)
    with pytest.raises(OomdoctorError, match="Cannot read a strategy"):
        parallel.strategy_from(object())


def _one_line(error: OomdoctorError) -> str:
    text = str(error)
    assert "\n" not in text and error.fix
    return text


@pytest.mark.parametrize("text, words", [
    ("zero2", "does not say how many devices"),
    ("ddp:2x4", "Only model_parallel takes a mesh"),
    ("pipeline:4", "Unknown strategy"),
    ("mirrored:4+offload", "CPU offload is a ZeRO / FSDP option"),
    ("data parallel 4", "Cannot read the strategy"),
])
def test_parse_strategy_errors(text, words):
    with pytest.raises(OomdoctorError) as caught:
        parse_strategy(text)
    assert words in _one_line(caught.value)


@pytest.mark.parametrize("strategy, backend, device, words", [
    ("zero2:8", None, None, "is a PyTorch strategy"),
    ("fsdp:8", None, None, "is a PyTorch strategy"),
    ("mirrored:2", "jax", None, "runs only on Keras's TensorFlow backend"),
    ("data_parallel:2", "torch", None, "only for the JAX backend"),
    ("data_parallel:2", None, "cpu", "--device cpu"),
])
def test_keras_refuses_what_it_cannot_train_under(strategy, backend, device, words):
    with pytest.raises(OomdoctorError) as caught:
        estimate(mlp(), 8, backend=backend, device=device, strategy=strategy)
    assert words in _one_line(caught.value)


def test_layout_map_errors():
    model = mlp()
    mesh = keras.distribution.DeviceMesh((1, 1), ("batch", "model"), devices=keras.distribution.list_devices()[:1])
    uneven = {".*dense_?\\d*/kernel": (None, "model")}
    with pytest.raises(OomdoctorError, match="divide"):
        make_job(model, 8, strategy=Strategy(StrategyKind.MODEL_PARALLEL, 3, 3, layout_map=uneven)).facts()
    with pytest.raises(OomdoctorError, match="mesh axis 'tensor'"):
        make_job(model, 8, strategy=Strategy(StrategyKind.MODEL_PARALLEL, 2, 2, layout_map={".*kernel": (None, "tensor")})
                 ).facts()
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map[".*kernel"] = (None, "model")
    layout_map[".*dense.*"] = (None, "model")
    with pytest.raises(OomdoctorError, match="ambiguous"):
        make_job(model, 8, strategy=Strategy(StrategyKind.MODEL_PARALLEL, 1, 1, layout_map=layout_map)).facts()


def test_model_parallel_divides_sharded_outputs():
    model = mlp()
    one = make_job(model, 64, backend="jax").step()
    sharded = estimate(model, 64, backend="jax", strategy="model_parallel:1x4")
    # the two 256-wide Dense layers are split 4 ways; the 10-unit head is not
    assert sharded.breakdown["activations"] < one.breakdown["activations"] / 2
    assert any("sharded on its output axis" in part for part in sharded.approximated)
    assert sharded.per_device_batch_size == 64


# ZeRO (Rajbhandari et al. 2020), Figure 1: Ψ = 7.5 B, N = 64, K = 12; the paper rounds its GB.
@pytest.mark.parametrize("stage, paper_gb", [(0, 120), (1, 31.4), (2, 16.6), (3, 1.88)])
def test_model_state_bytes_matches_zero_paper(stage, paper_gb):
    got = model_state_bytes(7_500_000_000, stage, 64, k=12) / 1e9
    assert abs(got - paper_gb) / paper_gb < 0.01


def _toy_fits(cap: float, calls: list):
    """Per device: 120 units of state (split by model shards) + 2 per sample of its batch of 64."""
    def fits(strategy: Strategy) -> bool:
        calls.append(strategy.describe())
        per_device = -(-64 // strategy.data_replicas)
        return 120 / strategy.model_shards + 2 * per_device / strategy.model_shards <= cap
    return fits


def _brute_force(fits, limit):
    for n in range(1, limit + 1):
        for strategy in keras_candidates(n):
            if fits(strategy):
                return strategy
    return None


@pytest.mark.parametrize("cap", [300, 250, 140, 125, 100, 70, 40, 10])
def test_fewest_devices_matches_brute_force(cap):
    calls: list = []
    found = fewest_devices(_toy_fits(cap, calls), keras_candidates, limit=64)
    expected = _brute_force(_toy_fits(cap, []), 64)
    assert (found and found.describe()) == (expected and expected.describe())


def test_fewest_devices_prefers_the_simplest_kind_and_searches_in_log_steps():
    calls: list = []
    assert fewest_devices(lambda s: True, keras_candidates) == Strategy(StrategyKind.DATA_PARALLEL, 1)
    # data parallel alone: fits from 37 devices on; doubling then bisection, not a scan
    found = fewest_devices(lambda s: calls.append(s) or s.devices >= 37,
                           lambda n: [Strategy(StrategyKind.DATA_PARALLEL, n)], limit=1024)
    assert found == Strategy(StrategyKind.DATA_PARALLEL, 37) and len(calls) <= 14
    assert fewest_devices(lambda s: False, keras_candidates, limit=32) is None
    # at 4 devices both kinds fit: data parallel, listed first, wins the tie
    tie = fewest_devices(lambda s: s.devices >= 4, keras_candidates, limit=32)
    assert tie == Strategy(StrategyKind.DATA_PARALLEL, 4)
    assert [s.describe() for s in keras_candidates(6)] == [
        "data_parallel:6", "model_parallel:3x2", "model_parallel:2x3", "model_parallel:1x6"]
    assert keras_candidates(2, StrategyKind.MIRRORED)[0] == Strategy(StrategyKind.MIRRORED, 2)


def _fake_worker(seen: list):
    def run_worker(config, backend, timeout=3600):
        seen.append((config, backend))
        return {"device": "GPU:0", "steps_done": config["steps"], "oom": False, "peak_bytes": 300,
                "device_peaks_bytes": [300, 280], "jit_compile": True}
    return run_worker


def test_measure_passes_the_strategy_to_the_worker(monkeypatch):
    seen: list = []
    monkeypatch.setattr(run, "run_worker", _fake_worker(seen))
    result = run.measure(f"{MODELS}:dense_only", 64, steps=2, strategy="data_parallel:2")
    config, backend = seen[0]
    assert backend == "jax"  # keras.distribution: the JAX backend
    assert config["strategy"] == {"kind": "data_parallel", "devices": 2, "model_shards": 1}
    assert result.device_peaks_bytes == [300, 280] and result.strategy == "data_parallel:2"
    assert result.to_dict()["device_peaks_bytes"] == [300, 280]
    # the estimate beside it is one device's, at the global batch
    assert result.estimate.strategy == "data_parallel:2" and result.estimate.per_device_batch_size == 32
    run.measure(f"{MODELS}:dense_only", 64, steps=1, strategy="model_parallel:1x2", estimate=False)
    assert seen[-1][0]["strategy"] == {"kind": "model_parallel", "devices": 2, "model_shards": 2}
    run.measure(f"{MODELS}:dense_only", 64, steps=1, strategy="mirrored:2", estimate=False)
    assert seen[-1][1] == "tensorflow"


@pytest.mark.parametrize("strategy, backend, words", [
    ("data_parallel:2", "torch", "not measured on torch"),
    ("multi_worker_mirrored:4", None, "out of scope"),
    ("zero2:2", None, "PyTorch strategy"),
])
def test_measure_refuses_what_it_cannot_run(monkeypatch, strategy, backend, words):
    monkeypatch.setattr(run, "run_worker", _fake_worker([]))
    with pytest.raises(OomdoctorError) as caught:
        run.measure(f"{MODELS}:dense_only", 8, backend=backend, strategy=strategy)
    assert words in _one_line(caught.value)


def test_measure_needs_the_gpus_the_strategy_asks_for():
    with pytest.raises(OomdoctorError) as caught:
        run.measure(f"{MODELS}:dense_only", 8, steps=1, strategy="data_parallel:2")
    assert "data_parallel:2 needs 2 GPUs; this machine has 0" in _one_line(caught.value)


def test_worker_trains_under_keras_distribution():
    """The worker's strategy plumbing, on 4 host devices standing in for GPUs."""
    result = _run_on_host_devices(f"""
        import json

        from keras import distribution as kd

        from oomdoctor.measure import worker

        host = kd.list_devices
        kd.list_devices = lambda device_type=None: host("cpu")
        worker._Jax.gpu_count = lambda self: 4
        out = {{}}
        for kind, shards in (("data_parallel", 1), ("model_parallel", 2)):
            config = {{"model": {str(MODELS)!r} + ":dense_only", "batch_size": 8, "steps": 2, "precision": None,
                       "optimizer": None, "input_shape": None,
                       "strategy": {{"kind": kind, "devices": 4, "model_shards": shards}}}}
            out[kind] = worker.run(config)
        print(json.dumps(out))
    """, 4)
    for kind in ("data_parallel", "model_parallel"):
        assert result[kind]["error"] is None, result[kind].get("traceback")
        assert result[kind]["steps_done"] == 2 and len(result[kind]["device_peaks_bytes"]) == 4


def _gpu_count() -> int:
    try:
        import jax

        return sum(d.platform == "gpu" for d in jax.devices())
    except Exception:
        return 0


@pytest.mark.gpu
@pytest.mark.parametrize("strategy", ["data_parallel:2", "model_parallel:1x2"])
def test_measured_device_peaks_beside_the_estimate(strategy):
    if _gpu_count() < 2:
        pytest.skip("needs 2 GPUs; the lent H200 machine has 1")
    result = run.measure(f"{MODELS}:dense_only", 256, steps=2, strategy=strategy)
    assert len(result.device_peaks_bytes) == 2 and all(p > 0 for p in result.device_peaks_bytes)
    assert result.estimate_peak_bytes and result.relative_error is not None


def test_cli_finds_the_fewest_gpus_for_the_seed_model():
    """The seed's 770 M-parameter head does not fit one T4 at batch 16; sharding it on 2 does."""
    import json
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", "tests/models/seed.py:seed", "--batch-size",
                          "16", "--gpu", "T4", "--find-devices", "--json"], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["fits"] is False
    assert data["device_search"]["devices"] == 2
    assert data["device_search"]["strategy"].startswith("model_parallel")
    per_device = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", "tests/models/seed.py:seed",
                                 "--batch-size", "16", "--gpu", "T4", "--strategy",
                                 data["device_search"]["strategy"], "--json"], capture_output=True, text=True,
                                timeout=300)
    assert json.loads(per_device.stdout)["fits"] is True
