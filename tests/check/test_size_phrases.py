"""How `check` says the size of held data: the whole when the script shows it, else per sample, never an empty
shape."""
from oomdoctor.check.values import ARRAYS, Data, size_phrase


def held(shape, dtype="float32"):
    return Data(line=1, path="train.py", how="np.load", content=ARRAYS, shape=shape, dtype=dtype)


def test_a_shown_shape_gives_the_whole():
    assert size_phrase(held((1000, 28, 28), "uint8")) == "about 766 KiB (1,000 × 28 × 28, uint8)"


def test_an_unknown_count_gives_a_sample():
    assert size_phrase(held((None, 28, 28))) == "about 3.1 KiB per sample (28 × 28, float32), times the number of samples"


def test_a_sample_of_a_one_dimensional_array_is_one_value():
    assert size_phrase(held((None,))) == "about 4 B per sample (1, float32), times the number of samples"
