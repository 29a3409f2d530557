"""`oomdoctor check`: a float64 buffer filled with the samples of a data set whose files were each made float64 and
kept holds them at the dtype already said where they were made so: one finding, there, not a second at the buffer."""
import pytest

from oomdoctor.check import check_source


def _dtype_lines(tmp_path, widen: str) -> list[int]:
    script = tmp_path / "stacks.py"
    script.write_text(
        "import glob\n\nimport cv2\nimport numpy as np\n\n\n"
        "def read_scans(pattern):\n"
        "    scans = []\n"
        "    for name in glob.glob(pattern):\n"
        "        scan = cv2.imread(name)\n"
        f"        scan = {widen}\n"
        "        scans.append(scan)\n"
        "    return scans\n\n\n"
        "def to_arrays(scans, side=256):\n"
        "    big = np.zeros((len(scans), side, side, 3))\n"
        "    for i, scan in enumerate(scans):\n"
        "        big[i] = cv2.resize(scan, (side, side))\n"
        "    return big\n\n\n"
        "x = to_arrays(read_scans('scans/*.png'))\n"
        "model.fit(x, x, epochs=4)\n")
    return [f.line for f in check_source(script) if f.rule == "dtype-blowup"]


@pytest.mark.parametrize("widen", ["scan.astype(float)", "scan.astype(np.float64)", "np.asarray(scan, dtype='float')",
                                   "np.array(scan, dtype=np.float64)"])
def test_a_buffer_of_samples_already_kept_float64_is_said_once(widen, tmp_path):
    assert _dtype_lines(tmp_path, widen) == [11]


def test_a_buffer_of_uint8_samples_is_still_said(tmp_path):
    # the files are kept as decoded: the float64 buffer nobody chose is the only place the data set widens
    assert _dtype_lines(tmp_path, "scan[:, :, ::-1]") == [17]
