"""The golden fixture itself: a golden test must be able to fail."""
import pytest


def test_a_missing_golden_file_fails_instead_of_being_written(golden, update_golden):
    if update_golden:
        pytest.skip("--update-golden writes missing files by design")
    with pytest.raises(pytest.fail.Exception, match="is missing"):
        golden("any text", "no-such-golden-file.out")


def test_an_estimate_whose_breakdown_does_not_sum_to_its_peak_fails(golden):
    class Broken:
        breakdown, peak_bytes, safe_peak_bytes = {"weights": 10, "activations": 5}, 16, 16

    with pytest.raises(AssertionError):
        golden("", "test_demo_report.out", estimate=Broken())
