"""Labels spelled short (lbl, lbls, as img and imgs spell images) are labels: a number or a one-hot row per sample,
loaded whole on purpose; the inputs loaded beside them are still the data set."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "train_split.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


@pytest.mark.parametrize("target, reader", [
    ("lbls", "np.load(os.path.join(folder, 'b_image.npy'))"),
    ("trn_lbl", "np.load(folder + '/b_image.npy')"),
    ("self.lbls", "np.load(os.path.join(folder, 'b_image.npy'))"),
    ("lbl_arr", "pickle.load(open(os.path.join(folder, 'b_image.pkl'), 'rb'))"),
])
def test_short_spelled_labels_loaded_whole_are_not_the_data_set(target, reader, tmp_path):
    source = ("import os, pickle\nimport numpy as np\nimport torch\nfrom torch.utils.data import TensorDataset, DataLoader\n\n\n"
              "class Trainer:\n    def __init__(self, folder):\n"
              "        self.pics = np.load(os.path.join(folder, 'a_image.npy'))\n"
              f"        {target} = {reader}\n"
              f"        self.ds = TensorDataset(torch.tensor(self.pics), torch.tensor({target}))\n\n"
              "    def run(self, net):\n"
              "        for xb, yb in DataLoader(self.ds, batch_size=32, shuffle=True):\n"
              "            net(xb.float()).sum().backward()\n\n\n"
              "Trainer('/data/beats').run(torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.Flatten(), "
              "torch.nn.LazyLinear(5)))\n")
    # the pictures are loaded whole: still said; the labels beside them are not
    assert _lines(tmp_path, source, "whole-dataset-load") == [9]


@pytest.mark.parametrize("target", ["trn_lbls", "lbls"])
def test_short_spelled_labels_in_keras_fit(target, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\n\n\ndef run():\n"
              "    imgs = np.load('train_imgs_128.npy')\n"
              f"    {target} = np.load('train_image_classes_y.npy')\n"
              "    net = keras.Sequential([keras.layers.Input((128, 128, 3)), keras.layers.Conv2D(8, 3),\n"
              "                            keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(5)])\n"
              "    net.compile('adam', 'categorical_crossentropy')\n"
              f"    net.fit(imgs, {target}, batch_size=64, epochs=3)\n\n\nrun()\n")
    # the images: said; the labels (whose file name also says image): not
    assert _lines(tmp_path, source, "whole-dataset-load") == [6]


def test_a_name_spelled_like_neither_is_still_the_data_set(tmp_path):
    # albums is not labels: the words, not the letters, say what a name holds
    source = ("import numpy as np\nfrom tensorflow import keras\n\n\ndef run():\n"
              "    imgs = np.load('train_imgs_128.npy')\n"
              "    albums = np.load('train_albums_128.npy')\n"
              "    net = keras.Sequential([keras.layers.Input((128, 128, 3)), keras.layers.Conv2D(8, 3),\n"
              "                            keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(5)])\n"
              "    net.compile('adam', 'categorical_crossentropy')\n"
              "    net.fit(imgs, albums, batch_size=64, epochs=3)\n"
              "    net.fit(albums, imgs, batch_size=64, epochs=3)\n\n\nrun()\n")
    assert _lines(tmp_path, source, "whole-dataset-load") == [6, 7]
