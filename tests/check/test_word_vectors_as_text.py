"""`oomdoctor check` on a word-vector file (GloVe's, fastText's text format) read line by line, each word's numbers
made an array by np.asarray/np.array of the split strings with no dtype: NumPy keeps the strings ('<U9'), some 40
bytes a number where float32 takes 4, for every word kept. Small scripts written here, in a class, a function or at
the top level, with the writings that give a dtype (or parse the numbers) beside them."""
import pytest

from oomdoctor.check import check_source


def _found(tmp_path, source: str) -> list[int]:
    script = tmp_path / "vectors.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "dtype-blowup"]


LOADER = ("import numpy\n\n\n"
          "class PretrainedTable:\n    def __init__(self, path):\n        self.table = {}\n"
          "        with open(path, encoding='utf8') as src:\n            for text in src:\n"
          "                pieces = text.rstrip().split(' ')\n"
          "{store}\n\n\n"
          "table = PretrainedTable('wiki-news-300d-1M.vec').table\n"
          "print(len(table))\n")


@pytest.mark.parametrize("store", [
    "                self.table[pieces[0]] = numpy.asarray(pieces[1:])",
    "                self.table[pieces[0]] = numpy.array(pieces[1:])",
    "                vec = numpy.asarray(pieces[1:])\n                self.table[pieces[0]] = vec",
    "                self.table[pieces[0]] = numpy.asarray(text.split()[1:])",
])
def test_numbers_kept_as_strings_per_word_are_said(store, tmp_path):
    lines = _found(tmp_path, LOADER.replace("{store}", store))
    assert len(lines) == 1 and lines[0] in (10, 11)


@pytest.mark.parametrize("store", [
    "                self.table[pieces[0]] = numpy.asarray(pieces[1:], dtype='float32')",
    "                self.table[pieces[0]] = numpy.array(pieces[1:], dtype=numpy.float32)",
    "                self.table[pieces[0]] = numpy.asarray(pieces[1:]).astype('float32')",
    "                self.table[pieces[0]] = numpy.asarray([float(v) for v in pieces[1:]], dtype='float32')",
    "                self.table[pieces[0]] = numpy.array(list(map(float, pieces[1:])), dtype='float32')",
    "                print(numpy.asarray(pieces[1:]))",  # looked at, not kept
])
def test_numbers_given_a_dtype_or_not_kept_are_not_said(store, tmp_path):
    assert _found(tmp_path, LOADER.replace("{store}", store)) == []


def test_a_dict_comprehension_and_a_list_of_vectors_are_said(tmp_path):
    source = ("import numpy as np\n\n\n"
              "def read_vectors(name):\n    with open(name) as fh:\n"
              "        return {ln.split()[0]: np.asarray(ln.split()[1:]) for ln in fh}\n\n\n"
              "def read_rows(name):\n    rows = []\n    for ln in open(name):\n"
              "        rows.append(np.array(ln.strip().split()[1:]))\n    return rows\n\n\n"
              "vectors = read_vectors('glove.840B.300d.txt')\nrows = read_rows('glove.840B.300d.txt')\n")
    assert _found(tmp_path, source) == [6, 12]
