"""`oomdoctor check`'s densified-sparse on a users × items matrix made with zeros and filled from a table's records
(m[df.user_id, df.item_id] = df.rating, at once or record by record): every pair without a record is kept as a zero."""
import textwrap

import pytest

from oomdoctor.check import check_source


def densified(tmp_path, source: str) -> list[int]:
    script = tmp_path / "factorize.py"
    script.write_text(textwrap.dedent(source))
    return [f.line for f in check_source(script) if f.rule == "densified-sparse"]


AT_ONCE = """\
    import numpy as np
    import pandas as pd
    import torch


    def interaction_matrix(log):
        n_customers = log["customer_id"].max() + 1
        n_products = log["product_id"].nunique()
        {made}
        {fill}
        return grid


    log = pd.read_parquet("purchases.parquet")
    grid = interaction_matrix(log)
    torch.save(torch.from_numpy(np.asarray(grid)), "grid.pt")
"""


@pytest.mark.parametrize("made", ["grid = np.zeros((n_customers, n_products), dtype=np.float32)",
                                  "grid: np.ndarray = np.empty([n_customers, n_products])",
                                  "grid = torch.zeros(n_customers, n_products)"])
@pytest.mark.parametrize("fill", ["grid[log['customer_id'].values, log['product_id'].values] = log['qty'].values",
                                  "grid[log.customer_id, log.product_id] = 1",
                                  "cust = log['customer_id'].to_numpy()\n        grid[cust, log.product_id.to_numpy()] = 1.0"])
def test_records_scattered_into_a_dense_matrix(tmp_path, made, fill):
    assert densified(tmp_path, AT_ONCE.format(made=made, fill=fill)) == [9]


def test_records_written_one_by_one(tmp_path):
    source = """\
        import numpy as np
        import pandas as pd

        ratings = pd.read_csv("ratings.csv")
        table = np.zeros((ratings.userId.max(), ratings.bookId.max()))
        for row in ratings.itertuples():
            table[row.userId - 1, row.bookId - 1] = row.rating
        np.save("table.npy", table)
    """
    assert densified(tmp_path, source) == [5]


@pytest.mark.parametrize("made, fill", [
    # a matrix of a size written down, and cells that are not a user × item pair: nothing to say
    ("grid = np.zeros((500, 40))", "grid[log['customer_id'].values, log['product_id'].values] = 1"),
    ("grid = np.zeros((n_customers, n_products))", "grid[log['row'].values, log['col'].values] = 1"),
    ("grid = np.zeros((n_customers, n_products))", "grid[0, 1] = 1"),
    ("grid = np.zeros(n_customers)", "grid[log['customer_id'].values] = 1"),
])
def test_other_fills_are_not_flagged(tmp_path, made, fill):
    assert densified(tmp_path, AT_ONCE.format(made=made, fill=fill)) == []
