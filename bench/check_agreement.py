"""How far two people who label the same scripts agree, and where `oomdoctor check` stands against each.

    python bench/check_agreement.py [--second labels_second.json] [--corpus bench/data/check_heldout113 ...]

check_corpus.py scores the checker against one labelling (``labels.json``), whose labeller judged each data set's
size from its repository. Whether precision 0.8 and recall 0.7 is a fair bar depends on how far two careful people
agree on the same scripts. Some sets therefore carry a second labelling made blind to the first: by someone who
never saw ``labels.json``, the checker or its findings, labelling with the same vocabulary (/bench/data's
labels.json format) from the scripts and the first labeller's source note with every word of its verdict taken out
(``labels_second.json``), or from the scripts alone (``labels_script_only.json``).

Both are scored as check_corpus.py scores the checker (the same rule, the same file, lines at most LINE_SLACK
apart, each label matched once). Per set and in total it prints:

- second vs first: the second labelling's precision and recall against the first, as if it were a checker;
- checker vs first, checker vs second;
- checker vs either: a finding that either labelling has is found (precision), and of the problems both labellers
  name (the first's labels the second matched), the share the checker finds (recall).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from check_corpus import match, ratio  # noqa: E402

from oomdoctor.check import check_source  # noqa: E402
from oomdoctor.errors import OomdoctorError  # noqa: E402

DATA = Path(__file__).parent / "data"


def _labels(labelling: dict, name: str) -> list[tuple]:
    return [(p["rule"], int(p["line"]), p.get("file", name)) for p in labelling.get(name, {}).get("problems", [])]


def compare(corpus: Path, second_name: str) -> Counter:
    """The counts of one set: its first and second labels, their matches, the checker's findings and theirs."""
    first = json.loads((corpus / "labels.json").read_text(encoding="utf-8"))
    second = json.loads((corpus / second_name).read_text(encoding="utf-8"))
    counts = Counter()
    for name in sorted(first):
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                found = [f for f in check_source(corpus / name) if f.kind == "memory"]
        except OomdoctorError:
            found = []
        findings = [(f.rule, f.line, Path(f.file).resolve().relative_to(corpus.resolve()).as_posix())
                    for f in found if Path(f.file).resolve().is_relative_to(corpus.resolve())]
        a, b = _labels(first, name), _labels(second, name)
        agreed = [label for _found, label in match(b, a)[0]]  # the first's labels the second also made
        with_first = {f for f, _label in match(findings, a)[0]}
        with_second = {f for f, _label in match(findings, b)[0]}
        counts.update(first=len(a), second=len(b), second_matches=len(agreed), findings=len(findings),
                      checker_first=len(with_first), checker_second=len(with_second),
                      checker_either=len(with_first | with_second), agreed=len(agreed),
                      checker_agreed=len(match(findings, agreed)[0]))
    return counts


def _row(name: str, c: Counter) -> str:
    return (f"{name:20} {c['first']:4} {c['second']:4}   {ratio(c['second_matches'], c['second']):.2f} "
            f"{ratio(c['second_matches'], c['first']):.2f}   "
            f"{ratio(c['checker_first'], c['findings']):.2f} {ratio(c['checker_first'], c['first']):.2f}   "
            f"{ratio(c['checker_second'], c['findings']):.2f} {ratio(c['checker_second'], c['second']):.2f}   "
            f"{ratio(c['checker_either'], c['findings']):.2f} {ratio(c['checker_agreed'], c['agreed']):.2f} "
            f"({c['agreed']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--second", default="labels_second.json",
                        help="the second labelling's file name in each set (labels_second.json, "
                             "labels_script_only.json)")
    parser.add_argument("--corpus", type=Path, nargs="*",
                        help="the sets to compare (default: every set under bench/data with that file)")
    args = parser.parse_args()
    sets = args.corpus or sorted((p.parent for p in DATA.glob(f"check_*/{args.second}")),
                                 key=lambda p: (len(p.name), p.name))
    if not sets:
        sys.exit(f"no set under {DATA} has {args.second}")
    print(f"{'':20} {'labels':>9}   {'2nd vs 1st':>9}   {'checker':>9}   {'checker':>9}   {'checker vs either':>17}")
    print(f"{'set':20} {'1st':>4} {'2nd':>4}   {'P':>4} {'R':>4}   {'vs 1st':>9}   {'vs 2nd':>9}   "
          f"{'P':>4} {'R on agreed':>12}")
    total = Counter()
    for corpus in sets:
        counts = compare(corpus, args.second)
        total.update(counts)
        print(_row(corpus.name, counts), flush=True)
    print(_row("total", total))


if __name__ == "__main__":
    main()
