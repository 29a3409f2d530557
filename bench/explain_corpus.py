"""How `oomdoctor explain` reads real OOM logs, and how fast.

Prints, over tests/logs/real/ (logs from public issue threads with hand-written labels): how many
were recognised as OOM or not, the framework and memory named, the figures read, and the advice case
against the label. Then the time to read a 50 MB log whose error is at its end, and pathological
logs (long runs of digits, dots, newlines). Run: python bench/explain_corpus.py [--corpus DIR] [--no-speed]
(``--corpus bench/data/explain_heldout1``: a set labelled blind, by someone who never read the reader).
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from oomdoctor.explain import explain

REAL = Path(__file__).parents[1] / "tests" / "logs" / "real"
FIGURES = ("requested_bytes", "total_bytes", "free_bytes", "in_use_bytes", "limit_bytes", "allocated_bytes",
           "reserved_bytes", "largest_free_block_bytes", "other_process_bytes", "shape", "dtype", "gpu_index")


def _same(key: str, got, want) -> bool:
    if isinstance(want, int) and key.endswith("_bytes"):
        return got is not None and abs(got - want) <= 0.01 * want + 1
    return got == want


def _same_framework(got: str | None, want: str | None) -> bool:
    """The blind sets' brief gives labellers four words (tensorflow, jax, torch, other): a label of ``other`` is any
    framework the reader names beyond those three (paddle, onnxruntime, caffe2, ...), never none."""
    if want == "other":
        return got is not None and got not in ("tensorflow", "jax", "torch")
    return got == want


def corpus(folder: Path = REAL) -> None:
    rows, score, figures, cases = 0, Counter(), [0, 0], Counter()
    misses, figure_misses = [], []
    for label_path in sorted(folder.glob("*.json")):
        label = json.loads(label_path.read_text())
        result = explain(label_path.with_suffix(".log").read_text(encoding="utf-8", errors="replace"))
        rows += 1
        score["oom"] += result.oom == label["oom"]
        if label["oom"]:
            score["framework"] += _same_framework(result.framework, label["framework"])
            score["memory"] += result.memory == label["memory"]
            for key in FIGURES:
                if label.get(key) is not None:
                    figures[1] += 1
                    same = _same(key, getattr(result, key), label[key])
                    figures[0] += same
                    if not same:
                        figure_misses.append(f"  {label_path.stem}: {key} {getattr(result, key)!r} (label: "
                                             f"{label[key]!r})")
        else:
            score["framework"] += 1
            score["memory"] += 1
        cases[label["case"], result.case == label["case"]] += 1
        if result.case != label["case"]:
            misses.append(f"  {label_path.stem}: {result.case} (label: {label['case']})")
    print(f"{rows} real logs in {folder} "
          f"({sum(1 for p in folder.glob('*.json') if json.loads(p.read_text())['oom'])} OOM)")
    for key in ("oom", "framework", "memory"):
        print(f"  {key:<10} {score[key]}/{rows}")
    print(f"  figures    {figures[0]}/{figures[1]} stated figures read within 1 %")
    right = sum(n for (case, ok), n in cases.items() if ok)
    print(f"  case       {right}/{rows} as labelled")
    for case in sorted({case for case, _ok in cases}):
        print(f"    {case:<24} {cases[case, True]}/{cases[case, True] + cases[case, False]}")
    print("  cases that differ from the label (for tests/logs/real, tests/explain/test_explain_corpus.py says why):")
    print("\n".join(misses))
    if figure_misses:
        print("  figures that differ from the label:")
        print("\n".join(figure_misses))


def speed() -> None:
    error = (REAL / "torch-2x-capacty-other-process-dreambooth-steps.log").read_text()
    progress = "Epoch 3/100: 41%|████      | 1234/3000 [01:02<01:29, 19.8it/s, loss=0.4312, lr=1e-4]\n"
    cases = {
        "50 MB of training output, then the error": progress * (50_000_000 // len(progress)) + error,
        # lower() would make this text longer: the pieces around the "İ" are lowered as ASCII alone
        "one 'İ', 50 MB of training output, the error": "İ\n" + progress * (50_000_000 // len(progress)) + error,
        "the error, then 20 MB of digits": error + "9" * 20_000_000,
        "the error, then 20 MB of dots": error + "." * 20_000_000,
        "the error, then 20 MB of newlines": error + "\n" * 20_000_000,
        "'out of memory' 1,000,000 times": "CUDA out of memory. " * 1_000_000,
    }
    print("speed (target: a 50 MB log in under 5 s)")
    for name, text in cases.items():
        start = time.perf_counter()
        result = explain(text)
        print(f"  {name:<46} {len(text) / 1e6:6.1f} MB  {time.perf_counter() - start:6.2f} s  case={result.case}")


if __name__ == "__main__":
    corpus(Path(sys.argv[sys.argv.index("--corpus") + 1]) if "--corpus" in sys.argv else REAL)
    if "--no-speed" not in sys.argv:
        speed()
