"""Plain PyTorch on several devices (oomdoctor.pytorch.parallel): DDP, ZeRO and the device search."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from oomdoctor import OomdoctorError, estimate  # noqa: E402


def _mlp(width: int = 512):
    block = lambda: torch.nn.Sequential(torch.nn.Linear(width, width), torch.nn.ReLU())  # noqa: E731
    return torch.nn.Sequential(*[block() for _ in range(4)], torch.nn.Linear(width, 10))


def test_ddp_runs_each_devices_share_of_the_batch_and_adds_gradient_buckets():
    model, x = _mlp(), torch.zeros(1, 512)
    single = estimate(model, 16, example_inputs=x, optimizer="adam")
    ddp = estimate(model, 64, example_inputs=x, optimizer="adam", strategy="ddp:4")
    weights = sum(p.numel() * 4 for p in model.parameters())
    assert ddp.devices == 4 and ddp.per_device_batch_size == 16 and ddp.strategy == "ddp:4"
    assert ddp.to_dict()["per_device_batch_size"] == 16
    # same step per device as one device at batch 16, plus a flat copy of every gradient
    assert ddp.peak_bytes - single.peak_bytes >= weights
    assert ddp._job.step(64).peak_bytes == ddp.peak_bytes


def test_zero_stages_shard_optimizer_state_then_gradients_then_weights():
    model, x = _mlp(2048), torch.zeros(1, 2048)  # 64 MiB of weights: the model state dominates
    results = {s: estimate(model, 32, example_inputs=x, optimizer="adam", strategy=f"{s}:8")
               for s in ("ddp", "zero1", "zero2", "zero3")}
    from oomdoctor.pytorch.job import make_job
    from oomdoctor.pytorch.parallel import per_device
    from oomdoctor.estimator.parallel import parse_strategy

    job = make_job(model, 32, example_inputs=x, optimizer="adam")
    sizes = job.sizes(4)
    for name, stage in (("zero1", 1), ("zero2", 2), ("zero3", 3)):
        scaled, _extras = per_device(job, sizes, parse_strategy(f"{name}:8"))
        for storage, before, after in zip(job.first.storages, sizes, scaled):
            sharded = (storage.role == "optimizer_state" or (stage >= 2 and storage.role == "gradients")
                       or (stage >= 3 and storage.role == "weights"))
            assert after == (-(-before // 8) if sharded else before) or storage.phase == "optimizer"
    peaks = [results[s].peak_bytes for s in ("ddp", "zero1", "zero2", "zero3")]
    assert peaks == sorted(peaks, reverse=True)


def test_a_keras_strategy_is_refused_for_a_pytorch_model():
    with pytest.raises(OomdoctorError, match="ddp:8"):
        estimate(torch.nn.Linear(4, 4), 8, example_inputs=torch.zeros(1, 4), strategy="mirrored:8")


def test_the_device_search_finds_the_fewest_gpus_and_the_simplest_strategy():
    from dataclasses import replace

    from oomdoctor.gpus import GPU
    from oomdoctor.estimator.parallel import parse_strategy
    from oomdoctor.pytorch.job import torch_candidates

    model, x = _mlp(2048), torch.zeros(1, 2048)
    small = GPU("small", 760 * 2**20 + 200 * 2**20)  # 200 MiB left for the allocator
    result = estimate(model, 32, example_inputs=x, optimizer="adam", gpu=small, find_devices=True)
    assert result.fits is False
    search = result.device_search
    assert search["devices"] > 1
    job = result._job
    found = parse_strategy(search["strategy"])
    assert replace(job, strategy=found).fits(32)
    fewer = search["devices"] - 1
    candidates = [None] if fewer == 1 else torch_candidates(fewer)
    assert not any(replace(job, strategy=s).fits(32) for s in candidates)
    assert result.to_dict()["device_search"]["devices"] == search["devices"]
