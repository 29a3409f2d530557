"""np.transpose(h5['x'], ...) and NumPy's other shape functions given an HDF5 data set: NumPy makes an array of
it first, every row read from the file as np.array(h5['x']) reads it, and the whole data set then stays in memory
(whole-dataset-load), where h5['x'] alone reads nothing yet; a data set of labels is a few numbers a sample."""
import pytest

from oomdoctor.check import check_source

SOURCE = """import h5py
import numpy as np


def load(path):
    h5 = h5py.File(path, 'r')
    targets = h5['traindata']
    seqs = h5['trainxdata']
    targets = np.transpose(targets, (1, 0))
    seqs = {shaped}
    return seqs, targets


x_all, y_all = load('train.mat')
"""


def _lines(tmp_path, shaped) -> list[int]:
    script = tmp_path / "deepsea.py"
    script.write_text(SOURCE.format(shaped=shaped))
    return [f.line for f in check_source(script) if f.rule == "whole-dataset-load"]


@pytest.mark.parametrize("shaped", ["np.transpose(seqs, (2, 0, 1))", "np.swapaxes(seqs, 1, 2)",
                                    "np.expand_dims(seqs, -1)"])
def test_a_shape_function_of_an_hdf5_data_set_reads_all_of_it(shaped, tmp_path):
    assert _lines(tmp_path, shaped) == [10]


def test_the_data_set_kept_unread_is_no_load(tmp_path):
    assert _lines(tmp_path, "seqs") == []
