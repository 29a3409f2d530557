"""`oomdoctor check`: fit() converts its targets with its inputs; a denoiser's, a super-resolution or a colouriser's
targets are the decoded pictures themselves, so fit(inputs computed from them, pictures) copies the data set whole."""
import pytest

from oomdoctor.check import check_source

_HEAD = ("import glob\n\nimport cv2\nimport numpy as np\nfrom tensorflow import keras\n\n\n"
         "def degrade(img, factor=3):\n"
         "    h, w = img.shape[:2]\n"
         "    small = cv2.resize(img, (w // factor, h // factor))\n"
         "    return cv2.resize(small, (w, h))\n\n\n"
         "class Restorer:\n"
         "    def __init__(self, folder):\n"
         "        self.clean = np.array([np.load(p) for p in glob.glob(folder + '/*.npy')])\n"
         "        self.tags = np.array([int(p.split('_')[0]) for p in glob.glob(folder + '/*.jpg')])\n"
         "        noisy = []\n"
         "        for k in range(self.clean.shape[0]):\n"
         "            noisy.append(degrade(self.clean[k, :, :, :]))\n"
         "        self.noisy = np.array(noisy)\n"
         "        self.net = keras.Sequential([keras.Input((96, 96, 3)), keras.layers.Conv2D(3, 3, padding='same')])\n"
         "        self.net.compile('adam', 'mae')\n\n"
         "    def train(self):\n")


def _fit_lines(tmp_path, fit: str) -> list[int]:
    script = tmp_path / "restore.py"
    script.write_text(_HEAD + f"        {fit}\n\n\nRestorer('faces').train()\n")
    return [f.line for f in check_source(script) if f.rule == "in-memory-array"]


@pytest.mark.parametrize("fit", [
    "self.net.fit(self.noisy, self.clean, epochs=20)",
    "self.net.fit(x=self.noisy, y=self.clean, batch_size=8, epochs=20)",
    "self.net.fit([self.noisy], [self.clean], epochs=20, validation_split=0.1)",
])
def test_fit_on_decoded_picture_targets_copies_them(fit, tmp_path):
    assert _fit_lines(tmp_path, fit) == [26]


def test_fit_on_label_targets_says_nothing_of_them(tmp_path):
    # the targets are one number per picture: only the inputs could be large, and these are computed
    assert _fit_lines(tmp_path, "self.net.fit(self.noisy, self.tags, epochs=20)") == []
