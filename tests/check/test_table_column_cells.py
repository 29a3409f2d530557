"""`oomdoctor check` on a table's cells kept one by one in a Python list (titles.append(df['title'][i])): strings and
numbers of a table already read, not a data set of decoded files, whatever fit() is then given."""
import pytest

from oomdoctor.check import check_source


COLUMN_CELLS = ("import numpy as np\nimport pandas as pd\nimport tensorflow as tf\n\n"
                "data = pd.read_csv('news.csv')\ntitles = []\nlabels = []\nfor x in range(3000):\n"
                "    titles.append(data['title'][x])\n    labels.append(data['label'][x])\n"
                "model = tf.keras.Sequential([tf.keras.layers.Embedding(1000, 50), tf.keras.layers.LSTM(64),\n"
                "                             tf.keras.layers.Dense(1)])\n"
                "model.fit({given}, np.array(labels), epochs=50)\n")


@pytest.mark.parametrize("given", ["np.array(titles)", "tokenize(titles)"])
def test_a_columns_cells_kept_in_a_list_are_texts_not_decoded_files(tmp_path, given):
    # a fake-news classifier (check_heldout159): titles.append(data['title'][x]) for the first 3,000 rows, the
    # list handed to fit(): Python strings of a table already read, not a data set of decoded files
    script = tmp_path / "train.py"
    script.write_text(COLUMN_CELLS.format(given=given))
    assert [f.rule for f in check_source(script) if f.kind == "memory"] == []
