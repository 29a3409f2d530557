"""The CLI contract: flags, JSON keys, and one-line errors with exit code 2."""
import json
import os
import subprocess
import sys
from pathlib import Path

import keras
import pytest

from oomdoctor.cli import main

MODELS = Path(__file__).parents[1] / "models" / "small.py"
REQUIRED_KEYS = {"peak_bytes", "device_total_bytes", "breakdown", "layers", "culprits", "backend", "precision",
                 "optimizer", "batch_size"}


def run_json(capsys, *args) -> dict:
    assert main(["estimate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_schema(capsys):
    data = run_json(capsys, f"{MODELS}:dense_only", "--batch-size", "32", "--backend", "jax")
    assert REQUIRED_KEYS <= set(data)
    assert sum(data["breakdown"].values()) == data["peak_bytes"]
    assert data["device_total_bytes"] > data["peak_bytes"]
    assert data["batch_size"] == 32 and data["backend"] == "jax" and data["optimizer"] == "Adam"
    assert {"name", "type", "output_shape", "params", "weight_bytes", "activation_bytes"} <= set(data["layers"][0])
    assert "fits" not in data  # no GPU given
    assert data["safe_peak_bytes"] >= data["peak_bytes"]
    assert set(data["uncertainty"]["exact"]) == {"weights", "gradients", "input_batch", "optimizer_state"}
    assert data["uncertainty"]["statement"].startswith("Exact")


def test_gpu_keys(capsys):
    data = run_json(capsys, f"{MODELS}:dense_only", "-b", "8", "--gpu", "T4")
    assert data["fits"] is True and data["max_batch_size"] >= 8
    data = run_json(capsys, f"{MODELS}:dense_only", "-b", "8", "--gpu-memory", "1MiB")
    assert data["fits"] is False and data["max_batch_size"] == 0 and data["max_batch_reason"]


def test_compiled_model_keeps_its_optimizer_unless_told(capsys):
    assert run_json(capsys, f"{MODELS}:compiled_sgd", "-b", "8")["optimizer"] == "SGD"
    assert run_json(capsys, f"{MODELS}:compiled_sgd", "-b", "8", "--optimizer", "rmsprop")["optimizer"] == "RMSprop"


def test_tuple_and_precision_and_jit(capsys):
    data = run_json(capsys, f"{MODELS}:as_tuple", "-b", "8", "--precision", "mixed_bfloat16",
                    "--backend", "tensorflow", "--no-jit")
    assert data["precision"] == "mixed_bfloat16" and data["jit_compile"] is False
    keras.config.set_dtype_policy("float32")


def test_subclassed_model_without_training_argument(capsys):
    data = run_json(capsys, f"{MODELS}:subclassed", "-b", "4", "--input-shape", "16,16,3")
    assert [row["type"] for row in data["layers"]] == ["Conv2D", "GlobalAveragePooling2D", "Dense"]


def test_input_shape_fills_unknown_dims(capsys):
    data = run_json(capsys, f"{MODELS}:variable_length", "-b", "4", "--input-shape", "20,8")
    assert data["layers"]


def test_keras_file(tmp_path, capsys):
    model = keras.Sequential([keras.Input((12,)), keras.layers.Dense(3)])
    model.compile(optimizer="sgd", loss="mse")
    path = tmp_path / "m.keras"
    model.save(path)
    data = run_json(capsys, str(path), "-b", "4")
    assert data["optimizer"] == "SGD" and data["layers"][0]["params"] == 39


def test_human_report(capsys):
    assert main(["estimate", f"{MODELS}:dense_only", "-b", "8", "--gpu", "T4"]) == 0
    out = capsys.readouterr().out
    assert "peak" in out and "Fits T4" in out and "allocator peak" in out


@pytest.mark.parametrize("args, words", [
    (["missing.keras", "-b", "4"], "No such file"),
    ([f"{MODELS}", "-b", "4"], "names no function"),
    ([__file__.replace(".py", ".txt"), "-b", "4"], "No such file"),
    ([f"{MODELS}:raises", "-b", "4"], "raised RuntimeError: my model is broken"),
    ([f"{MODELS}:not_a_model", "-b", "4"], "not a keras.Model"),
    ([f"{MODELS}:nope", "-b", "4"], "has no function"),
    ([f"{MODELS}:variable_length", "-b", "4"], "--input-shape"),
    ([f"{MODELS}:dense_only", "-b", "4", "--optimizer", "adamm"], "Unknown optimizer"),
    ([f"{MODELS}:dense_only", "-b", "4", "--gpu", "Voodoo"], "Unknown GPU"),
    ([f"{MODELS}:dense_only", "-b", "-3"], "batch size"),
    ([f"{MODELS}:dense_only", "-b", "4", "--backend", "mxnet"], "Unknown backend"),
    ([f"{MODELS}:dense_only", "-b", "4", "--gpu-memory", "lots"], "memory size"),
])
def test_bad_input_is_one_line_exit_2(args, words, capsys):
    assert main(["estimate", *args]) == 2
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_bad_input_in_chinese_is_one_line_exit_2(capsys):
    assert main(["estimate", "nothing-here.keras", "-b", "4", "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert err == "oomdoctor：错误：找不到文件：nothing-here.keras。请给出 .keras 文件，或 path/to/file.py:function。\n"


def test_not_a_model_file(tmp_path, capsys):
    path = tmp_path / "notes.keras"
    path.write_text("hello")
    assert main(["estimate", str(path), "-b", "4"]) == 2
    assert "not a Keras model file" in capsys.readouterr().err


def test_debug_shows_the_traceback(capsys):
    assert main(["estimate", f"{MODELS}:raises", "-b", "4", "--debug"]) == 2
    assert "Traceback" in capsys.readouterr().err


def test_real_process_exit_code():
    proc = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", "nothing-here.keras", "-b", "1"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("oomdoctor: error: No such file")


@pytest.mark.parametrize("args", [["estimate", "--batch-size"], ["nonsense"], ["estimate", "x.keras", "-b", "two"],
                                  ["measure", "--steps"]])
def test_usage_errors_are_short_and_exit_2(args):
    proc = subprocess.run([sys.executable, "-m", "oomdoctor", *args], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("oomdoctor: error: ")
    assert len(proc.stderr.strip().splitlines()) == 1 and "--help" in proc.stderr


def test_no_arguments_shows_help():
    proc = subprocess.run([sys.executable, "-m", "oomdoctor"], capture_output=True, text=True)
    assert "Usage" in proc.stdout + proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("keras_json, expected", [(None, "tensorflow"), ('{"backend": "jax"}', "jax")])
def test_the_default_backend_is_the_one_import_keras_would_get(keras_json, expected, tmp_path):
    """Without KERAS_BACKEND the report names keras.json's backend, else tensorflow, whatever oomdoctor
    traces with inside (JAX)."""
    if keras_json is not None:
        (tmp_path / "keras.json").write_text(keras_json)
    env = {key: value for key, value in os.environ.items() if key not in ("KERAS_BACKEND", "OOMDOCTOR_USER_KERAS_BACKEND")}
    env["KERAS_HOME"] = str(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{MODELS}:dense_only", "-b", "8", "--json"],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["backend"] == expected


@pytest.mark.parametrize("spec, backend", [("mixed_imports.py:keras_model", "jax"),
                                           ("mixed_imports.py:torch_module", "pytorch"),
                                           ("torch_and_helper.py:keras_via_helper", "jax")])
def test_the_returned_object_decides_the_framework(spec, backend, capsys):
    pytest.importorskip("torch", reason="a plain PyTorch model")
    data = run_json(capsys, str(MODELS.parent / spec), "-b", "4")
    assert data["backend"] == backend


def test_a_cpu_report_speaks_of_host_memory(capsys):
    pytest.importorskip("tensorflow", reason="--device cpu predicts TensorFlow's CPU allocator")
    assert main(["estimate", f"{MODELS}:dense_only", "-b", "8", "--backend", "tensorflow", "--device", "cpu"]) == 0
    out = capsys.readouterr().out
    assert "host memory" in out and "nvidia-smi" not in out


def test_a_gpu_given_by_its_size_is_not_named_twice(capsys):
    """'more than the 12.0 GiB of GPU with 12.0 GiB' said the size twice."""
    data = run_json(capsys, f"{MODELS.parent / 'seed.py'}:seed", "-b", "1", "--gpu-memory", "4GiB")
    assert data["max_batch_size"] == 0
    assert "GPU's 4.0 GiB" in data["max_batch_reason"] and "GPU with" not in data["max_batch_reason"]


@pytest.mark.parametrize("args", [["estimate", f"{MODELS}:dense_only", "-b", "4"], ["measure", f"{MODELS}:dense_only",
                                  "-b", "4"], ["check", "--static-only", str(MODELS)], ["demo"],
                                  ["explain", str(MODELS)]])
def test_every_command_refuses_an_unknown_language_in_one_line(args, capsys):
    assert main([*args, "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert "Unknown language 'fr'" in err and len(err.splitlines()) == 1, err
