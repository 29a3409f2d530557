"""`oomdoctor check` on texts padded to the longest one of the corpus (pad_sequences with no maxlen, or a maxlen that
is the largest length of all): the array is as wide as the longest text, no small thing, and a copy of it is the data
set twice. Small scripts written here, with the capped writing beside each."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


ENCODE = ("import numpy as np\nimport pandas as pd\nimport tensorflow as tf\n"
          "from sklearn.model_selection import train_test_split\n\n\n"
          "def encode(frame):\n    tok = tf.keras.preprocessing.text.Tokenizer()\n    tok.fit_on_texts(frame.body)\n"
          "    seqs = tok.texts_to_sequences(frame.body)\n{width}\n"
          "    return {pad}, frame.stars.values\n\n\n"
          "docs, stars = encode(pd.read_csv('reviews.csv'))\n"
          "d_train, d_val, s_train, s_val = train_test_split(docs, stars, test_size=0.2)\n")


@pytest.mark.parametrize("width, pad, expected", [
    ("    width = max(len(s) for s in seqs)", "tf.keras.utils.pad_sequences(seqs, maxlen=width, padding='post')", [16]),
    ("    width = max(map(len, seqs))", "tf.keras.preprocessing.sequence.pad_sequences(seqs, width)", [16]),
    ("    lengths = np.array([len(s) for s in seqs])\n    width = lengths.max()",
     "tf.keras.utils.pad_sequences(seqs, maxlen=width)", [17]),
    ("    width = np.max([len(s) for s in seqs])", "tf.keras.utils.pad_sequences(seqs, maxlen=width)", [16]),
    ("    width = None", "tf.keras.utils.pad_sequences(seqs)", [16]),  # no maxlen: padded to the longest
    ("    width = 300", "tf.keras.utils.pad_sequences(seqs, maxlen=width)", []),  # a cap the script chose
    ("    width = min(max(len(s) for s in seqs), 400)", "tf.keras.utils.pad_sequences(seqs, maxlen=width)", []),
    ("    width = int(np.percentile([len(s) for s in seqs], 95))", "tf.keras.utils.pad_sequences(seqs, maxlen=width)",
     []),
])
def test_texts_padded_to_the_longest_are_a_data_set_and_a_split_copies_it(width, pad, expected, tmp_path):
    source = ENCODE.format(width=width, pad=pad)
    assert _rules(tmp_path, source, "duplicate-copy") == expected
