"""`oomdoctor check` on np.array_split and its kin given a Python list of samples: NumPy makes one array of the list
first (the pieces are views of it), a second copy while the list still holds every sample. Small scripts written
here, with the array split beside (views, no copy)."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "prepare.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


CLIPS = ("import glob\nimport cv2\nimport numpy as np\n\n\n"
         "class ClipBank:\n    def __init__(self, folder):\n"
         "        self.frames = [cv2.resize(cv2.imread(p), (160, 160)) for p in sorted(glob.glob(folder + '/*.png'))]\n"
         "        self.batches = self.cut(self.frames)\n\n"
         "    def cut(self, frames):\n        {split}\n        return pieces\n\n\nbank = ClipBank('frames')\n")


@pytest.mark.parametrize("split, expected", [
    ("pieces = np.array_split(frames, 64)", [12]),
    ("pieces = np.split(frames, 32)", [12]),
    ("pieces = np.vsplit(frames, 16)", [12]),
    ("pieces = [frames[i:i + 64] for i in range(0, len(frames), 64)]", []),  # slices of the list: references
])
def test_a_list_of_decoded_frames_split_by_numpy_is_copied_into_one_array(split, expected, tmp_path):
    assert _rules(tmp_path, CLIPS.format(split=split), "duplicate-copy") == expected


def test_an_array_split_by_numpy_copies_nothing(tmp_path):
    source = ("import glob\nimport numpy as np\nfrom PIL import Image\n\n"
              "paths = sorted(glob.glob('frames/*.jpg'))\nvideo = np.zeros((len(paths), 224, 224, 3), dtype=np.uint8)\n"
              "for i, p in enumerate(paths):\n    video[i] = np.asarray(Image.open(p).resize((224, 224)))\n"
              "chunks = np.array_split(video, 100)\nprint(len(chunks))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == []
