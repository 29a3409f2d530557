"""`measure` of a plain PyTorch function: real steps, the estimate beside them."""

import textwrap

import pytest

torch = pytest.importorskip("torch")

from oomdoctor import OomdoctorError  # noqa: E402


_TRAINABLE = textwrap.dedent("""
    import torch

    def build():
        model = torch.nn.Sequential(torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.ReLU(), torch.nn.Flatten(),
                                    torch.nn.Linear(16 * 32 * 32, 10))
        batch = (torch.randn(1, 3, 32, 32), torch.randint(0, 10, (1,)))
        return model, batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])
""")


def test_measure_runs_a_pytorch_function_for_real_and_shows_the_estimate_beside_it(tmp_path):
    from oomdoctor.measure.run import measure

    script = tmp_path / "net.py"
    script.write_text(_TRAINABLE)
    result = measure(f"{script}:build", 8, steps=2)
    assert result.backend == "pytorch" and result.steps_done == 2 and not result.oom
    assert result.estimate is not None and result.estimate_peak_bytes == result.estimate.peak_bytes
    if result.device == "CPU:0":
        assert result.peak_bytes is None and any("no allocator statistics" in n for n in result.notes)
    with pytest.raises(OomdoctorError, match="torchrun"):
        measure(f"{script}:build", 8, strategy="ddp:2")


@pytest.mark.gpu
def test_measured_pytorch_peak_is_within_10_percent_of_the_estimate(tmp_path):
    """10 %, not 3: cuDNN's per-call convolution workspace is not traced, and this model is small."""
    from oomdoctor.measure.run import measure

    script = tmp_path / "net.py"
    script.write_text(_TRAINABLE)
    result = measure(f"{script}:build", 256, steps=2)
    assert result.device == "GPU:0"
    assert abs(result.relative_error) < 0.10
