"""Hostile and broken input against every command and the Python API.

Each command-line case runs ``python -m oomdoctor`` in a fresh process and must end with its exit code
(2 for bad input, the signal's for a signal), one line on stderr that says what is wrong, within its
time bound, and with no process of its own left running (every process it started carries a marker
in its environment, looked for in /proc afterwards). The bounds are 10 to 100 times what a healthy
run takes: they catch hangs and quadratic scans, not slowness.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

FILES = Path(__file__).parent / "files"
BUILDERS = FILES / "builders.py"


@dataclass
class Case:
    id: str
    args: list[str]  # "{tmp}" is the folder of generated files
    words: tuple[str, ...]  # each must be in the one line on stderr
    rc: int = 2
    seconds: float = 120
    env: dict[str, str] = field(default_factory=dict)
    stdin: str | None = None  # a file under {tmp} to read as standard input
    lines: int = 1  # lines on stderr


def _generate(tmp: Path) -> None:
    """The files the cases read; made once per session."""
    # config.json that inflates from 0.3 MB to 300 MiB
    with zipfile.ZipFile(tmp / "bomb.keras", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        with archive.open("config.json", "w", force_zip64=True) as member:
            for _ in range(300):
                member.write(b" " * (1 << 20))
    (tmp / "zero.keras").symlink_to("/dev/zero")
    (tmp / "zero.log").symlink_to("/dev/zero")
    os.mkfifo(tmp / "fifo.keras")
    os.mkfifo(tmp / "fifo.log")
    (tmp / "folder.keras").mkdir()
    (tmp / "deep.py").write_text("x = " + "+".join(["1"] * 200_000) + "\n")
    (tmp / "not_a_zip.keras").write_text("not a zip")
    with zipfile.ZipFile(tmp / "no_config.keras", "w") as archive:
        archive.writestr("metadata.json", "{}")
    with zipfile.ZipFile(tmp / "bad_json.keras", "w") as archive:
        archive.writestr("config.json", "{not json")
    with zipfile.ZipFile(tmp / "unknown_layer.keras", "w") as archive:
        archive.writestr("config.json", '{"module": "keras", "class_name": "Sequential", "config": {"layers": '
                                        '[{"module": "my_layers", "class_name": "MyLayer", "config": {}}]}}')
    torch_line = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total "
                  "capacity of 14.75 GiB of which 3.06 MiB is free.\n")
    (tmp / "digits.log").write_text(torch_line.rstrip("\n") + "9" * 200_000 + "\n")
    (tmp / "newlines.log").write_text("OOM when allocating tensor with shape[10,10] and type float" + "\n" * 400_000)
    (tmp / "dots.log").write_text("." * 150_000 + torch_line)
    (tmp / "huge_number.log").write_text("RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1" + "0" * 400
                                         + " bytes\n")
    (tmp / "big_stdin.log").write_bytes(b"x" * (65 * 2**20))
    # Hugging Face folders (hf:FOLDER): a config.json that is a device, broken, huge, or needs its own code
    for name in ("hf_zero", "hf_bad_json", "hf_huge", "hf_custom", "hf_gpt2", "hf_adapter_only"):
        (tmp / name).mkdir()
    (tmp / "hf_zero" / "config.json").symlink_to("/dev/zero")
    (tmp / "hf_bad_json" / "config.json").write_text("{not json")
    with open(tmp / "hf_huge" / "config.json", "wb") as huge:
        huge.truncate(65 * 2**20)  # sparse: no disk
    (tmp / "hf_custom" / "config.json").write_text(
        '{"model_type": "my_model", "auto_map": {"AutoConfig": "configuration_my.MyConfig"}, '
        '"architectures": ["MyModelForCausalLM"]}')
    (tmp / "hf_gpt2" / "config.json").write_text(
        '{"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_layer": 1, "n_embd": 32, '
        '"n_head": 2, "n_positions": 64, "vocab_size": 100}')
    (tmp / "hf_adapter_only" / "adapter_config.json").write_text(
        '{"peft_type": "LORA", "base_model_name_or_path": "meta-llama/Llama-2-7b-hf", "r": 8, '
        '"target_modules": ["q_proj"], "task_type": "CAUSAL_LM"}')


CASES = [
    # ---- unbounded reads: refused before they are read
    Case("keras-zip-bomb", ["estimate", "{tmp}/bomb.keras", "-b", "1"], ("config.json", "300 MiB"), seconds=60),
    Case("model-is-dev-zero", ["estimate", "{tmp}/zero.keras", "-b", "1"], ("device", "not a file"), seconds=60),
    Case("model-is-fifo", ["estimate", "{tmp}/fifo.keras", "-b", "1"], ("pipe",), seconds=60),
    Case("model-is-folder", ["estimate", "{tmp}/folder.keras", "-b", "1"], ("folder",), seconds=60),
    Case("log-is-dev-zero", ["explain", "{tmp}/zero.log"], ("device",), seconds=30),
    Case("log-is-fifo", ["explain", "{tmp}/fifo.log"], ("pipe",), seconds=30),
    Case("stdin-too-large", ["explain", "-"], ("Standard input", "tail -c"), stdin="big_stdin.log", seconds=30),
    Case("measure-model-is-fifo", ["measure", "{tmp}/fifo.keras", "-b", "1"], ("pipe",), seconds=60),
    # ---- damaged model files: Keras's message in full, and a fix that fits
    Case("keras-not-a-zip", ["estimate", "{tmp}/not_a_zip.keras", "-b", "1"], ("not a Keras model file",)),
    Case("keras-no-config", ["estimate", "{tmp}/no_config.keras", "-b", "1"], ("config.json", "damaged")),
    Case("keras-bad-json", ["estimate", "{tmp}/bad_json.keras", "-b", "1"], ("JSONDecodeError", "damaged")),
    Case("keras-unknown-layer", ["estimate", "{tmp}/unknown_layer.keras", "-b", "1"], ("MyLayer", "file.py:function")),
    # ---- sizes past anything that exists
    Case("input-1e18-tf-cpu", ["estimate", f"{BUILDERS}:huge_input", "-b", "1", "--backend", "tensorflow",
                               "--device", "cpu"], ("10^18 elements",)),
    Case("input-1e18-measure", ["measure", f"{BUILDERS}:huge_input", "-b", "1", "--backend", "tensorflow"],
         ("10^18 elements",)),
    Case("weight-28-PiB", ["estimate", f"{BUILDERS}:huge_weights", "-b", "1"], ("dense/kernel", "PiB")),
    Case("zero-width-input", ["estimate", f"{BUILDERS}:zero_width", "-b", "1"], ("size 0",)),
    Case("batch-1e30", ["estimate", f"{BUILDERS}:small", "-b", "1" + "0" * 30], ("batch size", "10^30")),
    Case("batch-0", ["estimate", f"{BUILDERS}:small", "-b", "0"], ("batch size",)),
    Case("measure-past-host-memory", ["measure", f"{BUILDERS}:too_big_for_memory", "-b", "100000", "--backend",
                                      "tensorflow"], ("memory", "free")),
    Case("measure-steps-0", ["measure", f"{BUILDERS}:small", "-b", "1", "--steps", "0"], ("--steps",)),
    # ---- every parse is total
    Case("gpu-memory-no-unit", ["estimate", f"{BUILDERS}:small", "-b", "1", "--gpu-memory", "12"], ("no unit",)),
    Case("gpu-memory-400-digits", ["estimate", f"{BUILDERS}:small", "-b", "1", "--gpu-memory", "9" * 400 + "GiB"],
         ("memory size",)),
    Case("gpu-memory-negative", ["estimate", f"{BUILDERS}:small", "-b", "1", "--gpu-memory", "-5GiB"],
         ("memory size",)),
    Case("gpu-memory-zettabyte", ["estimate", f"{BUILDERS}:small", "-b", "1", "--gpu-memory", "5000EiB"],
         ("larger than any memory",)),
    Case("mesh-zero-axis", ["estimate", f"{BUILDERS}:small", "-b", "1", "--strategy", "model_parallel:2x0"],
         ("size 0",)),
    Case("devices-too-many", ["estimate", f"{BUILDERS}:small", "-b", "1", "--strategy", "data_parallel:999999999"],
         ("devices",)),
    Case("deep-expression", ["check", "--static-only", "{tmp}/deep.py"], ("nests", "too deeply")),
    Case("html-unwritable", ["estimate", f"{BUILDERS}:small", "-b", "1", "--html", "/proc/report.html"],
         ("Cannot write",), seconds=30),
    Case("keras-backend-bogus", ["measure", f"{BUILDERS}:small", "-b", "1"], ("bogus",),
         env={"KERAS_BACKEND": "bogus"}, seconds=30),
    Case("check-timeout-zero", ["check", f"{FILES}/endless.py", "--timeout", "0"], ("--timeout",), seconds=30),
    # ---- the user's code, however it ends, is reported as theirs in one line
    Case("builder-raises", ["estimate", f"{BUILDERS}:raises", "-b", "1"],
         ("RuntimeError", "/data/clips is empty", "checked 0 files", "your code")),
    Case("builder-sys-exit-0", ["estimate", f"{BUILDERS}:exits_zero", "-b", "1"], ("sys.exit(0)",)),
    Case("builder-sys-exit-text", ["estimate", f"{BUILDERS}:exits_text", "-b", "1"], ("sys.exit('bye')",)),
    Case("builder-os-exit", ["estimate", f"{BUILDERS}:hard_exit", "-b", "1"], ("os._exit(0)",)),
    Case("builder-keyboard-interrupt", ["estimate", f"{BUILDERS}:interrupted", "-b", "1"], ("KeyboardInterrupt",)),
    Case("builder-returns-none", ["estimate", f"{BUILDERS}:returns_none", "-b", "1"], ("NoneType",)),
    Case("torch-no-parameters", ["estimate", f"{FILES}/torch_builders.py:no_parameters", "-b", "1",
                                 "--input-shape", "8"], ("no trainable parameters",)),
    Case("torch-builder-raises", ["estimate", f"{FILES}/torch_builders.py:raises", "-b", "1"],
         ("vocab.json not found",)),
    # ---- check: the script it runs is bounded, and cannot forge the result
    Case("check-endless-script", ["check", f"{FILES}/endless.py", "--timeout", "5"], ("within 5 s",), seconds=60),
    Case("check-grandchild-holds-stdout", ["check", f"{FILES}/grandchild.py"], ("without calling fit",),
         seconds=90),
    Case("check-forged-result", ["check", f"{FILES}/forge.py", "--json"], ("exited (code 1)",), seconds=90),
    Case("check-script-os-exit", ["check", f"{FILES}/script_exits.py"], ("os._exit(3)",), seconds=90),
    # ---- found by a red-team pass over the suite above
    Case("builder-base-exception", ["estimate", f"{BUILDERS}:base_exception", "-b", "1"],
         ("_Mine", "escaped every except Exception")),
    Case("torch-forward-raises", ["estimate", f"{FILES}/torch_builders.py:forward_raises", "-b", "4"],
         ("forward is broken",)),
    Case("torch-loss-raises", ["estimate", f"{FILES}/torch_builders.py:loss_raises", "-b", "4"],
         ("my loss is broken",)),
    Case("model-name-too-long", ["estimate", "m" * 300 + ".py:build", "-b", "1"], ("too long",), seconds=30),
    Case("html-name-too-long", ["estimate", f"{BUILDERS}:small", "-b", "1", "--html", "r" * 300 + ".html"],
         ("too long",), seconds=30),
    Case("html-over-the-model", ["estimate", f"{BUILDERS}:small", "-b", "1", "--html", str(BUILDERS)],
         ("overwrite",), seconds=30),
    # ---- hf:FOLDER (torch and transformers; the hf extra)
    Case("torch-hf-not-a-folder", ["estimate", "hf:{tmp}/nowhere", "-b", "1", "--seq-len", "8"], ("not a folder",)),
    Case("torch-hf-config-is-dev-zero", ["estimate", "hf:{tmp}/hf_zero", "-b", "1", "--seq-len", "8"],
         ("config.json",), seconds=60),
    Case("torch-hf-bad-json", ["estimate", "hf:{tmp}/hf_bad_json", "-b", "1", "--seq-len", "8"],
         ("could not read", "config.json")),
    Case("torch-hf-config-65-mib", ["estimate", "hf:{tmp}/hf_huge", "-b", "1", "--seq-len", "8"],
         ("65.0 MiB", "configuration")),
    Case("torch-hf-own-code", ["estimate", "hf:{tmp}/hf_custom", "-b", "1", "--seq-len", "8"], ("config.json",)),
    Case("torch-hf-no-seq-len", ["estimate", "hf:{tmp}/hf_gpt2", "-b", "1"], ("--seq-len",)),
    Case("torch-hf-seq-len-0", ["estimate", "hf:{tmp}/hf_gpt2", "-b", "1", "--seq-len", "0"], ("--seq-len",)),
    Case("torch-hf-seq-len-past-positions", ["estimate", "hf:{tmp}/hf_gpt2", "-b", "1", "--seq-len", "9" * 30],
         ("--seq-len", "64 positions")),
    Case("torch-hf-unknown-task", ["estimate", "hf:{tmp}/hf_gpt2", "-b", "1", "--seq-len", "8", "--task", "x"],
         ("--task",)),
    Case("torch-hf-adapter-for-the-hub", ["estimate", "hf:{tmp}/hf_adapter_only", "-b", "1", "--seq-len", "8"],
         ("meta-llama/Llama-2-7b-hf", "download")),
    Case("seq-len-on-a-keras-model", ["estimate", f"{BUILDERS}:small", "-b", "1", "--seq-len", "8"],
         ("--seq-len", "hf:FOLDER"), seconds=30),
    Case("usage-missing-batch", ["estimate", f"{BUILDERS}:small"], ("--batch-size", "--help"), seconds=30),
    Case("usage-unknown-option", ["demo", "--bogus"], ("--bogus",), seconds=30),
    Case("usage-unknown-command", ["nonsense"], ("nonsense",), seconds=30),
]


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("hostile")
    _generate(tmp)
    return tmp


def _left_behind(marker: str) -> list[int]:
    """Processes still running with ``marker`` in their environment."""
    pids = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        try:
            if marker.encode() in environ.read_bytes():
                pids.append(int(environ.parent.name))
        except OSError:
            continue
    return pids


def _run(case: Case, tmp: Path, send: signal.Signals | None = None, after_s: float = 0) -> tuple[int, str, str]:
    marker = f"oomdoctor-hostile-{uuid.uuid4().hex}"
    env = {**os.environ, "OOMDOCTOR_TEST_MARKER": marker, **case.env}
    args = [arg.replace("{tmp}", str(tmp)) for arg in case.args]
    stdin = open(tmp / case.stdin, "rb") if case.stdin else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "oomdoctor", *args], stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=tmp)
    try:
        if send is not None:
            time.sleep(after_s)
            proc.send_signal(send)
        out, err = proc.communicate(timeout=case.seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"{case.id}: still running after {case.seconds} s; stderr: {err.decode()[-500:]}")
    finally:
        if case.stdin:
            stdin.close()
    time.sleep(0.5)  # a killed child's parent reaps it; give the kernel a moment to clear /proc
    left = _left_behind(marker)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{case.id}: processes left running: {left}"
    return proc.returncode, out.decode(errors="replace"), err.decode(errors="replace")


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_hostile_input_ends_in_one_line(case: Case, generated: Path):
    if "torch" in case.id:
        pytest.importorskip("torch", reason="a plain PyTorch case")
    if "tf" in case.id or "tensorflow" in case.args:
        pytest.importorskip("tensorflow", reason="a TensorFlow case")
    if case.id.startswith("check-") and "--static-only" not in case.args:
        pytest.importorskip("tensorflow", reason="check runs the script with the user's Keras backend")
    rc, out, err = _run(case, generated)
    lines = [line for line in err.splitlines() if line.strip()]
    assert rc == case.rc, f"{case.id}: exit {rc}; stderr: {err[-800:]}"
    assert len(lines) == case.lines, f"{case.id}: {len(lines)} lines on stderr: {err[-800:]}"
    assert "Traceback" not in err and "internal error" not in err
    for word in case.words:
        assert word in lines[0], f"{case.id}: {word!r} not in {lines[0]!r}"


def test_what_a_builder_leaves_behind_does_not_outlive_oomdoctor(generated: Path):
    """A thread kept Python waiting after the answer; a process the builder started outlived oomdoctor and
    held its output; both end with the run, and the process is named."""
    thread = Case("thread", ["estimate", f"{BUILDERS}:starts_a_thread", "-b", "1"], (), rc=0, seconds=90)
    rc, out, err = _run(thread, generated)
    assert rc == 0 and "peak" in out and not err.strip(), err
    process = Case("process", ["estimate", f"{BUILDERS}:starts_a_process", "-b", "1"], (), rc=0, seconds=90)
    rc, out, err = _run(process, generated)
    assert rc == 0 and "peak" in out
    assert err.strip().startswith("oomdoctor: stopped what your code started and left running: sleep (pid ")


def test_a_builder_does_not_move_where_the_report_goes(generated: Path):
    """The builder changes to / and clears sys.path: --html report.html still lands in the folder the user
    ran oomdoctor from."""
    case = Case("chdir", ["estimate", f"{BUILDERS}:changes_the_process", "-b", "1", "--html", "moved.html"], (),
                rc=0, seconds=90)
    rc, _out, err = _run(case, generated)
    assert rc == 0, err
    assert (generated / "moved.html").is_file() and not Path("/moved.html").exists()


def test_a_builder_cannot_keep_oomdoctor_from_stopping(generated: Path):
    """The builder ignores SIGTERM and SIGINT; oomdoctor's own handlers are back once it has returned."""
    case = Case("signals", ["estimate", f"{BUILDERS}:ignores_signals", "-b", "64", "--backend", "torch"],
                ("SIGTERM",), rc=143, seconds=120)
    pytest.importorskip("torch", reason="the Keras torch trace keeps the run busy long enough to be stopped")
    rc, _out, err = _run(case, generated, send=signal.SIGTERM, after_s=10)
    assert rc == 143 and "SIGTERM" in err, err


