"""`oomdoctor check` on shuffle(n) of a pipeline that decodes image files as it reads them
(image_dataset_from_directory): the buffer keeps n decoded elements (batches of images), however n reaches the call
(a keyword, a settings constant, a default parameter of the function the pipeline is passed to). A small buffer,
and a shuffle right after an in-memory cache() (the buffer holds the cache's own tensors; the cache is what is
said), are fine."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, main: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(main)
    return [f.line for f in check_source(script) if f.rule == "shuffle-whole"]


SOURCE = ("import tensorflow as tf\n\nBUFFER = {buffer}\n\n\n"
          "class Photos:\n    def __init__(self, root):\n"
          "        self.ds = tf.keras.utils.image_dataset_from_directory(root, image_size=(224, 224))\n\n"
          "    def mixed(self, pool={buffer}):\n"
          "        return self.ds{before}.shuffle({arg})\n\n\n"
          "train = Photos('data/train').mixed()\n")


def _shuffle_line(source: str) -> int:
    return next(i for i, text in enumerate(source.splitlines(), 1) if ".shuffle(" in text)


@pytest.mark.parametrize("buffer, arg", [("5000", "pool"), ("20000", "buffer_size=pool"),
                                         ("4096", "BUFFER"), ("3000", "buffer_size=BUFFER, seed=3")])
def test_a_large_buffer_of_decoded_folder_images_is_said(buffer, arg, tmp_path):
    source = SOURCE.format(buffer=buffer, arg=arg, before="")
    assert _lines(tmp_path, source) == [_shuffle_line(source)]


@pytest.mark.parametrize("buffer, arg, before", [("256", "pool", ""),         # a bounded buffer
                                                 ("64", "BUFFER", ""),
                                                 ("5000", "pool", ".cache()"),  # the cache's own tensors
                                                 ("5000", "buffer_size=BUFFER", ".cache().prefetch(2)")])
def test_a_small_buffer_or_one_read_from_a_cache_is_fine(buffer, arg, before, tmp_path):
    source = SOURCE.format(buffer=buffer, arg=arg, before=before)
    assert _lines(tmp_path, source) == []


@pytest.mark.parametrize("first, second, expected", [
    # decoded by the first map, then shuffled whole: the buffer holds every picture and mask, whatever later map
    # augments them
    ("pipe.map(decode_pair)", "pipe.shuffle(buffer_size=len(images))", [17]),
    # shuffled while the elements are still the two paths: names
    ("pipe.shuffle(buffer_size=len(images))", "pipe.map(decode_pair)", []),
])
def test_a_whole_shuffle_after_the_map_that_reads_the_files(first, second, expected, tmp_path):
    # the polyp segmentation pipeline (check_heldout101): from_tensor_slices of two lists of paths the script gets
    # from its caller, a map that reads and decodes each pair, shuffle(len(paths)), then an augmenting map
    source = ("import tensorflow as tf\n\n\ndef decode_pair(p, q):\n"
              "    p = tf.image.decode_png(tf.io.read_file(p))\n    q = tf.image.decode_png(tf.io.read_file(q))\n"
              "    return p, q\n\n\ndef flip(p, q):\n    return tf.image.flip_left_right(p), q\n\n\n"
              "def make(images, masks):\n    pipe = tf.data.Dataset.from_tensor_slices((images, masks))\n"
              f"    pipe = {first}\n    pipe = {second}\n    pipe = pipe.map(flip)\n    return pipe.batch(8)\n")
    script = tmp_path / "data.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "shuffle-whole"] == expected
