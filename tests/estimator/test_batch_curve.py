"""The batch curve (oomdoctor.estimator.batch_curve) of a PyTorch estimate: each point is a replay of the traced step."""

import pytest

torch = pytest.importorskip("torch")

from oomdoctor import estimate  # noqa: E402


def test_the_report_charts_a_pytorch_estimate_from_replays(tmp_path):
    from oomdoctor.estimator.batch_curve import batch_curve
    from oomdoctor.gpus import CUDA_CONTEXT_BYTES

    model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 4))
    result = estimate(model, 32, example_inputs=torch.zeros(1, 512), gpu="T4")
    curve = batch_curve(result)
    for batch, peak, total in curve.points:
        replay = result._job.step(batch)
        assert (peak, total) == (replay.peak_bytes, replay.reserved_bytes + CUDA_CONTEXT_BYTES)
    assert curve.gpus[0].allocator_bytes == result.gpu.usable_bytes
    page = result._repr_html_()
    assert f'data-max-batch="{result.max_batch_size}"' in page
