"""`oomdoctor check`: a data set loaded whole by the script's own reader function, sized by what its callers do."""
import pytest

from oomdoctor.check import check_source

_SOURCE = """import pickle

import cv2
import joblib
import numpy as np


def read_blob(path):
    with open(path, 'rb') as fh:
        return {load}


class Prepared:
    def __init__(self, path):
        (flat, _codes), _held_out = read_blob(path)
        pics = flat.reshape({shape})
        self.rgb = np.full((len(pics), 64, 64, 3), 0.0, dtype=np.float32)
        for k, pic in enumerate(pics):
            self.rgb[k] = cv2.cvtColor(cv2.resize(pic, (64, 64)), cv2.COLOR_GRAY2RGB)
        self.tags = np.loadtxt('tags.txt')


data = Prepared('blob.pkl')
model.fit(data.rgb, data.tags, batch_size=16)
"""


@pytest.mark.parametrize("load", ["pickle.load(fh)", "joblib.load(fh)", "np.load(fh, allow_pickle=True)"])
@pytest.mark.parametrize("shape, expected", [
    # the caller shapes what the reader returns into images of 160 x 160 and 256 x 256 x 3 pixels
    ("-1, 160, 160, 1", [10]),
    ("(-1, 256, 256, 3)", [10]),
    # small images, a few KiB each: the count decides, and nothing shows it
    ("-1, 28, 28, 1", []),
])
def test_a_reader_functions_load_is_sized_by_its_callers_reshape(load, shape, expected, tmp_path):
    script = tmp_path / "prepare.py"
    script.write_text(_SOURCE.format(load=load, shape=shape))
    assert [f.line for f in check_source(script) if f.rule == "whole-dataset-load"] == expected
