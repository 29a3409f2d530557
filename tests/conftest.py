import os

# Trace with JAX (abstract shapes, nothing allocated), as the CLI does.
os.environ.setdefault("KERAS_BACKEND", "jax")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import pytest


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/golden/*.out from current output")


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


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
    """Each test starts in English, whatever language an earlier test chose."""
    from oomdoctor.i18n import set_language

    set_language("en")
    yield
