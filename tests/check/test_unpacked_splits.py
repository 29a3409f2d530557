"""`oomdoctor check`: the arrays one load unpacks into several names (nested too), and the dtype conversions of them."""
import pytest

from oomdoctor.check import check_source


def _findings(tmp_path, source: str, rule: str) -> list[tuple[int, str]]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [(f.line, f.message) for f in check_source(script) if f.rule == rule]


@pytest.mark.parametrize("unpacked, between, held", [
    # a nested unpacking: the test split is another array of the file, not the one converted
    ("(train_imgs, train_tags), (val_imgs, val_tags) = pickle.load(fh)", "", False),
    ("[train_imgs, train_tags], [val_imgs, val_tags] = joblib.load(fh)", "", False),
    # the other split rebound from itself alone (a view, a cast) is still the other split
    ("(train_imgs, train_tags), (val_imgs, val_tags) = pickle.load(fh)",
     "val_imgs = np.reshape(val_imgs, (-1, 512, 512, 3))", False),
    ("train_imgs, train_tags, val_imgs, val_tags = pickle.load(fh)",
     "val_imgs = val_imgs.reshape(-1, 512, 512, 3)", False),
    # another name for the very array converted keeps it: the original is held beside its float32 copy
    ("(train_imgs, train_tags), (val_imgs, val_tags) = pickle.load(fh)", "raw_imgs = train_imgs", True),
    # rebound from the converted one too: it holds that array
    ("(train_imgs, train_tags), (val_imgs, val_tags) = pickle.load(fh)",
     "val_imgs = np.concatenate([val_imgs, train_imgs[:0]])", True),
])
def test_the_other_arrays_a_load_unpacks_do_not_hold_the_one_converted(unpacked, between, held, tmp_path):
    # converting one split of a pickled data set to float32 in its own name's place: its uint8 original goes, the
    # other split was never it (in a function, and at a module's level)
    in_function = ("import pickle\n\nimport joblib\nimport numpy as np\n\n\n"
                   "def prepare(path):\n    with open(path, 'rb') as fh:\n"
                   f"        {unpacked}\n"
                   "    train_imgs = np.reshape(train_imgs, (-1, 512, 512, 3))\n"
                   f"    {between}\n"
                   "    train_imgs = train_imgs.astype('float32') / 255.0\n"
                   "    print(val_imgs.shape, val_tags.shape)\n"
                   "    return train_imgs\n\n\n"
                   "x = prepare('faces.pkl')\nmodel.fit(x, np.load('tags.npy'), epochs=3)\n")
    at_top = ("import pickle\n\nimport joblib\nimport numpy as np\n\n"
              "with open('faces.pkl', 'rb') as fh:\n"
              f"    {unpacked}\n"
              "train_imgs = train_imgs.reshape(-1, 512, 512, 3)\n"
              f"{between}\n"
              "train_imgs = train_imgs.astype(np.float32) / 255\n"
              "model.fit(train_imgs, train_tags, validation_data=(val_imgs, val_tags))\n")
    for source, line in ((in_function, 12), (at_top, 10)):
        found = [message for at, message in _findings(tmp_path, source, "dtype-blowup") if at == line]
        assert found
        assert all(("original is still held" in message) == held for message in found)


@pytest.mark.parametrize("shaped, expected", [
    # small grey images, their shape given only after the conversion: the count decides, and nothing shows it
    ("imgs = imgs.reshape(-1, 64, 64, 1)", False),
    ("imgs = imgs.reshape([-1, 48, 48, 1])", False),
    ("imgs = imgs.reshape((-1, 96, 96, 3))", False),
    # large colour images: a thousand of them already fill memory, so the conversion is worth saying
    ("imgs = imgs.reshape(-1, 512, 512, 3)", True),
    ("imgs = imgs.reshape((-1, 384, 384, 3))", True),
])
def test_a_conversion_in_place_is_judged_by_the_sample_shape_the_script_shows_later(shaped, expected, tmp_path):
    # x = x.astype('float32') / 255 of an array whose flat rows the script shapes into images only afterwards: the
    # size of each sample is the one the message gives, and what says whether an unknown count of them is large
    source = ("import joblib\nimport numpy as np\n\n\nclass Pictures:\n    def __init__(self, path):\n"
              "        self.path = path\n\n    def arrays(self):\n"
              "        imgs, tags = joblib.load(self.path)\n"
              "        imgs = imgs.astype(np.float32) / 255.0\n"
              f"        {shaped}\n"
              "        print(tags.shape)\n        return imgs\n\n\n"
              "x = Pictures('pictures.joblib').arrays()\nmodel.fit(x, np.load('tags.npy'), batch_size=32)\n")
    found = [message for line, message in _findings(tmp_path, source, "dtype-blowup") if line == 11]
    assert bool(found) == expected
    assert all("converts the whole uint8 data set" in message for message in found)
