"""The shared monotone search: the largest batch and the fewest devices both rest on it."""

from oomdoctor.search import first_true, largest_fitting


def test_first_true_finds_the_threshold_with_few_calls():
    for threshold in (1, 2, 3, 7, 8, 9, 100, 1000):
        calls = []

        def predicate(n, t=threshold):
            calls.append(n)
            return n >= t

        assert first_true(predicate, 1024) == threshold
        assert len(calls) <= 2 * threshold.bit_length() + 2


def test_first_true_checks_the_limit_itself_and_says_none_when_nothing_holds():
    assert first_true(lambda n: n >= 1000, 1000) == 1000  # 1000 is not a power of two
    assert first_true(lambda n: False, 1000) is None


def test_largest_fitting_is_the_last_batch_before_the_first_that_does_not_fit():
    assert largest_fitting(lambda b: b <= 37, 1 << 20) == 37
    assert largest_fitting(lambda b: False, 1 << 20) == 0
    assert largest_fitting(lambda b: True, 500) == 500
