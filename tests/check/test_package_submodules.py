"""`oomdoctor check`: a submodule of the script's own package, imported by name from the package."""
import pytest

from oomdoctor.check import check_source

_HELPER = """import numpy as np


def make_pairs(images, classes):
    pairs = []
    for i in range(len(images)):
        j = np.random.randint(len(images))
        pairs.append([images[i], images[j]])
    return np.array(pairs)


def make_triplets(images, classes):
    return images
"""


@pytest.mark.parametrize("init, imported, called, expected", [
    # from package import submodule, the package's __init__.py read too (empty, or binding other names)
    ("", "from tools import pairing", "pairing.make_pairs", [9]),
    ("VERSION = '1.0'\n", "from tools import pairing as pr", "pr.make_pairs", [9]),
    ("from .pairing import make_triplets\n", "from tools import pairing", "pairing.make_pairs", [9]),
    ("from . import pairing\n", "from tools import pairing", "pairing.make_pairs", [9]),
    # what the package binds itself is what the import gives: __init__'s own function, not the submodule
    ("def pairing(x, y):\n    return x\n", "from tools import pairing", "pairing", []),
])
def test_a_submodule_imported_from_its_package_is_followed(init, imported, called, expected, tmp_path):
    # pairs of rows stacked into one array, each image in two pairs: the data set copied twice over, found only
    # where the call reaches the helper with the images it is given
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "__init__.py").write_text(init)
    (tmp_path / "tools" / "pairing.py").write_text(_HELPER)
    script = tmp_path / "train.py"
    script.write_text("import numpy as np\n" f"{imported}\n\n"
                      "faces = np.load('faces.npy').reshape(-1, 128, 128, 3)\n"
                      "ids = np.load('ids.npy')\n"
                      f"couples = {called}(faces, ids)\n"
                      "model.fit([couples[:, 0], couples[:, 1]], np.ones(len(couples)), batch_size=64)\n")
    found = [f.line for f in check_source(script) if f.rule == "duplicate-copy" and f.file.endswith("pairing.py")]
    assert found == expected
