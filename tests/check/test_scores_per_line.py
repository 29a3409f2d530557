"""`oomdoctor check`: what a loop over a text file's lines keeps, made of each line's text or only looked up by it."""
import pytest

from oomdoctor.check import check_source

_SOURCE = """import numpy as np


def similarity(u, v):
    return float(np.sum(u * v)) / (np.linalg.norm(u) * np.linalg.norm(v) + 1e-8)


class PairScorer:
    def __init__(self, vectors):
        self.vectors = vectors

    def score_file(self, list_path):
        kept = []
        with open(list_path) as handle:
            for entry in {lines}:
                first, second, flag = entry.strip().split('\\t')
                value = {made}
                kept.append(value)
        kept = np.array(kept)
        return kept


scorer = PairScorer(np.load('vectors.npy', allow_pickle=True).item())
print(scorer.score_file('pairs.txt').mean())
"""


@pytest.mark.parametrize("lines, made, expected", [
    # a value of the table, looked up by the line's words: one score per line, not the line once more
    ("handle.readlines()", "similarity(self.vectors[first], self.vectors[second])", []),
    ("handle", "similarity(self.vectors[first], self.vectors[second])", []),
    ("handle.readlines()", "self.vectors[first] @ self.vectors[second]", []),
    ("handle", "np.dot(self.vectors[first.lower()], self.vectors[second.lower()])", []),
    # the number a field of the line holds
    ("handle.readlines()", "int(flag)", []),
    ("handle", "float(flag)", []),
    # the line's own text, or its fields: the text of the file once more, and the array of it again
    ("handle.readlines()", "(first, second)", [19]),
    ("handle.readlines()", "entry.split()", [19]),
    ("handle", "entry.split()", [19]),
    ("handle", "{'left': first, 'right': second, 'same': flag}", [19]),
])
def test_what_a_line_only_keys_is_not_the_line_kept_again(lines, made, expected, tmp_path):
    script = tmp_path / "pairs.py"
    script.write_text(_SOURCE.format(lines=lines, made=made))
    assert [f.line for f in check_source(script) if f.rule == "duplicate-copy"] == expected
