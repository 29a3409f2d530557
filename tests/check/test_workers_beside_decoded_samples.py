"""A Dataset that holds its samples decoded (an image or a clip per item, read in __init__) can only have as many
items as memory holds of them: a label, a name or a number kept per item beside them in a Python list is a
thousandth of that, and so is what DataLoader workers copy of it. Holding the decoded samples is eager-loading's
finding; workers-copy-dataset stays for the lists of a data set whose samples are not held."""
import pytest

from oomdoctor.check import check_source

SOURCE = """import csv
import numpy as np
import torch
{imports}
from torch.utils.data import DataLoader, Dataset


class Beats(Dataset):
    def __init__(self, index_file):
        self.samples, self.tags, self.ages = [], [], []
        with open(index_file) as fh:
            rows = list(csv.DictReader(fh))
        for row in rows:
{keep}
            self.tags.append(row['tag'])
            self.ages.append(float(row['age']))

    def __len__(self):
        return len(self.tags)

    def __getitem__(self, i):
        return {item}, self.tags[i], self.ages[i]


def make_loader(index_file, workers=6):
    return DataLoader(Beats(index_file), batch_size=16, shuffle=True, num_workers=workers)


loader = make_loader('records.csv')
"""


def _workers_lines(tmp_path, **parts) -> list[int]:
    script = tmp_path / "beats.py"
    script.write_text(SOURCE.format(**parts))
    return [f.line for f in check_source(script) if f.rule == "workers-copy-dataset"]


@pytest.mark.parametrize("imports, keep", [
    ("import cv2", "            self.samples.append(cv2.imread(row['png']).transpose(2, 0, 1))"),
    ("from PIL import Image", "            self.samples.append(np.asarray(Image.open(row['png'])))"),
    ("import soundfile as sf", "            wave, rate = sf.read(row['wav'])\n            self.samples.append(wave)"),
])
def test_labels_beside_decoded_samples_are_not_the_workers_problem(imports, keep, tmp_path):
    item = "torch.from_numpy(np.asarray(self.samples[i])).float()"
    assert _workers_lines(tmp_path, imports=imports, keep=keep, item=item) == []


def test_labels_beside_paths_read_per_item_are_still_said(tmp_path):
    # the samples are read per item: nothing bounds how many records the lists hold
    keep = "            self.samples.append(row['png'])"
    item = "torch.from_numpy(cv2.imread(self.samples[i])).float()"
    assert _workers_lines(tmp_path, imports="import cv2", keep=keep, item=item) != []
