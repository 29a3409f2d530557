from collections import Counter
from torch.utils import data
from typing import Dict, Tuple

Mapping = Dict[str, int]


def create_mappings(fname: str) -> Tuple[Mapping, Mapping]:
    """Entity and relation name -> integer id, most frequent first."""
    # frequency counts decide the id order
    ent_count = Counter()
    rel_count = Counter()
    with open(fname, "r") as fh:
        for row in fh:
            # drop the trailing newline
            h, r, t = row[:-1].split("\t")
            ent_count.update([h, t])
            rel_count.update([r])
    ent_ix = {}
    rel_ix = {}
    for k, (name, _) in enumerate(ent_count.most_common()):
        ent_ix[name] = k
    for k, (r, _) in enumerate(rel_count.most_common()):
        rel_ix[r] = k
    return ent_ix, rel_ix


class FB15KDataset(data.Dataset):
    """Triples of FB15K / FB15K-237 read from a tab-separated file."""

    def __init__(self, fname: str, ent_ix: Mapping, rel_ix: Mapping):
        self.entity2id = ent_ix
        self.relation2id = rel_ix
        with open(fname, "r") as fh:
            # every row kept as [h, r, t] strings
            self.data = [row[:-1].split("\t") for row in fh]

    def __len__(self):
        """Number of triples."""
        return len(self.data)

    def __getitem__(self, i):
        """Ids of one triple."""
        h, r, t = self.data[i]
        hi = self._to_idx(h, self.entity2id)
        ri = self._to_idx(r, self.relation2id)
        ti = self._to_idx(t, self.entity2id)
        return hi, ri, ti

    @staticmethod
    def _to_idx(name: str, table: Mapping) -> int:
        try:
            return table[name]
        except KeyError:
            return len(table)
