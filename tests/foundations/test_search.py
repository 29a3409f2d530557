"""The shared monotone search: the largest batch and the fewest devices both rest on it."""

import pytest

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


@pytest.mark.parametrize("start", [1, 30, 37, 38, 200, 5000])
def test_a_search_from_a_prediction_finds_the_same_batch_with_fewer_probes_near_it(start):
    probes = []

    def trains(batch):
        probes.append(batch)
        return batch <= 37

    assert largest_fitting(trains, 1 << 16, start=start) == 37
    assert probes[0] == min(start, (1 << 16) + 1)  # the prediction is tried first
    if start in (37, 38):
        assert len(probes) <= 8  # a good guess: the bisection is short


def test_measure_finds_the_largest_batch_from_the_prediction_with_real_probes_replaced(monkeypatch):
    # measure's --find-max-batch on a GPU: each probe is a fresh process; here the worker's answer is a rule
    from oomdoctor.measure import run

    asked = []

    def worker(config, backend, timeout=3600):
        asked.append(config["batch_size"])
        return {"device": "GPU:0", "oom": config["batch_size"] > 100}

    monkeypatch.setattr(run, "run_worker", worker)
    monkeypatch.setattr(run, "require_framework", lambda name: None)
    models = __import__("pathlib").Path(__file__).parents[1] / "models" / "small.py"
    search = run.find_max_batch(f"{models}:dense_only", 2**30, backend="jax")
    assert search.max_batch_size == 100 and asked[0] == min(search.predicted_max_batch_size, (1 << 16) + 1)
    assert search.probes == [(b, b <= 100) for b in asked]
