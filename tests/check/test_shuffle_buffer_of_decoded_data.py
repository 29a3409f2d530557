"""`oomdoctor check` on tf.data's shuffle(n) of a pipeline made from decoded images held in memory: the buffer
keeps n of those elements, however the n is written (a constant of a settings module, a name, a keyword), and a
map after the shuffle (augmentation) does not make them file names. Small scripts written here, with the fine
writings (a small buffer, a shuffle of file names that a later map reads) beside them."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, main: str, config: str = "") -> list[int]:
    (tmp_path / "config.py").write_text(config)
    script = tmp_path / "train.py"
    script.write_text(main)
    return [f.line for f in check_source(script) if f.rule == "shuffle-whole"]


LOADER = ("import glob\nimport cv2\nimport numpy as np\nimport tensorflow as tf\nimport config as C\n\n\n"
          "def augment(img, mask):\n    return tf.image.flip_left_right(img), tf.image.flip_left_right(mask)\n\n\n"
          "class Tiles:\n    def __init__(self, folder):\n        self.folder = folder\n\n"
          "    def arrays(self):\n        imgs, masks = [], []\n"
          "        for p in sorted(glob.glob(self.folder + '/img/*.png')):\n"
          "            imgs.append(cv2.resize(cv2.imread(p), (384, 384)))\n"
          "            masks.append(cv2.resize(cv2.imread(p.replace('img', 'mask'), 0), (384, 384)))\n"
          "        return np.stack(imgs).astype(np.float32) / 255., np.stack(masks)\n\n\n"
          "x, y = Tiles('data/train').arrays()\n"
          "train = (tf.data.Dataset.from_tensor_slices((x, y))\n         {shuffle}\n"
          "         .map(augment)\n         .batch(8))\n")


@pytest.mark.parametrize("shuffle, config", [
    (".shuffle(C.TRAIN_COUNT)", "TRAIN_COUNT = 4000\n"),
    (".shuffle(C.BUFFER)", "N_TRAIN = 2500\nBUFFER = N_TRAIN\n"),
    (".shuffle(buffer_size=C.BUFFER, seed=1)", "BUFFER = 3000\n"),
])
def test_a_large_buffer_of_decoded_elements_is_said(shuffle, config, tmp_path):
    source = LOADER.format(shuffle=shuffle)
    # (said at the chain's first line, where Python places the call)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if text.startswith("train = ("))
    assert _lines(tmp_path, source, config) == [line]


@pytest.mark.parametrize("shuffle, config", [
    (".shuffle(C.BUFFER)", "BUFFER = 64\n"),  # 64 elements: a bounded buffer
    (".shuffle(256)", ""),
])
def test_a_small_buffer_of_decoded_elements_is_fine(shuffle, config, tmp_path):
    assert _lines(tmp_path, LOADER.format(shuffle=shuffle), config) == []


def test_a_shuffle_of_file_names_read_by_a_later_map_is_fine(tmp_path):
    source = ("import tensorflow as tf\nimport config as C\n\n\n"
              "def read(path):\n    return tf.image.decode_png(tf.io.read_file(path), channels=3)\n\n\n"
              "paths = tf.io.gfile.glob('data/*.png')\n"
              "train = tf.data.Dataset.from_tensor_slices(paths).shuffle(C.TRAIN_COUNT).map(read).batch(8)\n")
    assert _lines(tmp_path, source, "TRAIN_COUNT = 40000\n") == []
