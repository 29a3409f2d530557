"""bench/check_agreement.py: a second labelling scored against the first as the checker is (same rule, same file,
lines at most LINE_SLACK apart), and the checker against either labelling."""
import importlib.util
import json
from pathlib import Path

spec = importlib.util.spec_from_file_location(
    "check_agreement", Path(__file__).resolve().parents[2] / "bench" / "check_agreement.py")
agreement = importlib.util.module_from_spec(spec)
spec.loader.exec_module(agreement)

SCRIPT = """import os
import cv2
import numpy as np

images = []
for name in os.listdir('photos'):
    images.append(cv2.imread(os.path.join('photos', name)))
x = np.array(images) / 255.0
"""


def _corpus(tmp_path, first, second):
    (tmp_path / "load.py").write_text(SCRIPT)
    (tmp_path / "labels.json").write_text(json.dumps({"load.py": {"problems": first}}))
    (tmp_path / "labels_second.json").write_text(json.dumps({"load.py": {"problems": second}}))
    return agreement.compare(tmp_path, "labels_second.json")


def test_two_labellings_that_name_the_same_problems_agree(tmp_path):
    first = [{"rule": "eager-loading", "line": 7}]
    counts = _corpus(tmp_path, first, [{"rule": "eager-loading", "line": 6}])
    assert (counts["first"], counts["second"], counts["second_matches"], counts["agreed"]) == (1, 1, 1, 1)
    assert counts["checker_first"] == counts["checker_second"] == counts["checker_either"] == 1
    assert counts["checker_agreed"] == 1 and counts["findings"] >= 1


def test_a_label_only_one_labeller_made_is_not_agreed_but_counts_as_found(tmp_path):
    first = [{"rule": "eager-loading", "line": 7}]
    second = [{"rule": "eager-loading", "line": 7}, {"rule": "dtype-blowup", "line": 8}]
    counts = _corpus(tmp_path, first, second)
    assert (counts["second_matches"], counts["agreed"]) == (1, 1)
    # the float64 copy the checker finds is a problem to the second labeller only: found against either, not the first
    assert counts["checker_either"] == counts["checker_second"] == 2 and counts["checker_first"] == 1
