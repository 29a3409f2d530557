"""`oomdoctor check`: a slice of an array rebound to itself scaled (part = x[:n]; part = part / 255.): the view goes,
the array it shares memory with stays, so the scaled part is a second copy of that much of the data set."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "prepare.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


_LOADER = ("import os\n\nimport numpy as np\nimport imageio\n\n\n"
           "def read_all(folder):\n"
           "    frames = [imageio.imread(os.path.join(folder, f)) for f in os.listdir(folder)]\n"
           "    return np.array(frames, dtype=np.float32)\n\n\n")


@pytest.mark.parametrize("cut, scaled", [
    ("fit_part = frames[:n]", "fit_part = fit_part / 255."),
    ("fit_part = frames[:n]", "fit_part = (1 / 255.0) * fit_part"),
    ("fit_part = frames[:n, ...]", "fit_part = (fit_part - 127.5) / 127.5"),
    ("fit_part = frames[n // 10:]", "fit_part = fit_part * 2.0 - 1.0"),
])
def test_a_scaled_slice_is_a_second_copy_while_its_array_stays(cut, scaled, tmp_path):
    source = (_LOADER +
              "class Frames:\n"
              "    def __init__(self, folder):\n"
              "        frames = read_all(folder)\n"
              "        n = int(0.9 * len(frames))\n"
              f"        {cut}\n"
              f"        {scaled}\n"
              "        self.train = fit_part\n"
              "        self.held = frames[n:] / 255.\n\n\n"
              "data = Frames('clips/')\nmodel.fit(data.train, data.train, epochs=5)\n")
    assert 17 in _lines(tmp_path, source, "duplicate-copy")


@pytest.mark.parametrize("cut, after", [
    # the array is let go before the part is scaled: the view alone holds it, and the scaled part takes its place
    ("fit_part = frames[:n]\n        del frames", "self.held = None"),
    # the part was cut from itself: no other name holds the memory
    ("fit_part = frames\n        fit_part = fit_part[:n]", "self.held = None"),
])
def test_a_scaled_slice_of_an_array_let_go_is_not_a_copy(cut, after, tmp_path):
    source = (_LOADER +
              "class Frames:\n"
              "    def __init__(self, folder):\n"
              "        frames = read_all(folder)\n"
              "        n = int(0.9 * len(frames))\n"
              f"        {cut}\n"
              "        fit_part = fit_part / 255.\n"
              "        self.train = fit_part\n"
              f"        {after}\n\n\n"
              "data = Frames('clips/')\nmodel.fit(data.train, data.train, epochs=5)\n")
    assert _lines(tmp_path, source, "duplicate-copy") == []
