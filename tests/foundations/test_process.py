"""oomdoctor.child: every child's request and reply, its limits, and its process group."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import pytest

from oomdoctor import child

CHILD = textwrap.dedent('''
    import os, subprocess, sys, time
    from oomdoctor import child

    request = child.receive()
    assert "OOMDOCTOR_CHANNEL" not in os.environ  # code the child runs cannot find the channel
    print("REPLY {\\"forged\\": true}")  # stdout is not the channel
    if request["do"] == "grow":
        held = []
        while True:
            held.append(bytearray(50 * 2**20))
            time.sleep(0.02)
    if request["do"] == "sleep":
        time.sleep(600)
    if request["do"] == "grandchild":
        grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        child.reply({"grandchild": grandchild.pid})
        sys.exit(0)
    if request["do"] == "crash":
        print("the last words", file=sys.stderr)
        os._exit(3)
    child.reply({"echo": request["payload"]})
''')


@pytest.fixture
def child_module(tmp_path, monkeypatch):
    (tmp_path / "oomdoctor_test_child.py").write_text(CHILD)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))
    return "oomdoctor_test_child"


def test_the_reply_comes_through_the_channel_not_stdout(child_module):
    finished = child.run_child(child_module, {"do": "echo", "payload": [1, "two"]}, timeout_s=60)
    assert finished.returncode == 0 and finished.reply == {"echo": [1, "two"]}
    assert "REPLY" in finished.stdout


def test_a_child_that_dies_has_no_reply_and_its_last_words(child_module):
    finished = child.run_child(child_module, {"do": "crash"}, timeout_s=60)
    assert finished.returncode == 3 and finished.reply is None
    assert finished.last_error_line() == "the last words"


def test_a_child_past_its_memory_limit_is_killed(child_module):
    start = time.monotonic()
    with pytest.raises(child.MemoryLimitExceeded) as exceeded:
        child.run_child(child_module, {"do": "grow"}, timeout_s=60, memory_limit_bytes=300 * 2**20)
    assert exceeded.value.rss_bytes > 300 * 2**20 and time.monotonic() - start < 30


def test_a_child_past_its_time_is_killed(child_module):
    with pytest.raises(subprocess.TimeoutExpired):
        child.run_child(child_module, {"do": "sleep"}, timeout_s=3)


def test_what_a_child_started_dies_with_it(child_module):
    finished = child.run_child(child_module, {"do": "grandchild"}, timeout_s=60)
    grandchild = finished.reply["grandchild"]
    time.sleep(0.3)
    with pytest.raises(ProcessLookupError):  # killed with the child's process group, and reaped by init
        for _ in range(20):
            os.kill(grandchild, 0)
            state = open(f"/proc/{grandchild}/stat").read().split()[2]
            if state == "Z":
                raise ProcessLookupError
            time.sleep(0.1)


def test_no_channel_is_left_on_disk(child_module, tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    child.run_child(child_module, {"do": "echo", "payload": 1}, timeout_s=60)
    assert list((tmp_path / "tmp").iterdir()) == []
