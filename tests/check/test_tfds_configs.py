"""`oomdoctor check` on tensorflow_datasets builders whose configs differ in size (MovieLens' 100k-ratings and
25m-ratings): the config named decides whether an in-memory cache or a whole-data-set shuffle buffer is small."""
import textwrap

import pytest

from oomdoctor.check import check_source


def memory_rules(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "recommend.py"
    script.write_text(textwrap.dedent(source))
    return [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"]


PIPELINE = """\
    import tensorflow as tf
    import tensorflow_datasets as tfds


    class Ratings:
        def __init__(self):
            rows = tfds.load(name="{name}", split="train")
            self.rows = rows.map(lambda r: {{"uid": r["user_id"], "item": r["movie_id"], "y": r["user_rating"]}})

        def training(self):
            return self.rows.shuffle(buffer_size={buffer}).batch(4096).cache()


    def run(model):
        data = Ratings()
        model.fit(data.training(), epochs=5)
"""


@pytest.mark.parametrize("name", ["movielens/100k-ratings", "movielens/latest-small-ratings:0.1.1",
                                  "movielens/1m-movies"])
@pytest.mark.parametrize("buffer", ["100_000", "2 ** 20"])
def test_a_small_config_is_not_flagged(tmp_path, name, buffer):
    # 100,000 ratings: the whole set in a shuffle buffer and in the cache is a few tens of MB
    assert memory_rules(tmp_path, PIPELINE.format(name=name, buffer=buffer)) == []


@pytest.mark.parametrize("name", ["movielens/25m-ratings", "movielens/20m-ratings:0.1.1", "movielens"])
def test_a_large_config_is_flagged(tmp_path, name):
    # 25 million ratings held whole: the config, not the builder, says the size
    found = memory_rules(tmp_path, PIPELINE.format(name=name, buffer="100_000"))
    assert (11, "shuffle-whole") in found and (11, "cache-in-memory") in found


def test_a_small_builder_without_config_keeps_its_size(tmp_path):
    source = """\
        import tensorflow_datasets as tfds

        train = tfds.load("mnist:3.0.1", split="train", as_supervised=True)
        train = train.cache().shuffle(60_000).batch(128)
    """
    assert memory_rules(tmp_path, source) == []