def test_check_reads_a_script_with_a_byte_order_mark():
    from oomdoctor.check import check_source

    assert check_source(FILES / "bom_script.py") == []


@pytest.mark.parametrize("signum, rc, words", [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "interrupted")])
def test_a_signal_ends_the_run_and_its_children(signum, rc, words, generated: Path):
    """The script runs in a child of oomdoctor; the signal to oomdoctor ends both, with one line."""
    pytest.importorskip("tensorflow", reason="check runs the script with the user's Keras backend")
    case = Case("signal", ["check", f"{FILES}/endless.py"], (words,), rc=rc, seconds=60)
    got, _out, err = _run(case, generated, send=signum, after_s=6)
    assert got == rc and words in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("name", ["digits.log", "newlines.log", "dots.log", "huge_number.log"])
def test_explain_reads_pathological_logs_in_linear_time(name, generated: Path):
    """A quadratic scan took 97 s on a tenth of these; linear, each takes well under a second."""
    from oomdoctor.explain import explain

    start = time.monotonic()
    result = explain((generated / name).read_text())
    assert time.monotonic() - start < 10
    assert result.recognised
    if name == "huge_number.log":
        assert "more than 1024 EiB" in result.diagnosis[0]


@pytest.mark.parametrize("kwargs, words", [
    ({"gpu": ["T4"]}, "gpu must be"),
    ({"gpu": -5}, "positive number of bytes"),
    ({"gpu": True}, "gpu must be"),
    ({"gpu": "12"}, "no unit"),
    ({"optimizer": 5}, "optimizer must be"),
    ({"batch_size": 2.5}, "batch size"),
    ({"batch_size": 10**30}, "10^30"),
    ({"strategy": "model_parallel:2x0"}, "size 0"),
])
def test_api_arguments_are_checked_by_name(kwargs, words):
    import keras

    import oomdoctor

    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4)])
    with pytest.raises(oomdoctor.OomdoctorError, match=None) as error:
        oomdoctor.estimate(model, **{"batch_size": 32, **kwargs})
    assert words in str(error.value)


