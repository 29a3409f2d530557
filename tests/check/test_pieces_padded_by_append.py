"""np.append of one decoded file's piece (a beat cut from a record and padded to a fixed length): the file's
values and a few more, a new array of that file, as np.pad gives; kept for every file, it is the data set
decoded and held (eager-loading), whichever side the padding is appended on."""
import pytest

from oomdoctor.check import check_source

SOURCE = """import numpy as np
import wfdb


class Beats:
    def __init__(self, names, width=360):
        self.width = width
        self.items = []
        for name in names:
            lead = wfdb.rdrecord('db/' + name).p_signal[:, 0]
            self.items.extend(self.cut(lead))

    def cut(self, lead):
        out = []
        for start in range(0, len(lead) - self.width, self.width):
            piece = lead[start:start + self.width - 8]
            {pad}
            out.append({kept})
        return out


names = open('RECORDS').read().split()
beats = Beats(names)
"""


def _lines(tmp_path, pad, kept="piece") -> list[int]:
    script = tmp_path / "beats.py"
    script.write_text(SOURCE.format(pad=pad, kept=kept))
    return [f.line for f in check_source(script) if f.rule == "eager-loading"]


@pytest.mark.parametrize("pad", [
    "piece = np.append(piece, [0] * 8)",
    "piece = np.append(piece, np.zeros(8))",
    "piece = np.append(np.zeros(8), piece)",
    "piece = np.append(piece - piece.min(), [0.0] * 8)",
])
def test_a_piece_padded_by_np_append_is_still_the_file(pad, tmp_path):
    assert _lines(tmp_path, pad) == [11]


def test_only_its_length_kept_is_not_the_data_set(tmp_path):
    assert _lines(tmp_path, "piece = np.append(piece, [0] * 8)", kept="len(piece)") == []
