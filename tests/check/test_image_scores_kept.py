"""An image library's quality measure of a decoded file (cv2.PSNR(ref, out), skimage's compare_ssim,
structural_similarity) is one number: a list of them, one per test picture, is a column of scores, not every
picture decoded and kept (eager-loading); the pictures themselves kept in the same loop still are."""
import pytest

from oomdoctor.check import check_source

SOURCE = """import glob
import cv2
import numpy as np
from skimage.metrics import structural_similarity, peak_signal_noise_ratio

scores = []
for path in glob.glob('test/*.png'):
    ref = cv2.imread(path, 0)
    out = cv2.GaussianBlur(ref, (3, 3), 0)
    scores.append({score})
"""


def _lines(tmp_path, score) -> list[int]:
    script = tmp_path / "score.py"
    script.write_text(SOURCE.format(score=score))
    return [f.line for f in check_source(script) if f.rule == "eager-loading"]


@pytest.mark.parametrize("score", ["cv2.PSNR(ref, out)", "structural_similarity(ref, out)",
                                   "peak_signal_noise_ratio(ref, out)"])
def test_a_score_of_each_picture_is_a_number(score, tmp_path):
    assert _lines(tmp_path, score) == []


@pytest.mark.parametrize("kept", ["out", "cv2.resize(out, (64, 64))"])
def test_the_pictures_themselves_are_still_kept(kept, tmp_path):
    assert _lines(tmp_path, kept) == [10]
