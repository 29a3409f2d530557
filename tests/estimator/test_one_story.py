"""Every report tells one story (#19): its verdict, largest batch, safe request and notes agree, or say
in words why they differ."""

from __future__ import annotations

import keras
import pytest

import oomdoctor


@pytest.fixture(scope="module")
def xception():
    return keras.applications.Xception(weights=None)


def test_fits_and_the_safe_request_agree_or_say_why(xception, per_kind_tables):
    """At the largest batch that fits a T4 the safe request passes the card (the table's margin): the
    report says so, and says nothing where the safe request stays under the card."""
    first = oomdoctor.estimate(xception, 8, gpu="T4")
    largest = first.max_batch_size
    said = 0
    for batch in (8, largest):
        result = first if batch == 8 else oomdoctor.estimate(xception, batch, gpu="T4")
        assert result.fits
        safe_total = result.device_total_bytes + result.safe_peak_bytes - result.peak_bytes
        warned = any(note.startswith("It fits as estimated") for note in result.notes)
        assert warned == (safe_total > result.gpu.total_bytes), (batch, safe_total, result.notes)
        said += warned
    assert said, "the largest batch that fits should come close enough to the card to need the sentence"


def test_a_device_search_says_how_an_uneven_batch_splits():
    """--find-devices proposed ddp:7 for a global batch of 512: it now says how 512 splits over 7, and
    that 8 splits it evenly."""
    from oomdoctor.gpus import GPU
    from oomdoctor.estimator.parallel import StrategyKind, Strategy, device_search, split_words

    def fits(strategy):  # memory grows with the batch each device runs; 74 samples fit
        return strategy is not None and strategy.per_device_batch(512) <= 74

    search = device_search(GPU("card", 16 * 2**30), fits, lambda n: [Strategy(StrategyKind.DDP, n)], lambda s: 1, 512)
    assert search["devices"] == 7 and search["even_devices"] == 8 and search["even_strategy"] == "ddp:8"
    words = split_words(search, 512)
    assert "6 of them take 74 and one takes 68" in words and "ddp:8 splits it evenly, 64 each" in words
    even = device_search(GPU("card", 16 * 2**30), fits, lambda n: [Strategy(StrategyKind.DDP, n)], lambda s: 1, 448)
    assert split_words(even, 448) is None  # 448 = 7 x 64


def test_first_means_first(per_kind_tables):
    """A 1x1 convolution comes first: the strided-convolution fix names the 3x3 after it, and says which it is."""
    inputs = keras.Input((128, 128, 3))
    x = keras.layers.Conv2D(16, 1, name="mix")(inputs)
    x = keras.layers.Conv2D(32, 3, padding="same", name="wide")(x)
    x = keras.layers.Conv2D(32, 3, padding="same", name="wider")(x)
    outputs = keras.layers.Dense(10)(keras.layers.GlobalAveragePooling2D()(x))
    result = oomdoctor.estimate(keras.Model(inputs, outputs), 64, gpu="T4")
    strided = next(f for f in result.fixes if f.name == "strided_first_conv")
    assert strided.change.startswith("give wide, the first convolution with stride 1 and a kernel over 1,")


def test_a_flat_start_of_the_batch_curve_says_what_holds_it():
    """A curve flat at 4.3 GiB from batch 1 to 15 said nothing: a start where the peak is the same to the byte
    is labelled with the phase that holds it; a peak that merely grows slowly is not flat."""
    from oomdoctor.estimator.batch_curve import BatchCurve, flat_start

    gib = 2**30
    autotuned = [(1, 4 * gib, 5 * gib), (8, 4 * gib, 5 * gib), (15, 4 * gib, 5 * gib), (22, 5 * gib, 6 * gib)]
    until, phase = flat_start(autotuned, ["compilation (XLA autotuning matrix products and convolutions)"] * 4)
    assert until == 15
    words = BatchCurve(autotuned, 8, 20, [], until, phase).to_dict()["flat_words"]
    assert words == ("Up to batch 15 the peak stays the same: it falls in the compilation (XLA autotuning matrix "
                     "products and convolutions), which does not grow with the batch.")
    slow = [(1, 4 * gib, 5 * gib), (8, 4 * gib + 4096, 5 * gib), (15, 4 * gib + 8192, 5 * gib)]
    assert flat_start(slow, ["backward pass"] * 3) == (None, None)
