"""A script that star-imports several Keras modules (from tensorflow.keras.layers import *, from
tensorflow.keras.preprocessing.image import *): load_img and img_to_array come from the one module that exports
them, so every picture they decode into a list is found, as it is with one star import or named imports; and a
listing spread into a list display, [*glob(pattern)], is the listing itself."""
import pytest

from oomdoctor.check import check_source

SOURCE = """import numpy as np
from glob import glob
{imports}


def read_all(paths):
    pics = []
    for p in paths:
        pics.append(img_to_array(load_img(p, target_size=(64, 64))))
    return np.array(pics)


x = read_all(glob('photos/*/*.jpg'))
"""


@pytest.mark.parametrize("imports", [
    "from tensorflow.keras.layers import *\nfrom tensorflow.keras.preprocessing.image import *",
    "from keras.preprocessing.image import *\nfrom keras.models import *\nfrom keras.layers import *",
    "from tensorflow.keras.preprocessing.image import *",
    "from tensorflow.keras.preprocessing.image import load_img, img_to_array",
])
def test_pictures_decoded_through_a_star_import_are_found(imports, tmp_path):
    script = tmp_path / "read.py"
    script.write_text(SOURCE.format(imports=imports))
    assert "eager-loading" in {f.rule for f in check_source(script)}


@pytest.mark.parametrize("listing", ["glob('photos/*/*.jpg')", "[*glob('photos/*/*.jpg')]",
                                     "(*glob('photos/*/*.jpg'),)"])
def test_a_listing_spread_into_a_list_is_the_listing(listing, tmp_path):
    script = tmp_path / "read.py"
    script.write_text(SOURCE.format(imports="from tensorflow.keras.preprocessing.image import *").replace(
        "read_all(glob('photos/*/*.jpg'))", f"read_all({listing})"))
    assert "eager-loading" in {f.rule for f in check_source(script)}
