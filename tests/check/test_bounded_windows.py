"""`oomdoctor check` on frames kept in a deque with a bound (the last n of a stream): a sliding window, not the data
set kept whole. Small scripts written here, with an unbounded deque and a list beside."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "live.py"
    script.write_text(source)
    return [(f.line, f.rule) for f in check_source(script) if f.rule in ("dtype-blowup", "eager-loading")]


STREAM = ("import collections\nfrom collections import deque\nimport cv2\nimport numpy as np\n\n\n"
          "class Annotator:\n    def __init__(self, model, n=24):\n        self.model, self.n = model, n\n\n"
          "    def run(self, video):\n        cap = cv2.VideoCapture(video)\n        {made}\n"
          "        while True:\n            ok, frame = cap.read()\n            if not ok:\n                break\n"
          "            frame = cv2.resize(frame, (112, 112)).astype(np.float64) / 255.0\n"
          "            recent.append(frame)\n            if len(recent) == self.n:\n"
          "                self.model.predict(np.array(recent)[None])\n")


@pytest.mark.parametrize("made", [
    "recent = deque(maxlen=16)",
    "recent = collections.deque(maxlen=24)",
    "recent = deque([], 8)",  # the bound given by position
])
def test_frames_kept_in_a_bounded_deque_are_a_window(made, tmp_path):
    assert _rules(tmp_path, STREAM.format(made=made)) == []


@pytest.mark.parametrize("made", ["recent = deque()", "recent = deque(maxlen=None)", "recent = []",
                                  "recent = deque(maxlen=50_000)"])  # a bound of many: a memory, not a window
def test_frames_kept_in_an_unbounded_deque_or_list_are_every_frame(made, tmp_path):
    assert _rules(tmp_path, STREAM.format(made=made)) != []
