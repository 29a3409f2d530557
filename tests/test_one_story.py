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
