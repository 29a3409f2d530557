import os
from pathlib import Path

# Trace with JAX (abstract shapes, nothing allocated), as the CLI does.
os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# As the CLI does: JAX's CUDA plugin (oomdoctor[xla-gpu]) compiles for GPUs that are not here.
os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")

import pytest


@pytest.fixture
def per_kind_tables(monkeypatch):
    """The per-kind tables alone, for tests that check them by hand: JAX's compiled layout
    (oomdoctor[xla-gpu]) is checked in test_xla_gpu_compile.py, Keras's traced torch step in
    test_keras_torch_trace.py."""
    monkeypatch.setenv("OOMDOCTOR_XLA_GPU_COMPILE", "0")
    monkeypatch.setenv("OOMDOCTOR_KERAS_TORCH_TRACE", "0")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/golden/*.out from current output")


GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


@pytest.fixture
def golden(update_golden):
    """``golden(text, "name.out", estimate=None)``: text must equal tests/golden/name.out; --update-golden
    rewrites the file. With the ``Estimate`` the text was rendered from, its invariants are checked
    too, whatever the file says: the breakdown sums to the peak, no category is negative, and the
    safe figure is not below the peak."""

    def compare(text: str, name: str, estimate=None) -> None:
        if estimate is not None:
            assert sum(estimate.breakdown.values()) == estimate.peak_bytes, (name, estimate.breakdown)
            assert min(estimate.breakdown.values()) >= 0, (name, estimate.breakdown)
            assert estimate.safe_peak_bytes >= estimate.peak_bytes, name
        path = GOLDEN / name
        if update_golden:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        elif not path.exists():  # a missing golden file is a failure, or the test could never fail
            pytest.fail(f"{name} is missing: run pytest --update-golden to write it, then read it")
        assert text == path.read_text(encoding="utf-8"), f"{name}: run pytest --update-golden after an intended change"

    return compare


def pytest_collection_modifyitems(config, items):
    try:
        import jax

        has_gpu = any(d.platform == "gpu" for d in jax.devices())
    except Exception:
        has_gpu = False
    if not has_gpu:
        skip = pytest.mark.skip(reason="needs a CUDA GPU; this machine has none")
        for item in items:
            if "gpu" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def english_messages():
    """Each test starts and ends in English, whatever language it chose.

    Ending matters too: module-scoped fixtures are made before this one runs, in the language the
    previous test left.
    """
    from oomdoctor.i18n import set_language

    set_language("en")
    yield
    set_language("en")
