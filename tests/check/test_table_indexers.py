"""`oomdoctor check`'s workers-copy-dataset on a pandas table cut by its indexer before a Dataset holds it,
the cut written as a data set's worth of rows (df.iloc[:2000000], df.loc[0:500000, :]): the rows kept are still a
table of Python objects that every DataLoader worker copies as it reads them; a cut to a few rows, a held-out block
of an unknown table, one column, or a loader without workers, is not said."""
import textwrap

import pytest

from oomdoctor.check import check_source


def rules(tmp_path, source: str) -> list[tuple[int, str]]:
    (tmp_path / "reactions.py").write_text(textwrap.dedent("""\
        from torch.utils import data


        class ReactionRows(data.Dataset):
            def __init__(self, rows, vocab):
                self.rows = rows
                self.vocab = vocab

            def __len__(self):
                return len(self.rows)

            def __getitem__(self, k):
                text = self.rows.iloc[k]["reactants"]
                return [self.vocab[c] for c in text]
        """))
    script = tmp_path / "fit_reactions.py"
    script.write_text(textwrap.dedent(source))
    return [(f.line, f.rule) for f in check_source(script) if f.rule == "workers-copy-dataset"]


MAIN = """\
    import pandas
    import torch
    from reactions import ReactionRows


    def loaders(vocab, workers):
        table = pandas.read_parquet("/datasets/uspto/reactions_all.parquet")
        chosen = {cut}
        return torch.utils.data.DataLoader(ReactionRows(chosen, vocab), batch_size=128, num_workers=workers)


    train = loaders({{}}, {workers})
"""


@pytest.mark.parametrize("cut", [
    "table.iloc[:2000000]",
    "table.iloc[100:900000, :]",
    "table.loc[0:500000]",
    "table.iloc[0:1_000_000, :]",
])
def test_rows_picked_by_an_indexer_are_still_the_table(tmp_path, cut):
    assert rules(tmp_path, MAIN.format(cut=cut, workers=12)) == [(9, "workers-copy-dataset")]


@pytest.mark.parametrize("cut, workers", [
    ("table.iloc[:200]", 12),     # a few rows: a sample, not the data set
    ("table.iloc[:10000]", 12),   # a held-out block: how big the rest is, the script does not show
    ("table.iloc[:2000000, 0]", 12),  # one column of numbers (ids), no Python objects
    ("table.iloc[:2000000]", 0),  # no workers: nothing copied per worker
])
def test_a_few_rows_or_no_workers_say_nothing(tmp_path, cut, workers):
    assert rules(tmp_path, MAIN.format(cut=cut, workers=workers)) == []
