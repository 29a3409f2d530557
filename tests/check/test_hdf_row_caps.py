"""`oomdoctor check` on pandas.read_hdf's start=/stop=: the rows it stops before cap the read as read_csv's nrows=
does. A cap of millions is the table's size; a few rows are a look; a split capped beside another read whole says
the other is large too."""
import textwrap

import pytest

from oomdoctor.check import check_source


def whole_loads(tmp_path, source: str) -> list[int]:
    script = tmp_path / "clicks.py"
    script.write_text(textwrap.dedent(source))
    return [f.line for f in check_source(script) if f.rule == "whole-dataset-load"]


@pytest.mark.parametrize("cap, expected", [
    ("stop=90_000_000", [4]),  # 90 million rows, its size known
    ("start=0, stop=9 * 10 ** 7", [4]),
    ("stop=200", []),  # a look at the first rows
    ("start=10, stop=60", []),
    ("chunksize=1_000_000", []),  # streamed
])
def test_a_store_read_with_a_row_cap(cap, expected, tmp_path):
    source = f"""\
        import pandas as pd

        def features(store):
            return pd.read_hdf(store, "features", columns=["app", "os", "device", "channel", "hour"], {cap})

        frame = features("clicks.h5")
        print(frame.describe())
    """
    assert whole_loads(tmp_path, source) == expected


def test_a_split_capped_beside_one_read_whole(tmp_path):
    # the script caps the rows of one split, which it would not for a small store: the other split, read whole,
    # is as large
    source = """\
        import pandas as pd

        fit_rows = pd.read_hdf("train_clicks.h5", key="clicks", stop=40_000_000)
        held_rows = pd.read_hdf("test_clicks.h5", key="clicks")
        print(len(fit_rows), len(held_rows))
    """
    assert 4 in whole_loads(tmp_path, source)


def test_stop_of_another_reader_is_not_a_row_cap(tmp_path):
    # a keyword named stop elsewhere says nothing of rows: the read stays one nothing sizes
    source = """\
        import pandas as pd

        table = pd.read_csv("small_lookup.csv", converters={"stop": str})
        print(table.head())
    """
    assert whole_loads(tmp_path, source) == []
