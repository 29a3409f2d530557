"""`oomdoctor estimate file.py:function` for plain PyTorch functions, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("torch")  # the functions below build torch modules


def test_cli_estimates_a_function_that_returns_module_batch_and_loss(tmp_path):
    script = tmp_path / "net.py"
    script.write_text(textwrap.dedent("""
        import torch

        def build():
            model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 3))
            batch = (torch.randn(1, 32), torch.randint(0, 3, (1,)))
            return model, batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])
    """))
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "16",
                          "--gpu", "T4", "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["backend"] == "pytorch" and data["batch_size"] == 16
    assert data["peak_bytes"] <= data["reserved_peak_bytes"] < data["device_total_bytes"]
    assert data["params"] == 32 * 64 + 64 + 64 * 3 + 3
    assert data["fits"] is True


def test_cli_says_in_one_line_what_a_pytorch_function_returned_wrong(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import torch\n\ndef build():\n    return 42\n")
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "2"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 2
    assert "torch.nn.Module" in run.stderr and "Traceback" not in run.stderr

def test_cli_strategy_and_device_search_for_a_pytorch_function(tmp_path):
    script = tmp_path / "net.py"
    script.write_text(textwrap.dedent("""
        import torch

        def build():
            layers = [torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU()) for _ in range(4)]
            return torch.nn.Sequential(*layers), torch.zeros(1, 1024)
    """))
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "64",
                          "--strategy", "zero3:4", "--gpu", "T4", "--find-devices", "--json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["strategy"] == "zero3:4" and data["devices"] == 4 and data["per_device_batch_size"] == 16
    assert data["device_search"]["devices"] == 1  # it fits one T4: no strategy needed
    bad = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "8",
                          "--strategy", "zero9:4"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "zero2" in bad.stderr


def test_cli_builds_for_real_a_module_whose_constructor_reads_tensor_values(tmp_path):
    script = tmp_path / "widths.py"
    script.write_text(textwrap.dedent("""
        import torch

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                width = int(torch.tensor([16, 32]).sum().item())  # like RegNet's computed widths
                self.body = torch.nn.Linear(8, width)

            def forward(self, x):
                return self.body(x)

        def build():
            return Net(), torch.zeros(1, 8)
    """))
    run = subprocess.run([sys.executable, "-m", "oomdoctor", "estimate", f"{script}:build", "--batch-size", "4",
                          "--json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["params"] == 8 * 48 + 48