def test_api_takes_numpy_whole_numbers():
    import keras
    import numpy as np

    import oomdoctor

    model = keras.Sequential([keras.Input((None, 3)), keras.layers.Conv1D(4, 3), keras.layers.GlobalMaxPooling1D()])
    result = oomdoctor.estimate(model, np.int64(4), input_shape=(np.int32(16), 3))
    assert result.batch_size == 4 and type(result.batch_size) is int


def test_api_model_none_is_named():
    import oomdoctor

    with pytest.raises(oomdoctor.OomdoctorError) as error:
        oomdoctor.estimate(None, 32)
    assert "model must be a keras.Model or a torch.nn.Module, not NoneType" in str(error.value)


@pytest.mark.parametrize("input_shape", ["abc", (0, 3), (-1,), (2.5,), (True,)])
def test_api_input_shape_is_checked_by_name(input_shape):
    import keras

    import oomdoctor

    model = keras.Sequential([keras.Input((None, 3)), keras.layers.Conv1D(4, 3), keras.layers.GlobalMaxPooling1D()])
    with pytest.raises(oomdoctor.OomdoctorError, match="input_shape must be"):
        oomdoctor.estimate(model, 8, input_shape=input_shape)


def test_api_explain_takes_text():
    from oomdoctor import OomdoctorError
    from oomdoctor.explain import explain

    with pytest.raises(OomdoctorError, match="text must be"):
        explain(None)


def test_a_step_larger_than_every_gpu_says_so(per_kind_tables):
    """2.2 TiB is an answer no card can use: the report says so in the verdict, and JSON in its notes."""
    import io

    from rich.console import Console

    import oomdoctor
    from oomdoctor.render.terminal import render

    sys.path.insert(0, str(FILES))
    try:
        import builders
    finally:
        sys.path.remove(str(FILES))
    result = oomdoctor.estimate(builders.too_big_for_memory(), 100_000, gpu="H200")
    assert result.fits is False
    assert any(note.startswith("No GPU in the catalog holds this step") for note in result.to_dict()["notes"])
    out = io.StringIO()
    render(result, Console(file=out, width=200))
    assert out.getvalue().count("No GPU in the catalog holds this step") == 1
