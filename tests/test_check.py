"""`oomdoctor check`: a corpus of training scripts with the findings each must produce (and no false alarm)."""
import json
from pathlib import Path

import pytest

from oomdoctor.check import check_source
from oomdoctor.cli import main

SCRIPTS = Path(__file__).parent / "scripts"

EXPECTED = {
    "seed_train.py": [(17, "eager-loading"), (18, "eager-loading"), (21, "no-prefetch"), (22, "cache-in-memory"),
                      (22, "shuffle-whole"), (28, "flatten-dense"), (33, "no-memory-growth")],
    "seed_fixed.py": [],
    "small_train.py": [],
    "sweep.py": [(10, "in-memory-array"), (11, "models-in-loop"), (12, "mixed-precision-output"),
                 (13, "run-eagerly"), (14, "no-memory-growth"), (15, "mixed-precision-late")],
    "broken_train.py": [(2, "cache-in-memory")],
}


@pytest.mark.parametrize("script, expected", sorted(EXPECTED.items()))
def test_findings(script, expected):
    found = [(f.line, f.rule) for f in check_source(SCRIPTS / script)]
    assert found == expected


def test_serial_map_on_a_real_loader_is_found(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import tensorflow as tf\n"
                      "def load(p):\n    return tf.io.decode_png(tf.io.read_file(p))\n"
                      "ds = tf.data.Dataset.list_files('*.png').map(load).batch(8).prefetch(1)\n")
    assert [(f.line, f.rule) for f in check_source(script)] == [(4, "map-serial")]


def test_json_findings_schema(capsys):
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["capture"] is None and data["capture_error"] is None
    first = data["findings"][0]
    assert set(first) == {"rule", "file", "line", "message", "fix"}
    assert first["rule"] == "eager-loading" and first["line"] == 17


def test_capture_estimates_without_training(capsys):
    pytest.importorskip("tensorflow", reason="the script uses tf.data")
    assert main(["check", str(SCRIPTS / "small_train.py"), "--json", "--gpu", "T4"]) == 0
    data = json.loads(capsys.readouterr().out)
    capture = data["capture"]
    assert data["findings"] == [] and capture["batch_size"] == 8  # from .batch(8), not Keras's default
    assert capture["estimate"]["optimizer"] == "SGD" and capture["estimate"]["fits"] is True
    buffers = {b["kind"]: b for b in capture["pipeline"]["buffers"]}
    assert buffers["shuffle"]["elements"] == 64
    assert buffers["shuffle"]["bytes"] == 64 * (32 * 32 * 3 * 4 + 8)  # float32 image and int64 label


def test_script_that_fails_still_gets_its_findings(capsys):
    pytest.importorskip("tensorflow", reason="the script imports tensorflow")
    assert main(["check", str(SCRIPTS / "broken_train.py")]) == 2  # the script's own error
    captured = capsys.readouterr()
    assert "cache()" in captured.out
    assert "could not capture the model" in captured.err and "line 3" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_check_in_chinese(capsys):
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "发现 7 个问题" in out and "修改：" in out


def test_check_bad_input(capsys, tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def (:\n")
    assert main(["check", str(bad), "--static-only"]) == 2
    assert main(["check", str(tmp_path / "missing.py"), "--static-only"]) == 2
    err = capsys.readouterr().err
    assert "not valid Python" in err and "No such file" in err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_golden_static_report(lang, golden, capsys, monkeypatch):
    monkeypatch.chdir(SCRIPTS.parents[1])  # the report names the script as given: relative, so the same everywhere
    monkeypatch.setenv("COLUMNS", "110")
    assert main(["check", "--static-only", "tests/scripts/seed_train.py", "--lang", lang]) == 0
    golden(capsys.readouterr().out, "test_check_seed_train" + (".zh" if lang == "zh" else "") + ".out")
