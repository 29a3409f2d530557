"""Importing oomdoctor or asking for help must not import any framework."""
import subprocess
import sys

FRAMEWORKS = ("tensorflow", "torch", "jax", "keras")


def _loaded_after(code: str) -> list[str]:
    probe = code + f"\nimport sys\nprint([m for m in {FRAMEWORKS!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return eval(out.strip().splitlines()[-1])


def test_import_loads_no_framework():
    assert _loaded_after("import oomdoctor") == []


def test_cli_help_loads_no_framework():
    code = "from oomdoctor.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    assert _loaded_after(code) == []


def test_estimate_with_jax_does_not_import_tensorflow():
    # Keras's serializer imports TensorFlow just to check for tf.TensorShape; a Bidirectional layer
    # serializes its inner layer when built. Seconds of start-up and a gigabyte for nothing.
    models = __import__("pathlib").Path(__file__).parents[1] / "models" / "small.py"
    code = ("import os\nos.environ['KERAS_BACKEND'] = 'jax'\nfrom oomdoctor.cli import main\n"
            f"main(['estimate', '{models}:bidirectional_text', '-b', '4', '--json'])")
    assert "tensorflow" not in _loaded_after(code)
