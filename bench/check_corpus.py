"""How well `oomdoctor check` finds the memory problems of training scripts people wrote.

    python bench/check_corpus.py [--corpus bench/data/check_corpus] [--verbose] [--json]

The corpus is a folder of real scripts (``*.py``) and ``labels.json``, written by hand from each
script's issue or fix: ``{"file.py": {"source": url, "framework": ..., "problems": [{"rule": id,
"line": N, "why": ..., "size": ...}]}}``. A script that imports its own modules lies in a folder of
its own with them (``"name/train.py"``); a problem in one of them names it (``"file": "name/util.py"``,
its ``line`` in that file). Each script goes through ``check_source`` (static, nothing runs); only
memory findings count (throughput advice is not a memory problem). A finding matches a label when
they are in the same file, the rule ids are equal and the lines are at most ``LINE_SLACK`` apart;
each label matches at most one finding. The totals give precision (matched findings / findings) and recall
(matched labels / labels), overall and per rule.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from oomdoctor.check import check_source  # noqa: E402
from oomdoctor.errors import OomdoctorError  # noqa: E402

CORPUS = Path(__file__).parent / "data" / "check_corpus"
LINE_SLACK = 3
TARGET_PRECISION, TARGET_RECALL = 0.8, 0.7


def match(findings: list[tuple], labels: list[tuple]) -> tuple[list, list, list]:
    """(true positives, false positives, false negatives) of ``(rule, line[, file])`` findings and labels: the
    closest pairs of a finding and a label of the same rule and file are matched first, so a finding on the
    labelled line is not left over because a neighbour took its label."""
    pairs = sorted(((abs(label[1] - finding[1]), i, j) for i, finding in enumerate(findings)
                    for j, label in enumerate(labels)
                    if label[0] == finding[0] and label[2:] == finding[2:]
                    and abs(label[1] - finding[1]) <= LINE_SLACK))
    taken_findings: set[int] = set()
    taken_labels: set[int] = set()
    hits = []
    for _distance, i, j in pairs:
        if i not in taken_findings and j not in taken_labels:
            taken_findings.add(i)
            taken_labels.add(j)
            hits.append((findings[i], labels[j]))
    misses = [f for i, f in enumerate(findings) if i not in taken_findings]
    free = [label for j, label in enumerate(labels) if j not in taken_labels]
    return hits, misses, free


def _inside(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 1.0


def run(corpus: Path, verbose: bool) -> dict:
    labels = json.loads((corpus / "labels.json").read_text(encoding="utf-8"))
    per_rule: dict[str, Counter] = {}
    files = []
    for name in sorted(labels):
        script = corpus / name
        if not script.exists():
            print(f"{name}: labelled but missing, skipped", file=sys.stderr)
            continue
        try:
            # the script's findings and its own modules' (inside the corpus), each by its path there
            found = [f for f in check_source(script) if f.kind == "memory" and _inside(Path(f.file), corpus)]
            error = None
        except OomdoctorError as exc:
            found, error = [], str(exc)
        wanted = [(p["rule"], p["line"], p.get("file", name)) for p in labels[name]["problems"]]
        hits, false_positives, false_negatives = match(
            [(f.rule, f.line, Path(f.file).resolve().relative_to(corpus.resolve()).as_posix()) for f in found], wanted)
        for (rule, *_where), _label in hits:
            per_rule.setdefault(rule, Counter())["tp"] += 1
        for rule, *_where in false_positives:
            per_rule.setdefault(rule, Counter())["fp"] += 1
        for rule, *_where in false_negatives:
            per_rule.setdefault(rule, Counter())["fn"] += 1
        files.append({"file": name, "framework": labels[name].get("framework"), "error": error,
                      "tp": [h[0] for h in hits], "fp": false_positives, "fn": false_negatives})
        print(f"{name}: {len(hits)} TP, {len(false_positives)} FP, {len(false_negatives)} FN"
              + (f"  (error: {error})" if error else ""))
        if verbose:
            messages = {(f.rule, f.line): f.message for f in found}
            for rule, line, file in false_positives:
                where = "" if file == name else f" of {file}"
                print(f"    FP {rule} line {line}{where}: {messages.get((rule, line), '')[:160]}")
            for rule, line, file in false_negatives:
                why = next((p["why"] for p in labels[name]["problems"]
                            if (p["rule"], p["line"], p.get("file", name)) == (rule, line, file)), "")
                where = "" if file == name else f" of {file}"
                print(f"    FN {rule} line {line}{where}: {why[:160]}")
    unlabelled = sorted(p.name for p in corpus.glob("*.py") if p.name not in labels)
    if unlabelled:
        print(f"not labelled, skipped: {', '.join(unlabelled)}", file=sys.stderr)
    totals = Counter()
    for counts in per_rule.values():
        totals.update(counts)
    result = {"files": files, "tp": totals["tp"], "fp": totals["fp"], "fn": totals["fn"],
              "precision": ratio(totals["tp"], totals["tp"] + totals["fp"]),
              "recall": ratio(totals["tp"], totals["tp"] + totals["fn"]),
              "per_rule": {rule: {"tp": c["tp"], "fp": c["fp"], "fn": c["fn"],
                                  "precision": ratio(c["tp"], c["tp"] + c["fp"]),
                                  "recall": ratio(c["tp"], c["tp"] + c["fn"])} for rule, c in sorted(per_rule.items())}}
    print(f"\n{len(files)} scripts, {totals['tp'] + totals['fn']} labelled problems")
    print(f"{'rule':28} {'TP':>4} {'FP':>4} {'FN':>4} {'precision':>10} {'recall':>8}")
    for rule, row in result["per_rule"].items():
        print(f"{rule:28} {row['tp']:4} {row['fp']:4} {row['fn']:4} {row['precision']:10.2f} {row['recall']:8.2f}")
    print(f"{'total':28} {result['tp']:4} {result['fp']:4} {result['fn']:4} {result['precision']:10.2f} "
          f"{result['recall']:8.2f}")
    print(f"target: precision >= {TARGET_PRECISION}, recall >= {TARGET_RECALL}")
    return result


def speed() -> None:
    """Time of check_source on generated scripts of 1,000 to 10,000 lines (linear: twice the lines, twice the
    time): functions that decode a folder each, and a notebook's whole loads each fed to fit."""
    import tempfile
    import time

    block = ("def load_{i}(folder):\n    images = []\n    for name in os.listdir(folder):\n"
             "        images.append(cv2.imread(os.path.join(folder, name)))\n    return np.array(images) / 255.0\n"
             "x_{i} = load_{i}('data/{i}')\nfor epoch in range(3):\n    total = 0\n    for batch in loader:\n"
             "        total += criterion(model(batch), batch)\n")
    # a notebook that loads many arrays whole and trains on each: every load asks which data sets are trained on
    loads = "x_{i} = np.load('x_{i}.npy')\nprint(x_{i}.shape)\nmodel.fit(x_{i}, epochs=1)\nfeatures_{i} = x_{i} / 255\n"
    with tempfile.TemporaryDirectory() as folder:
        for name, text, lines in (("loaders", block, 10), ("whole loads", loads, 4)):
            for blocks in (250, 500, 1000):
                script = Path(folder) / f"long{blocks}.py"
                script.write_text("import os, cv2, numpy as np, torch, keras\nmodel = keras.Sequential()\n" +
                                  "".join(text.format(i=i) for i in range(blocks)))
                start = time.perf_counter()
                findings = check_source(script)
                print(f"{name:>12}: {blocks * lines + 2:>6} lines: {time.perf_counter() - start:5.2f} s, "
                      f"{len(findings)} findings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="folder with the scripts and labels.json")
    parser.add_argument("--verbose", action="store_true", help="list every false positive and negative")
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file")
    parser.add_argument("--speed", action="store_true", help="only time generated long scripts")
    args = parser.parse_args()
    if args.speed:
        speed()
        return
    result = run(args.corpus, args.verbose)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
