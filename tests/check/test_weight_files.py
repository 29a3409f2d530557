"""`oomdoctor check` on HDF5 files that hold a model's weights, not samples: arrays read from them set a network's
layers once. Small scripts written here, with a data file read whole beside."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "convert.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


PORT = ("import h5py\nimport numpy as np\nfrom tensorflow import keras\n\n{setup}\n\n"
        "def port(net):\n    src = h5py.File({path}, 'r')\n    for layer in net.layers:\n"
        "        kernel = np.array(src[layer.name]['kernel'])\n        bias = np.asarray(src[layer.name]['bias'])\n"
        "        layer.set_weights([kernel, bias])\n    head = src['dense_out']\n"
        "    net.layers[-1].set_weights([np.asarray(head['kernel']), head['bias'][()]])\n")


@pytest.mark.parametrize("setup, path", [
    ("CAFFE_WEIGHTS = 'models/c3d_sports1m_weights.h5'", "CAFFE_WEIGHTS"),  # the name says so
    ("SRC = 'imagenet_pretrained.hdf5'", "SRC"),  # the string says so
    ("", "'/ckpt/epoch_30.h5'"),
    ("", "checkpoint_file"),
])
def test_arrays_of_a_weights_file_are_no_data_set(setup, path, tmp_path):
    assert _rules(tmp_path, PORT.format(setup=setup, path=path), "whole-dataset-load") == []


def test_a_data_file_read_whole_is_still_said(tmp_path):
    source = PORT.format(setup="FRAMES = 'clips_train.h5'", path="FRAMES")
    assert _rules(tmp_path, source, "whole-dataset-load") != []
